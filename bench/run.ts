import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../tests/support/test-server.ts';
import { adminEntries } from './admin-entries.ts';
import { adminWeight } from './admin-weight.ts';
import { beacon } from './beacon.ts';
import { benchPages } from './bench-pages.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine } from './benchmark.ts';
import { otherCpuLoad } from './cpu-usage.ts';
import { formFieldsWeight } from './form-fields-weight.ts';
import { formSubmissions } from './form-submissions.ts';
import { httpLoad } from './http-load.ts';
import { importWordPress, importWordPressServed } from './import-wordpress.ts';
import { madeUpSessionCookie } from './made-up-session.ts';
import { memoryLimit } from './memory-limit.ts';
import { pageWeight } from './page-weight.ts';
import { passwordBots } from './password-bots.ts';
import { serverMemory } from './server-memory.ts';
import { shareIsland } from './share-island.ts';
import { sideBySide } from './side-by-side.ts';
import { startUp } from './start-up.ts';
import { staticReference } from './static-reference.ts';
import { statsIngest } from './stats-ingest.ts';
import { statsReportBenchmark } from './stats-report.ts';
import type { TargetCheck } from './targets.ts';
import { renderTable } from './text-table.ts';

/** Run in this order; `BENCH_ONLY=httpLoad,pageWeight` picks some. */
const benchmarks: Benchmark[] = [
  pageWeight,
  adminWeight,
  shareIsland,
  beacon,
  httpLoad,
  madeUpSessionCookie,
  staticReference,
  sideBySide,
  serverMemory,
  memoryLimit,
  startUp,
  formFieldsWeight,
  formSubmissions,
  passwordBots,
  statsIngest,
  statsReportBenchmark,
  adminEntries,
  importWordPress,
  importWordPressServed,
];

/** Production settings where the test server differs (it re-reads the version always and runs one process). */
const siteDefaults = { CACHE_VERSION_CHECK_MS: '1000', LOG_LEVEL: 'warn', WEB_CONCURRENCY: 'auto' };

const repoRoot = join(import.meta.dirname, '..');
const resultsFile = join(repoRoot, 'bench', 'results', 'latest.json');

/**
 * autocannon's request timer (the retimer package) sometimes asks for a negative delay, which
 * Node 24 reports as a TimeoutNegativeWarning; it is harmless and would clutter the table.
 */
function hideTimerWarnings(): void {
  process.removeAllListeners('warning');
  process.on('warning', (warning) => {
    if (warning.name !== 'TimeoutNegativeWarning')
      console.warn(`${warning.name}: ${warning.message}`);
  });
}

function secondsPerRun(): number {
  const raw = process.env.BENCH_SECONDS;
  if (raw === undefined || raw === '') return 20;
  const seconds = Number(raw);
  if (!Number.isInteger(seconds) || seconds < 1) {
    throw new Error(`BENCH_SECONDS must be a whole number of seconds ≥ 1, not "${raw}"`);
  }
  return seconds;
}

function selectedBenchmarks(): Benchmark[] {
  const only = process.env.BENCH_ONLY?.split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (!only?.length) return benchmarks;
  const unknown = only.filter((name) => !benchmarks.some((benchmark) => benchmark.name === name));
  if (unknown.length) {
    throw new Error(
      `Unknown benchmark ${unknown.join(', ')}; known: ${benchmarks.map((b) => b.name).join(', ')}`,
    );
  }
  return benchmarks.filter((benchmark) => only.includes(benchmark.name));
}

function log(message: string): void {
  console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
}

function summaryTable(lines: SummaryLine[]): string {
  return renderTable({
    title: 'Summary',
    rows: [
      ['subject', 'metric', 'measured', 'target', 'result'],
      ...lines.map((line) => [
        line.subject,
        line.metric,
        line.value,
        line.target ?? '',
        line.pass === undefined ? '' : line.pass ? 'PASS' : 'FAIL',
      ]),
    ],
    notes: [],
  });
}

async function siteContext(
  startSite: BenchContext['startSite'],
  seconds: number,
): Promise<BenchContext> {
  const site = await startSite({});
  const pages = await benchPages(site.url);
  log(`site ${site.url}; pages ${pages.map((page) => page.path).join(', ')}`);
  return { site, pages, seconds, startSite, log };
}

/** For benchmarks that need no site (`needsSite: false`): no build, no server started. */
function withoutSite(startSite: BenchContext['startSite'], seconds: number): BenchContext {
  const noSite = (): never => {
    throw new Error('This benchmark runs without a site (needsSite: false)');
  };
  return {
    get site() {
      return noSite();
    },
    get pages() {
      return noSite();
    },
    seconds,
    startSite,
    log,
  };
}

async function main(): Promise<void> {
  process.chdir(repoRoot);
  hideTimerWarnings();
  const seconds = secondsPerRun();
  const selected = selectedBenchmarks();
  const startedAt = new Date();
  const quietCheck = await otherCpuLoad(1000);
  const environment = {
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryBytes: totalmem(),
    loadAverageAtStart: loadavg().map((value) => Number(value.toFixed(2))),
    otherCpuPercentAtStart: quietCheck.others,
    arrangement:
      'load generator and browser run in the benchmark process, the server in a child process, all on the same cores',
  };
  log(
    `Quire benchmarks: ${selected.map((b) => b.name).join(', ')}; ${seconds} s per load run; Node ${environment.node}; ${environment.cores} cores (${environment.cpu}); load average ${environment.loadAverageAtStart.join(' ')}; other processes ${quietCheck.others ?? '?'}% of a core`,
  );
  const busyBeforeStart =
    (quietCheck.others ?? 0) > 20
      ? [
          `Other processes used ${quietCheck.others}% of a core just before the start; run the benchmarks on a quiet machine.`,
        ]
      : [];

  const sites: TestServer[] = [];
  const startSite: BenchContext['startSite'] = async (env, options) => {
    const site = await startTestServer({ ...siteDefaults, ...env }, options);
    sites.push(site);
    return site;
  };
  const outcomes: Record<string, BenchOutcome> = {};
  const failures: string[] = [];
  try {
    const context = selected.some((benchmark) => benchmark.needsSite !== false)
      ? await siteContext(startSite, seconds)
      : withoutSite(startSite, seconds);
    for (const benchmark of selected) {
      try {
        const outcome = await benchmark.run(context);
        outcomes[benchmark.name] = outcome;
        console.log(`\n${renderTable(outcome.detail)}`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${benchmark.name} did not finish: ${message}`);
        log(`${benchmark.name} did not finish: ${error instanceof Error ? error.stack : message}`);
      }
    }
  } finally {
    for (const site of sites) await site.stop();
  }

  const all = Object.values(outcomes);
  const checks: TargetCheck[] = all.flatMap((outcome) => outcome.checks);
  const problems = [...busyBeforeStart, ...failures, ...all.flatMap((outcome) => outcome.problems)];
  const passed = failures.length === 0 && checks.every((check) => check.pass);
  const durationSeconds = Math.round((Date.now() - startedAt.getTime()) / 1000);

  mkdirSync(join(repoRoot, 'bench', 'results'), { recursive: true });
  writeFileSync(
    resultsFile,
    `${JSON.stringify(
      {
        startedAt: startedAt.toISOString(),
        durationSeconds,
        environment,
        settings: { secondsPerRun: seconds, benchmarks: selected.map((b) => b.name) },
        benchmarks: Object.fromEntries(
          Object.entries(outcomes).map(([name, outcome]) => [name, outcome.results]),
        ),
        checks,
        problems,
        passed,
      },
      null,
      2,
    )}\n`,
  );

  console.log(`\n${summaryTable(all.flatMap((outcome) => outcome.summary))}`);
  if (problems.length) {
    console.log('Problems (figures above may be unreliable):');
    for (const problem of problems) console.log(`  ! ${problem}`);
    console.log('');
  }
  const met = checks.filter((check) => check.pass).length;
  console.log(
    `${passed ? 'PASS' : 'FAIL'}: ${met} of ${checks.length} targets met${failures.length ? `, ${failures.length} benchmark(s) did not finish` : ''}. ` +
      `Client and server shared ${environment.cores} cores. ${durationSeconds} s. Results: ${resultsFile}`,
  );
  if (!passed) process.exitCode = 1;
}

await main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
