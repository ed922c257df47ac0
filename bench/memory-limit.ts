import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { smallMachineMegabytes } from '../tests/support/budgets.ts';
import { spawnBuiltSite } from '../tests/support/built-site.ts';
import { createMemoryCgroup, type MemoryCgroup } from '../tests/support/memory-cgroup.ts';
import { freePort } from '../tests/support/test-server.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine } from './benchmark.ts';
import { type FixedRateResult, fixedRateLoad } from './fixed-rate-load.ts';
import { median } from './median.ts';
import { startMemorySampler } from './process-memory.ts';
import { type ClientRun, loadRun } from './static-reference.ts';
import { checkTarget, formatInteger, formatLimit, type TargetCheck, targets } from './targets.ts';

const megabyte = 1024 * 1024;
/** The limits the site is run in; undefined is none. */
const limitsMb = [undefined, 512, smallMachineMegabytes] as const;
const fixedRate = 40;
/** Interleaved rounds of each load; the medians are reported. */
const rounds = 3;
/**
 * A short load on each site before the timed rounds, so that no site's first round pays for its
 * code being compiled and its heap growing to size (short rounds measured the 256 MB site at 79 %
 * of the unconstrained one, long rounds at 94 %). Its failures count; its speed does not.
 */
const warmUpSeconds = 3;

type Serving = {
  url: string;
  group: number;
  planLine: string | undefined;
  stop: () => Promise<void>;
};

/** Starts the built site (every process inside `cgroup` when given) and waits for its answer. */
async function startServing(
  dataDir: string,
  env: Record<string, string>,
  cgroup: MemoryCgroup | undefined,
): Promise<Serving> {
  const port = await freePort();
  const { child, url, output } = spawnBuiltSite(dataDir, port, env, {
    cgroupProcsFile: cgroup?.procsFile,
    detached: true,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The site exited while starting:\n${output()}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The site did not start within 60 s:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const group = child.pid!;
  return {
    url,
    group,
    planLine: /Memory: [^\n]*/.exec(output())?.[0],
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-group, 'SIGTERM');
      await exited;
      // Workers end after the primary has answered what was in flight.
      for (
        let waited = 0;
        cgroup && cgroup.members().length > 0 && waited < 20_000;
        waited += 100
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

type LimitRun = {
  limitMb: number | undefined;
  cgroupVersion: 1 | 2 | undefined;
  plan: string | undefined;
  /** Medians of the interleaved rounds, with every round's failures. */
  cached: ClientRun;
  uncached: ClientRun;
  fixed: FixedRateResult;
  oomKills: number;
  peakGroupMb: number | undefined;
  peakPssMb: number;
};

function failuresOf(run: LimitRun): number {
  return run.cached.failures + run.uncached.failures + run.fixed.failed + run.fixed.skipped;
}

/** A limit to run in: its cgroup, or none for the unconstrained figures. */
type Limit = { limitMb: number | undefined; cgroup: MemoryCgroup | undefined };

/**
 * One load, the same for every limit, measured in interleaved rounds (a site per limit, all
 * started first) so that the shares hold however the machine's speed moves during the run.
 */
async function interleavedLoad(
  context: BenchContext,
  label: string,
  limits: Limit[],
  {
    dataDir,
    path,
    env,
    connections,
  }: { dataDir: string; path: string; env: Record<string, string>; connections: number },
): Promise<ClientRun[]> {
  const sites: Serving[] = [];
  try {
    for (const limit of limits) sites.push(await startServing(dataDir, env, limit.cgroup));
    // Each site's first answer renders (and for the cached load, fills its cache).
    for (const site of sites)
      await fetch(`${site.url}${path}`).then((answer) => answer.arrayBuffer());
    context.log(`${label}: warm-up, ${warmUpSeconds} s per limit`);
    const warmUps: ClientRun[] = [];
    for (const site of sites)
      warmUps.push(await loadRun(`${site.url}${path}`, warmUpSeconds, connections));
    const seconds = Math.max(5, Math.round(context.seconds / rounds));
    const runs: ClientRun[][] = limits.map(() => []);
    for (let round = 1; round <= rounds; round++) {
      context.log(`${label}: round ${round} of ${rounds}, ${seconds} s per limit`);
      for (const [index, site] of sites.entries()) {
        runs[index]!.push(await loadRun(`${site.url}${path}`, seconds, connections));
      }
    }
    return runs.map((list, index) => ({
      requestsPerSecond: median(list.map((run) => run.requestsPerSecond)),
      failures: [warmUps[index]!, ...list].reduce((sum, run) => sum + run.failures, 0),
      client: list[0]!.client,
    }));
  } finally {
    for (const site of sites) await site.stop();
  }
}

/**
 * The fixed 40 views a second on a site started for it (page cache off), with every process's
 * PSS sampled: the memory a site needs at that rate, apart from what a saturating load before
 * it left behind.
 */
async function fixedRateRun(
  context: BenchContext,
  limit: Limit,
  dataDir: string,
  path: string,
): Promise<{ fixed: FixedRateResult; peakPssMb: number; plan: string | undefined }> {
  context.log(`memory limit ${limit.limitMb ?? 'none'}: ${fixedRate} uncached views/s`);
  const site = await startServing(dataDir, { CACHE_MAX_MB: '0' }, limit.cgroup);
  try {
    const sampler = startMemorySampler(site.group);
    const fixed = await fixedRateLoad(`${site.url}${path}`, fixedRate, context.seconds);
    const peak = sampler();
    return { fixed, peakPssMb: Math.round(peak.peakTotalBytes / megabyte), plan: site.planLine };
  } finally {
    await site.stop();
  }
}

/**
 * The site in a small machine (issue 31, decision 0068): every process of it inside one memory
 * cgroup of 512 and then 256 MB, and without a limit for comparison, under a cached and an
 * uncached load of the post (wrk, or autocannon) and a fixed 40 uncached views a second. Counts
 * the kernel's OOM kills in the group and every failed answer. The cached and uncached loads run in
 * interleaved rounds, a site per limit; the fixed rate runs on a site started for it. Linux as root only: skipped with
 * the reason where no memory cgroup can be made.
 */
export const memoryLimit: Benchmark = {
  name: 'memoryLimit',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const post = context.pages.find((page) => page.name === 'post');
    if (!post) throw new Error('No post page to load');
    // The site's own database, seeded by the context's site: a copy made by starting once here.
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-memory-limit-'));
    try {
      const seeding = await startServing(dataDir, {}, undefined);
      await seeding.stop();
      const limits: Limit[] = [];
      try {
        for (const limitMb of limitsMb) {
          if (limitMb === undefined) {
            limits.push({ limitMb, cgroup: undefined });
            continue;
          }
          const made = createMemoryCgroup(
            `quire-bench-${process.pid}-${limitMb}`,
            limitMb * megabyte,
          );
          if (typeof made === 'string') {
            return {
              results: { skipped: made },
              detail: { title: 'Memory limits — skipped', rows: [[made]], notes: [] },
              summary: [],
              checks: [],
              problems: [
                `No memory cgroup could be made, so the limits were not measured: ${made}`,
              ],
            };
          }
          limits.push({ limitMb, cgroup: made });
        }
        const cached = await interleavedLoad(context, 'cached post', limits, {
          dataDir,
          path: post.path,
          env: {},
          connections: 50,
        });
        const uncached = await interleavedLoad(context, 'uncached post', limits, {
          dataDir,
          path: post.path,
          env: { CACHE_MAX_MB: '0' },
          connections: 20,
        });
        const runs: LimitRun[] = [];
        for (const [index, limit] of limits.entries()) {
          const { fixed, peakPssMb, plan } = await fixedRateRun(context, limit, dataDir, post.path);
          const peakBytes = limit.cgroup?.peakBytes();
          runs.push({
            limitMb: limit.limitMb,
            cgroupVersion: limit.cgroup?.version,
            plan,
            cached: cached[index]!,
            uncached: uncached[index]!,
            fixed,
            oomKills: limit.cgroup?.oomKills() ?? 0,
            peakGroupMb: peakBytes === undefined ? undefined : Math.round(peakBytes / megabyte),
            peakPssMb,
          });
        }
        return outcome(runs, post.path);
      } finally {
        for (const limit of limits) limit.cgroup?.remove();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

function outcome(runs: LimitRun[], path: string): BenchOutcome {
  const free = runs.find((run) => run.limitMb === undefined)!;
  const small = runs.find((run) => run.limitMb === smallMachineMegabytes)!;
  const share = (part: number, whole: number) => Math.round((part / whole) * 100);
  const checks: TargetCheck[] = [
    checkTarget(
      targets.smallMachineFailures,
      'OOM kills and failed answers in 256 MB',
      small.oomKills + failuresOf(small),
    ),
    checkTarget(
      targets.smallMachineUncached,
      `post ${path} · uncached in 256 MB`,
      share(small.uncached.requestsPerSecond, free.uncached.requestsPerSecond),
    ),
    checkTarget(
      targets.smallMachineCached,
      `post ${path} · cached in 256 MB`,
      share(small.cached.requestsPerSecond, free.cached.requestsPerSecond),
    ),
    checkTarget(
      targets.fortyViewsMemory,
      `${fixedRate} uncached views/s, no limit`,
      free.peakPssMb,
    ),
  ];
  const limitName = (run: LimitRun) =>
    run.limitMb === undefined ? 'none' : `${run.limitMb} MB (cgroup v${run.cgroupVersion})`;
  const summary: SummaryLine[] = checks.map((check) => ({
    subject: check.subject,
    metric:
      targets[
        Object.keys(targets).find(
          (name) => targets[name as keyof typeof targets].id === check.target,
        ) as keyof typeof targets
      ].description,
    value:
      check.unit === '%' ? `${check.measured}%` : `${formatInteger(check.measured)} ${check.unit}`,
    target: formatLimit(check),
    pass: check.pass,
  }));
  return {
    results: { runs },
    detail: {
      title: `The site inside a memory limit — post ${path}, every process in one cgroup`,
      rows: [
        [
          'limit',
          'cached req/s',
          'uncached req/s',
          `${fixedRate}/s answered`,
          'failed',
          'OOM kills',
          'group peak',
          'PSS peak at 40/s',
        ],
        ...runs.map((run) => [
          limitName(run),
          formatInteger(run.cached.requestsPerSecond),
          formatInteger(run.uncached.requestsPerSecond),
          `${run.fixed.answered}/${run.fixed.sent} (p99 ${run.fixed.latencyMs.p99} ms)`,
          String(failuresOf(run)),
          String(run.oomKills),
          run.peakGroupMb === undefined ? '—' : `${run.peakGroupMb} MB`,
          `${run.peakPssMb} MB`,
        ]),
      ],
      notes: [
        ...runs.map((run) => `${limitName(run)}: ${run.plan ?? 'no plan line logged'}`),
        `cached: ${free.cached.client}, 50 connections; uncached: 20 connections, page cache off (CACHE_MAX_MB=0); medians of ${rounds} rounds interleaved across the limits after a ${warmUpSeconds} s warm-up of each (its failures counted)`,
        `${fixedRate}/s: a site started for it, page cache off; PSS of every process, sampled`,
      ],
    },
    summary,
    checks,
    problems: runs
      .filter((run) => failuresOf(run) > 0 || run.oomKills > 0)
      .map(
        (run) => `${limitName(run)}: ${failuresOf(run)} failed answers, ${run.oomKills} OOM kills`,
      ),
  };
}
