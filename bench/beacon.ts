import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { builtBeaconPath } from '../src/features/stats/server/beacon-bundle.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { tags } from './client-scripts.ts';
import { checkTarget, formatKilobytes, formatLimit, targets } from './targets.ts';

/** Where `npm run build` writes the beacon it inlines into the pages (never served as a file). */
export const builtBeaconFile = join('dist', builtBeaconPath);

export type BeaconWeight = { code: string; bytes: number; gzipBytes: number };

/** The built beacon and its size as the budget counts it: the minified file, gzip -9. */
export function builtBeacon(): BeaconWeight {
  const code = readFileSync(builtBeaconFile, 'utf8');
  return {
    code,
    bytes: Buffer.byteLength(code),
    gzipBytes: gzipSync(code, { level: 9 }).byteLength,
  };
}

/** The beacon a page carries: the body of its inline script with the beacon's settings. */
export function inlinedBeacon(html: string): string | undefined {
  return tags(html, 'script').find((script) => script.attributes.has('data-visitor-id'))?.body;
}

/**
 * The qstat beacon's weight (decision 0018): inlined into every page while statistics are on, so
 * it costs bytes on every page rather than a request.
 */
export const beacon: Benchmark = {
  name: 'beacon',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const weight = builtBeacon();
    const check = checkTarget(targets.beaconJavaScript, 'qstat beacon', weight.gzipBytes);
    const post = context.pages.find((page) => page.name === 'post');
    const problems: string[] = [];
    if (post) {
      const html = await (await fetch(`${context.site.url}${post.path}`)).text();
      if (inlinedBeacon(html) !== weight.code) {
        problems.push(`${post.path} does not carry the built beacon inline`);
      }
    }
    return {
      results: { file: builtBeaconFile, bytes: weight.bytes, gzipBytes: weight.gzipBytes },
      detail: {
        title: 'qstat beacon — minified, gzip -9',
        rows: [
          ['file', 'bytes', 'gzip bytes', 'gzip KB'],
          [
            builtBeaconFile,
            String(weight.bytes),
            String(weight.gzipBytes),
            formatKilobytes(weight.gzipBytes),
          ],
        ],
        notes: [
          'Built by esbuild (astro.config.ts, stats/server/beacon-bundle.ts) and inlined into every page while statistics are on; no request of its own.',
        ],
      },
      summary: [
        {
          subject: 'qstat beacon',
          metric: 'minified, gzip -9',
          value: `${formatKilobytes(weight.gzipBytes)} (${weight.gzipBytes} B)`,
          target: formatLimit(check),
          pass: check.pass,
        },
      ],
      checks: [check],
      problems,
    };
  },
};
