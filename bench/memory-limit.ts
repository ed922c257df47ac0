import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { smallMachineMegabytes } from '../tests/support/budgets.ts';
import { createMemoryCgroup, type MemoryCgroup } from '../tests/support/memory-cgroup.ts';
import { serverEntry } from '../tests/support/server-entry.ts';
import { freePort } from '../tests/support/test-server.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine } from './benchmark.ts';
import { type FixedRateResult, fixedRateLoad } from './fixed-rate-load.ts';
import { startMemorySampler } from './process-memory.ts';
import { type ClientRun, loadRun } from './static-reference.ts';
import { checkTarget, formatInteger, formatLimit, type TargetCheck, targets } from './targets.ts';

const megabyte = 1024 * 1024;
/** The limits the site is run in; undefined is none. */
const limitsMb = [undefined, 512, smallMachineMegabytes] as const;
const fixedRate = 40;

type Serving = {
  url: string;
  group: number;
  planLine: string | undefined;
  stop: () => Promise<void>;
};

/**
 * Starts the built site as production does (`node dist/front/main.mjs`, its own workers), every
 * process of it inside `cgroup` when given: a shell joins the group and then becomes Node.
 */
async function startServing(
  dataDir: string,
  env: Record<string, string>,
  cgroup: MemoryCgroup | undefined,
): Promise<Serving> {
  const port = await freePort();
  const joinGroup = cgroup ? `echo $$ > '${cgroup.procsFile}' && ` : '';
  const child: ChildProcess = spawn(
    '/bin/sh',
    [
      '-c',
      `${joinGroup}exec "$0" "$@"`,
      process.execPath,
      '--disable-warning=ExperimentalWarning',
      serverEntry,
    ],
    {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: `sqlite:${join(dataDir, 'quire.db')}`,
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: 'auto',
        ...env,
      },
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The site exited while starting:\n${output}`);
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error(`The site did not start within 60 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const group = child.pid!;
  return {
    url,
    group,
    planLine: /Memory: [^\n]*/.exec(output)?.[0],
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

async function runAtLimit(
  context: BenchContext,
  dataDir: string,
  postUrlPath: string,
  limitMb: number | undefined,
): Promise<LimitRun | string> {
  let cgroup: MemoryCgroup | undefined;
  if (limitMb !== undefined) {
    const made = createMemoryCgroup(`quire-bench-${process.pid}-${limitMb}`, limitMb * megabyte);
    if (typeof made === 'string') return made;
    cgroup = made;
  }
  try {
    context.log(`memory limit ${limitMb ?? 'none'}: cached post`);
    const cachedSite = await startServing(dataDir, {}, cgroup);
    let cached: ClientRun;
    try {
      await fetch(`${cachedSite.url}${postUrlPath}`).then((answer) => answer.arrayBuffer());
      cached = await loadRun(`${cachedSite.url}${postUrlPath}`, context.seconds, 50);
    } finally {
      await cachedSite.stop();
    }
    context.log(`memory limit ${limitMb ?? 'none'}: uncached post, then ${fixedRate} views/s`);
    const uncachedSite = await startServing(dataDir, { CACHE_MAX_MB: '0' }, cgroup);
    try {
      const uncached = await loadRun(`${uncachedSite.url}${postUrlPath}`, context.seconds, 20);
      const sampler = startMemorySampler(uncachedSite.group);
      const fixed = await fixedRateLoad(
        `${uncachedSite.url}${postUrlPath}`,
        fixedRate,
        context.seconds,
      );
      const peak = sampler();
      return {
        limitMb,
        cgroupVersion: cgroup?.version,
        plan: uncachedSite.planLine,
        cached,
        uncached,
        fixed,
        oomKills: cgroup?.oomKills() ?? 0,
        peakGroupMb:
          cgroup?.peakBytes() === undefined
            ? undefined
            : Math.round(cgroup.peakBytes()! / megabyte),
        peakPssMb: Math.round(peak.peakTotalBytes / megabyte),
      };
    } finally {
      await uncachedSite.stop();
    }
  } finally {
    cgroup?.remove();
  }
}

/**
 * The site in a small machine (issue 31, decision 0068): every process of it inside one memory
 * cgroup of 512 and then 256 MB, and without a limit for comparison, under a cached and an
 * uncached load of the post (wrk, or autocannon) and a fixed 40 uncached views a second. Counts
 * the kernel's OOM kills in the group and every failed answer. Linux as root only: skipped with
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
      const runs: LimitRun[] = [];
      for (const limitMb of limitsMb) {
        const run = await runAtLimit(context, dataDir, post.path, limitMb);
        if (typeof run === 'string') {
          return {
            results: { skipped: run, runs },
            detail: { title: 'Memory limits — skipped', rows: [[run]], notes: [] },
            summary: [],
            checks: [],
            problems: [`No memory cgroup could be made, so the limits were not measured: ${run}`],
          };
        }
        runs.push(run);
      }
      return outcome(runs, post.path);
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
        `cached: ${free.cached.client}, 50 connections; uncached: 20 connections, page cache off (CACHE_MAX_MB=0)`,
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
