import { builtBeacon, builtBeaconFile, inlinedBeacon } from '../tests/support/built-beacon.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, formatKilobytes, formatLimit, targets } from './targets.ts';

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
