import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ImportReport } from '../src/features/import/server/import-runs.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { startMemorySampler } from './process-memory.ts';
import { checkTarget, formatInteger, formatLimit, targets } from './targets.ts';
import { generateWordPressExport } from './wordpress-export.ts';

const repoRoot = join(import.meta.dirname, '..');
const megabyte = 1024 * 1024;

/** `BENCH_IMPORT_POSTS` makes a smaller export for a quick look; the target is for 10,000. */
function postCount(): number {
  const raw = process.env.BENCH_IMPORT_POSTS;
  const posts = raw === undefined || raw === '' ? 10_000 : Number(raw);
  if (!Number.isInteger(posts) || posts < 1) {
    throw new Error(`BENCH_IMPORT_POSTS must be a whole number ≥ 1, not "${raw}"`);
  }
  return posts;
}

/**
 * Issue 30, point 9: `npm run quire -- import-wordpress` of a made-up export of 10,000 posts
 * with two images each (20,000 real JPEGs in a local uploads folder), into an empty SQLite
 * site, as an operator runs it: the wall time, and the importing process's peak memory sampled
 * from /proc every 200 ms (Linux only).
 */
export const importWordPress: Benchmark = {
  name: 'importWordPress',
  needsSite: false,
  async run(context: BenchContext): Promise<BenchOutcome> {
    const posts = postCount();
    const folder = mkdtempSync(join(tmpdir(), 'quire-bench-import-'));
    try {
      context.log(`import: writing an export of ${formatInteger(posts)} posts and their images`);
      const made = await generateWordPressExport(folder, posts, 2);
      context.log('import: import-wordpress');
      const started = performance.now();
      const child = spawn(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          'src/cli/quire.ts',
          'import-wordpress',
          made.file,
          '--media',
          made.uploads,
          '--json',
        ],
        {
          cwd: repoRoot,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            DATA_DIR: join(folder, 'data'),
            DATABASE_URL: `sqlite:${join(folder, 'quire.db')}`,
            LOG_LEVEL: 'warn',
          },
        },
      );
      const stop = startMemorySampler(child.pid as number);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk).slice(-4000);
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      const seconds = (performance.now() - started) / 1000;
      const peak = stop();
      const problems: string[] = [];
      let report: ImportReport | undefined;
      try {
        report = JSON.parse(stdout) as ImportReport;
      } catch {
        problems.push(`import-wordpress printed no report (exit ${code}): ${stderr.trim()}`);
      }
      if (code !== 0) problems.push(`import-wordpress ended with ${code}: ${stderr.trim()}`);
      const counts = report?.counts ?? {};
      const imported = (kind: string) => counts[kind]?.imported ?? 0;
      if (imported('post') !== made.posts) {
        problems.push(`${imported('post')} of ${made.posts} posts imported`);
      }
      if (imported('attachment') !== made.images) {
        problems.push(`${imported('attachment')} of ${made.images} images imported`);
      }
      const memoryMb = peak.peakTotalBytes / megabyte;
      const checks =
        posts === 10_000
          ? [
              checkTarget(targets.wordPressImportTime, 'import-wordpress', seconds),
              checkTarget(targets.wordPressImportMemory, 'import-wordpress', memoryMb),
            ]
          : [];
      const limit = (target: (typeof checks)[number] | undefined) =>
        target ? formatLimit(target) : 'for 10,000 posts';
      return {
        results: {
          posts,
          images: made.images,
          seconds,
          peakMemoryBytes: peak.peakTotalBytes,
          counts,
        },
        detail: {
          title: 'WordPress import (local uploads folder, SQLite)',
          rows: [
            ['measure', 'value'],
            ['posts imported', formatInteger(imported('post'))],
            ['images imported', formatInteger(imported('attachment'))],
            ['redirects made', formatInteger(imported('redirect'))],
            ['wall time', `${seconds.toFixed(1)} s`],
            ['posts per second', formatInteger(imported('post') / seconds)],
            ['peak memory of the importing process', `${memoryMb.toFixed(1)} MB`],
          ],
          notes: [`${formatInteger(peak.samples)} memory samples`],
        },
        summary: [
          {
            subject: 'import-wordpress',
            metric: `${formatInteger(posts)} posts, ${formatInteger(made.images)} images: time`,
            value: `${seconds.toFixed(1)} s`,
            target: limit(checks[0]),
            pass: checks[0]?.pass,
          },
          {
            subject: 'import-wordpress',
            metric: 'peak memory',
            value: `${memoryMb.toFixed(1)} MB`,
            target: limit(checks[1]),
            pass: checks[1]?.pass,
          },
        ],
        checks,
        problems,
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
