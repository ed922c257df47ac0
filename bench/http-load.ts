import { cpus } from 'node:os';
import autocannon, { type Result } from 'autocannon';
import type { BenchContext, Benchmark, BenchOutcome, BenchPage, SummaryLine } from './benchmark.ts';
import { type CpuUsage, startCpuMeter } from './cpu-usage.ts';
import {
  checkTarget,
  formatInteger,
  formatLimit,
  type Target,
  type TargetCheck,
  targets,
} from './targets.ts';

const connections = 50;
/** CPU used by other processes during a run, in percent of one core, that makes it suspect. */
const busyMachinePercent = 15;
/** What a browser sends; the cached front answers with its stored gzip copy. */
const requestHeaders = { 'accept-encoding': 'gzip, deflate, br' };

type CacheMode = 'cached' | 'uncached';

/** How the page answered two requests just before the run: shows what is being measured. */
type Preflight = {
  status: number;
  xCache: (string | null)[];
  contentEncoding: string | null;
  transferBytes: number | null;
};

/** The throughput and latency figures of an autocannon run, as the results file keeps them. */
export function rateAndLatency(result: Result) {
  return {
    requestsPerSecond: {
      average: result.requests.average,
      stddev: result.requests.stddev,
      min: result.requests.min,
      max: result.requests.max,
    },
    latencyMs: {
      average: result.latency.average,
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
  };
}

export type LoadRun = {
  page: string;
  path: string;
  cache: CacheMode;
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  requestsPerSecond: { average: number; stddev: number; min: number; max: number };
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  completedRequests: number;
  bytesPerSecond: number;
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
  errorMessages: Record<string, number>;
  preflight: Preflight;
  cpuPercentOfOneCore: CpuUsage;
  /** Server CPU per completed request (all its processes), in ms; undefined without /proc. */
  serverCpuMsPerRequest: number | undefined;
};

async function preflight(url: string, headers: Record<string, string>): Promise<Preflight> {
  const xCache: (string | null)[] = [];
  let last: Response | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    last = await fetch(url, { headers, redirect: 'manual' });
    await last.arrayBuffer();
    xCache.push(last.headers.get('x-cache'));
  }
  const length = last?.headers.get('content-length');
  return {
    status: last?.status ?? 0,
    xCache,
    contentEncoding: last?.headers.get('content-encoding') ?? null,
    transferBytes: length ? Number(length) : null,
  };
}

/** One load run on a page; `extraHeaders` go with every request (a cookie, say). */
export async function loadRun(
  baseUrl: string,
  page: BenchPage,
  cache: CacheMode,
  seconds: number,
  extraHeaders: Record<string, string> = {},
): Promise<LoadRun> {
  const url = `${baseUrl}${page.path}`;
  const headers = { ...requestHeaders, ...extraHeaders };
  const checked = await preflight(url, headers);
  const warmupSeconds = Math.min(3, Math.max(1, Math.round(seconds / 5)));
  const errorMessages: Record<string, number> = {};
  const options = { url, connections, headers, timeout: 10 };
  await autocannon({ ...options, duration: warmupSeconds });
  const cpuUsage = startCpuMeter();
  const instance = autocannon({ ...options, duration: seconds });
  instance.on('reqError', (error: Error) => {
    const message = error.message || String(error);
    errorMessages[message] = (errorMessages[message] ?? 0) + 1;
  });
  const result: Result = await instance;
  const cpu = cpuUsage();
  return {
    page: page.name,
    path: page.path,
    cache,
    url,
    connections,
    seconds: result.duration,
    warmupSeconds,
    ...rateAndLatency(result),
    completedRequests: result.requests.total,
    bytesPerSecond: result.throughput.average,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, stats]) => [code, stats.count]),
    ),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    errorMessages,
    preflight: checked,
    cpuPercentOfOneCore: cpu,
    serverCpuMsPerRequest:
      cpu.server === undefined || result.requests.total === 0
        ? undefined
        : Math.round(((cpu.server / 100) * result.duration * 1000 * 100) / result.requests.total) /
          100,
  };
}

/** Reasons a run's figures cannot be taken at face value. */
export function runProblems(run: LoadRun): string[] {
  const label = `${run.page} (${run.path}), ${run.cache}`;
  const problems: string[] = [];
  if (run.errors > 0 || run.non2xx > 0) {
    const messages = Object.entries(run.errorMessages)
      .map(([message, count]) => `${message} ×${count}`)
      .join('; ');
    problems.push(
      `${label}: ${run.errors} errors (${run.timeouts} timeouts), ${run.non2xx} non-2xx responses ${JSON.stringify(run.statusCodes)}${messages ? ` — ${messages}` : ''}`,
    );
  }
  if ((run.cpuPercentOfOneCore.others ?? 0) > busyMachinePercent) {
    problems.push(
      `${label}: other processes used ${run.cpuPercentOfOneCore.others}% of a core during the run, so the figures are low`,
    );
  }
  if (run.preflight.status !== 200) {
    problems.push(`${label}: answered ${run.preflight.status} before the run, not 200`);
  }
  const hit = run.preflight.xCache.at(-1) === 'HIT';
  if (run.cache === 'cached' && !hit) {
    problems.push(
      `${label}: the second request was not a page cache hit (X-Cache: ${run.preflight.xCache.join(', ')}), so "cached" measured rendering`,
    );
  }
  if (run.cache === 'uncached' && hit) {
    problems.push(`${label}: answered from the page cache although it was disabled`);
  }
  return problems;
}

function throughputTarget(cache: CacheMode): Target {
  return cache === 'cached' ? targets.cachedThroughput : targets.uncachedThroughput;
}

type RunChecks = { throughput: TargetCheck; clean: TargetCheck; cpu: TargetCheck | undefined };

function checkRun(run: LoadRun): RunChecks {
  const subject = `${run.page} ${run.path} · ${run.cache}`;
  return {
    throughput: checkTarget(throughputTarget(run.cache), subject, run.requestsPerSecond.average),
    clean: checkTarget(targets.cleanLoadRun, subject, run.errors + run.non2xx),
    cpu:
      run.cache === 'uncached' && run.serverCpuMsPerRequest !== undefined
        ? checkTarget(targets.uncachedViewCpu, subject, run.serverCpuMsPerRequest)
        : undefined,
  };
}

function summarize(runs: LoadRun[], checks: RunChecks[]): SummaryLine[] {
  return runs.flatMap((run, index) => {
    const { throughput, clean, cpu } = checks[index]!;
    const subject = `${run.page} ${run.path} · ${run.cache}`;
    return [
      {
        subject,
        metric: 'requests/s (average)',
        value: formatInteger(run.requestsPerSecond.average),
        target: formatLimit(throughput),
        pass: throughput.pass,
      },
      { subject, metric: 'latency p99', value: `${run.latencyMs.p99} ms` },
      ...(cpu
        ? [
            {
              subject,
              metric: 'server CPU per view',
              value: `${run.serverCpuMsPerRequest} ms`,
              target: formatLimit(cpu),
              pass: cpu.pass,
            },
          ]
        : []),
      {
        subject,
        metric: 'non-2xx / errors',
        value: `${run.non2xx} / ${run.errors}`,
        target: formatLimit(clean),
        pass: clean.pass,
      },
    ];
  });
}

function detailRows(runs: LoadRun[], checks: RunChecks[]): string[][] {
  return [
    [
      'page',
      'path',
      'cache',
      'req/s avg',
      'req/s min–max',
      'p50 ms',
      'p99 ms',
      'max ms',
      'requests',
      'KB/s',
      'non-2xx',
      'errors',
      'CPU client/server/other %',
      'server CPU ms/request',
      'result',
    ],
    ...runs.map((run, index) => {
      const { throughput, clean, cpu } = checks[index]!;
      const pass = throughput.pass && clean.pass && (cpu?.pass ?? true);
      return [
        run.page,
        run.path,
        run.cache,
        formatInteger(run.requestsPerSecond.average),
        `${formatInteger(run.requestsPerSecond.min)}–${formatInteger(run.requestsPerSecond.max)}`,
        String(run.latencyMs.p50),
        String(run.latencyMs.p99),
        String(run.latencyMs.max),
        formatInteger(run.completedRequests),
        formatInteger(run.bytesPerSecond / 1024),
        formatInteger(run.non2xx),
        formatInteger(run.errors),
        [
          run.cpuPercentOfOneCore.client,
          run.cpuPercentOfOneCore.server,
          run.cpuPercentOfOneCore.others,
        ]
          .map((value) => (value === undefined ? '–' : String(value)))
          .join(' / '),
        run.serverCpuMsPerRequest === undefined ? '–' : String(run.serverCpuMsPerRequest),
        pass ? 'PASS' : run.errors + run.non2xx > 0 ? 'FAIL (errors)' : 'FAIL',
      ];
    }),
  ];
}

/**
 * Requests per second and latency under 50 concurrent connections, with the page cache on
 * (the default site) and off (a second site with `CACHE_MAX_MB=0`, so every request
 * renders).
 */
export const httpLoad: Benchmark = {
  name: 'httpLoad',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const runs: LoadRun[] = [];
    const measure = async (baseUrl: string, cache: CacheMode) => {
      for (const page of context.pages) {
        context.log(
          `load: ${page.path} ${cache}, ${connections} connections, ${context.seconds} s`,
        );
        const run = await loadRun(baseUrl, page, cache, context.seconds);
        context.log(
          `      ${formatInteger(run.requestsPerSecond.average)} req/s, p99 ${run.latencyMs.p99} ms, ${run.non2xx} non-2xx, ${run.errors} errors`,
        );
        runs.push(run);
      }
    };

    await measure(context.site.url, 'cached');
    const uncachedSite = await context.startSite({ CACHE_MAX_MB: '0' });
    try {
      await measure(uncachedSite.url, 'uncached');
    } finally {
      await uncachedSite.stop();
    }

    const runChecks = runs.map(checkRun);
    const checks = runChecks.flatMap(({ throughput, clean, cpu }) =>
      cpu ? [throughput, clean, cpu] : [throughput, clean],
    );
    const cores = cpus().length;
    return {
      results: {
        connections,
        secondsPerRun: context.seconds,
        requestHeaders,
        client: 'autocannon in the benchmark process; the server is a child process',
        cores,
        runs,
      },
      detail: {
        title: `HTTP load — autocannon, ${connections} connections, ${context.seconds} s per run after a warm-up, Accept-Encoding: gzip, deflate, br (answered in br)`,
        rows: detailRows(runs, runChecks),
        notes: [
          `The load generator (this process) and the server (a child process) share the same ${cores} cores; a separate client machine would show higher figures.`,
          `CPU is in percent of one core (${cores} cores = ${cores * 100}%): client = autocannon in this process, server = the site's process, other = the rest of the machine. A client near 100% means the load generator, not the site, set the pace.`,
          'cached: default site (page cache on, content version re-read every 1 s); uncached: CACHE_MAX_MB=0, every request renders.',
        ],
      },
      summary: summarize(runs, runChecks),
      checks,
      problems: runs.flatMap(runProblems),
    };
  },
};
