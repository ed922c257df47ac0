import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { type SpawnedSite, spawnBuiltSite } from '../tests/support/built-site.ts';
import { freePort } from '../tests/support/test-server.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine } from './benchmark.ts';
import { median } from './median.ts';
import { checkTarget, formatLimit, type TargetCheck, targets } from './targets.ts';

const tries = 3;

const spawnSite = (dataDir: string, port: number): SpawnedSite =>
  spawnBuiltSite(dataDir, port, {}, { detached: true });

/** Milliseconds from now until `path` answers 200. */
async function untilAnswered(url: string, startedAt: number): Promise<number> {
  for (;;) {
    try {
      const answer = await fetch(url);
      await answer.arrayBuffer();
      if (answer.ok) return Math.round(performance.now() - startedAt);
    } catch {
      // Not listening yet.
    }
    if (performance.now() - startedAt > 60_000) throw new Error(`${url} did not answer in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function stopSite(site: SpawnedSite, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (site.child.exitCode !== null || site.child.signalCode !== null) return;
  const exited = new Promise((resolve) => site.child.once('exit', resolve));
  process.kill(-site.child.pid!, signal);
  await exited;
}

/** The worker processes of a primary, from /proc. */
function workersOf(primary: number): number[] {
  try {
    return readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

/**
 * Start-up (issue 31, point 5): how long the built site takes from its process starting to the
 * first answer of a post, cold; after the whole site is killed with SIGKILL under load and
 * started again at once; and, with the site under load, from one worker's SIGKILL to its
 * replacement serving (the primary logs it). Medians of three.
 */
export const startUp: Benchmark = {
  name: 'startUp',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const post = context.pages.find((page) => page.name === 'post');
    if (!post) throw new Error('No post page');
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-start-up-'));
    const cold: number[] = [];
    const afterKill: number[] = [];
    const workerReplaced: number[] = [];
    try {
      const port = await freePort();
      const postUrl = (site: SpawnedSite) => `${site.url}${post.path}`;
      // The first start migrates and seeds; what is measured is a start on a site that exists.
      const seeding = spawnSite(dataDir, port);
      await untilAnswered(postUrl(seeding), performance.now());
      await stopSite(seeding);
      for (let attempt = 0; attempt < tries; attempt++) {
        const startedAt = performance.now();
        const site = spawnSite(dataDir, port);
        cold.push(await untilAnswered(postUrl(site), startedAt));
        await stopSite(site);
      }
      context.log('start-up: the whole site killed under load, started again');
      for (let attempt = 0; attempt < tries; attempt++) {
        const site = spawnSite(dataDir, port);
        await untilAnswered(postUrl(site), performance.now());
        const load = autocannon({ url: postUrl(site), connections: 20, duration: 4 });
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await stopSite(site, 'SIGKILL');
        const startedAt = performance.now();
        const again = spawnSite(dataDir, port);
        afterKill.push(await untilAnswered(postUrl(again), startedAt));
        await load;
        await stopSite(again);
      }
      context.log('start-up: one worker killed under load');
      const site = spawnSite(dataDir, port);
      await untilAnswered(postUrl(site), performance.now());
      try {
        for (let attempt = 0; attempt < tries; attempt++) {
          // A worker that ran less than 10 s is replaced only after a second (a crash loop).
          await new Promise((resolve) => setTimeout(resolve, 10_500));
          const load = autocannon({ url: postUrl(site), connections: 20, duration: 5 });
          await new Promise((resolve) => setTimeout(resolve, 1000));
          const [victim] = workersOf(site.child.pid!);
          if (victim === undefined) throw new Error('No worker to kill');
          const before = site.output().length;
          const killedAt = performance.now();
          process.kill(victim, 'SIGKILL');
          for (;;) {
            if (/is serving in place of the one that stopped/.test(site.output().slice(before)))
              break;
            if (performance.now() - killedAt > 60_000)
              throw new Error('No worker replaced it in 60 s');
            await new Promise((resolve) => setTimeout(resolve, 10));
          }
          workerReplaced.push(Math.round(performance.now() - killedAt));
          await load;
        }
      } finally {
        await stopSite(site);
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const figures = [
      { subject: 'cold start → first answer', values: cold },
      { subject: 'site killed under load → first answer of its new start', values: afterKill },
      { subject: 'worker killed under load → its replacement serving', values: workerReplaced },
    ];
    const checks: TargetCheck[] = figures.map(({ subject, values }) =>
      checkTarget(targets.restartToFirstAnswer, subject, median(values)),
    );
    const summary: SummaryLine[] = checks.map((check, index) => ({
      subject: check.subject,
      metric: 'ms, median of three',
      value: `${check.measured} ms (${figures[index]!.values.join(', ')})`,
      target: formatLimit(check),
      pass: check.pass,
    }));
    return {
      results: { coldMs: cold, afterKillMs: afterKill, workerReplacedMs: workerReplaced },
      detail: {
        title: 'Start-up — the built site, default workers, SQLite demo site already seeded',
        rows: [
          ['what', 'ms (each try)', 'median'],
          ...figures.map(({ subject, values }) => [
            subject,
            values.join(', '),
            String(median(values)),
          ]),
        ],
        notes: ['Under load: autocannon, 20 connections, on the post.'],
      },
      summary,
      checks,
      problems: [],
    };
  },
};
