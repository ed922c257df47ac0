import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import { hitParams, trackingParam } from '../src/features/stats/hit-params.ts';
import { connectDatabase } from '../src/platform/db/connect.ts';
import { signalGroupAndWait } from '../tests/support/process-group.ts';
import type { TestServer } from '../tests/support/test-server.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine } from './benchmark.ts';
import { type CpuUsage, startCpuMeter } from './cpu-usage.ts';
import { rateAndLatency } from './http-load.ts';
import { checkTarget, formatInteger, formatLimit, targets } from './targets.ts';

const connections = 100;
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const referrers = ['', 'https://www.search.example/', 'https://news.example/today', ''];

/**
 * One beacon hit as the browser sends it, with a sequence number in the title so every stored
 * row can be matched to its answer. The paths, referrers and campaigns vary as on a real site.
 */
function hitPath(prefix: string, sequence: number): string {
  const params = new URLSearchParams({
    [hitParams.random]: String(Math.floor(Math.random() * 1e12)),
    [hitParams.type]: 'pageview',
    [hitParams.path]: `/${prefix}/post-${sequence % 300}/`,
    [hitParams.referrer]: referrers[sequence % referrers.length] as string,
    [hitParams.title]: `${prefix} ${sequence}`,
    [hitParams.screenWidth]: '1920',
    [hitParams.screenHeight]: '1080',
    [hitParams.viewportWidth]: '1280',
    [hitParams.viewportHeight]: '720',
    [hitParams.charset]: 'UTF-8',
    [hitParams.colorDepth]: '24',
  });
  if (sequence % 10 === 0) {
    params.set('utm_source', 'newsletter');
    params.set('utm_medium', 'email');
    params.set('utm_campaign', `week-${sequence % 7}`);
  }
  return `/?${trackingParam}=1&${params}`;
}

async function sendHits(
  siteUrl: string,
  prefix: string,
  seconds: number,
): Promise<{ result: Result; answered: Set<number> }> {
  let sequence = 0;
  const answered = new Set<number>();
  const result: Result = await autocannon({
    url: siteUrl,
    connections,
    duration: seconds,
    timeout: 10,
    headers: { 'user-agent': chrome, accept: 'image/avif,image/webp,image/*,*/*;q=0.8' },
    requests: [
      {
        method: 'GET',
        setupRequest: (request, context) => {
          sequence += 1;
          context.sequence = sequence;
          return { ...request, path: hitPath(prefix, sequence) };
        },
        onResponse: (status, _body, context) => {
          if (status === 200) answered.add(context.sequence as number);
        },
      },
    ],
  });
  return { result, answered };
}

/** The sequence numbers of the hits stored under `prefix`, and the drop counts. */
async function readStored(
  site: TestServer,
  prefix: string,
): Promise<{ stored: Set<number>; drops: Record<string, number> }> {
  const database = connectDatabase({ kind: 'sqlite', file: join(site.dataDir, 'quire.db') });
  try {
    const rows = await database.db
      .selectFrom('stat_hits')
      .select('title')
      .where('title', 'like', `${prefix} %`)
      .execute();
    const stored = new Set(rows.map((row) => Number(row.title?.slice(prefix.length + 1))));
    const dropRows = await database.db.selectFrom('stat_drops').selectAll().execute();
    return { stored, drops: Object.fromEntries(dropRows.map((row) => [row.reason, row.count])) };
  } finally {
    await database.db.destroy();
  }
}

export type KilledRun = {
  /** Seconds of load before SIGKILL reached the site's whole process group. */
  killedAfterSeconds: number;
  answered: number;
  stored: number;
  /** Answered with the pixel before the kill, yet not in stat_hits: must be 0. */
  lost: number;
};

/**
 * The same load on another site, which is killed (SIGKILL to npm and every worker) while it
 * runs, as a crash or the OOM killer would: every hit answered before must be stored.
 */
async function killedRun(context: BenchContext, batchMs: number): Promise<KilledRun> {
  const site = await context.startSite({ STATS_BATCH_MS: String(batchMs) }, { via: 'npm' });
  const killedAfterSeconds = Math.max(2, Math.round(context.seconds / 2));
  context.log(`stats ingest: kill -9 after ${killedAfterSeconds} s of the same load`);
  // The load runs a second past the kill; its requests then fail at once.
  const sending = sendHits(site.url, 'killed', killedAfterSeconds + 1);
  await sleep(killedAfterSeconds * 1000);
  await signalGroupAndWait(site.processGroup as number, 'SIGKILL', { timeoutMs: 30_000 });
  const { answered } = await sending;
  const { stored } = await readStored(site, 'killed');
  const lost = [...answered].filter((sequence) => !stored.has(sequence)).length;
  return { killedAfterSeconds, answered: answered.size, stored: stored.size, lost };
}

export type IngestRun = {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  batchMs: number;
  /** Answered and found in stat_hits after the clean shutdown, per second of the run. */
  storedHitsPerSecond: number;
  requestsPerSecond: { average: number; stddev: number; min: number; max: number };
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number };
  requestsSent: number;
  answered: number;
  stored: number;
  lost: number;
  storedWithoutAnswer: number;
  drops: Record<string, number>;
  non2xx: number;
  errors: number;
  shutdownMs: number;
  cpuPercentOfOneCore: CpuUsage;
  killed: KilledRun;
};

/**
 * Page-view hits under 100 concurrent connections against the production defaults (one worker
 * per core, SQLite, 1 s batch window). The site is then shut down cleanly (SIGTERM) and every
 * answered hit is looked up in `stat_hits` by the sequence number it carried.
 */
export const statsIngest: Benchmark = {
  name: 'statsIngest',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const batchMs = 1000;
    const site = await context.startSite({ STATS_BATCH_MS: String(batchMs) });
    const warmupSeconds = Math.min(3, Math.max(1, Math.round(context.seconds / 5)));
    await sendHits(site.url, 'warm', warmupSeconds);
    await sleep(500);
    context.log(`stats ingest: ${connections} connections, ${context.seconds} s`);
    const cpuUsage = startCpuMeter();
    const { result, answered } = await sendHits(site.url, 'bench', context.seconds);
    const cpu = cpuUsage();
    const shutdownStarted = Date.now();
    await site.shutDown();
    const shutdownMs = Date.now() - shutdownStarted;

    const { stored, drops } = await readStored(site, 'bench');
    const killed = await killedRun(context, batchMs);
    const lost = [...answered].filter((sequence) => !stored.has(sequence)).length;
    const run: IngestRun = {
      connections,
      seconds: result.duration,
      warmupSeconds,
      batchMs,
      storedHitsPerSecond: (answered.size - lost) / result.duration,
      ...rateAndLatency(result),
      requestsSent: result.requests.sent,
      answered: answered.size,
      stored: stored.size,
      lost,
      storedWithoutAnswer: [...stored].filter((sequence) => !answered.has(sequence)).length,
      drops,
      non2xx: result.non2xx,
      errors: result.errors,
      shutdownMs,
      cpuPercentOfOneCore: cpu,
      killed,
    };
    context.log(
      `      ${formatInteger(run.storedHitsPerSecond)} hits/s stored, p99 ${run.latencyMs.p99} ms, ${run.lost} lost, ${run.non2xx} non-2xx, ${run.errors} errors; ${killed.lost} of ${killed.answered} lost to kill -9`,
    );

    const subject = 'GET /?qstat=1 · sqlite';
    const throughput = checkTarget(targets.statsHitThroughput, subject, run.storedHitsPerSecond);
    const lostCheck = checkTarget(targets.lostStatsHits, subject, run.lost);
    const clean = checkTarget(targets.cleanLoadRun, subject, run.errors + run.non2xx);
    const killedCheck = checkTarget(targets.lostStatsHitsAfterKill, subject, killed.lost);
    const checks = [throughput, lostCheck, clean, killedCheck];
    const result_ = (pass: boolean) => (pass ? 'PASS' : 'FAIL');
    const summary: SummaryLine[] = [
      {
        subject,
        metric: 'hits/s answered and stored',
        value: formatInteger(run.storedHitsPerSecond),
        target: formatLimit(throughput),
        pass: throughput.pass,
      },
      { subject, metric: 'latency p99', value: `${run.latencyMs.p99} ms` },
      {
        subject,
        metric: 'lost after clean shutdown',
        value: formatInteger(run.lost),
        target: formatLimit(lostCheck),
        pass: lostCheck.pass,
      },
      {
        subject,
        metric: 'answered, lost to kill -9',
        value: formatInteger(killed.lost),
        target: formatLimit(killedCheck),
        pass: killedCheck.pass,
      },
      {
        subject,
        metric: 'non-2xx / errors',
        value: `${run.non2xx} / ${run.errors}`,
        target: formatLimit(clean),
        pass: clean.pass,
      },
    ];
    const cores = cpus().length;
    const cpuText = [cpu.client, cpu.server, cpu.others]
      .map((value) => (value === undefined ? '–' : String(value)))
      .join(' / ');
    const problems: string[] = [];
    if (Object.keys(run.drops).length > 0) {
      problems.push(`stats ingest: bench hits were dropped: ${JSON.stringify(run.drops)}`);
    }
    if (run.storedWithoutAnswer > connections) {
      problems.push(
        `stats ingest: ${run.storedWithoutAnswer} hits stored without an answer, more than the ${connections} that can be in flight when the run stops`,
      );
    }
    return {
      results: { client: 'autocannon in the benchmark process', cores, run },
      detail: {
        title: `Stats ingest — GET /?qstat=1, autocannon, ${connections} connections, ${context.seconds} s after a ${warmupSeconds} s warm-up, SQLite`,
        rows: [
          ['measure', 'value', 'target', 'result'],
          [
            'hits/s answered and stored',
            formatInteger(run.storedHitsPerSecond),
            formatLimit(throughput),
            result_(throughput.pass),
          ],
          [
            'answers/s avg (min–max)',
            `${formatInteger(run.requestsPerSecond.average)} (${formatInteger(run.requestsPerSecond.min)}–${formatInteger(run.requestsPerSecond.max)})`,
            '',
            '',
          ],
          [
            'latency p50 / p90 / p99 / max',
            `${run.latencyMs.p50} / ${run.latencyMs.p90} / ${run.latencyMs.p99} / ${run.latencyMs.max} ms`,
            '',
            '',
          ],
          ['requests sent / answered 200', `${run.requestsSent} / ${run.answered}`, '', ''],
          ['stored (found by sequence)', formatInteger(run.stored), '', ''],
          [
            'lost (answered, not stored)',
            formatInteger(run.lost),
            formatLimit(lostCheck),
            result_(lostCheck.pass),
          ],
          ['stored, unanswered at stop', formatInteger(run.storedWithoutAnswer), '', ''],
          [
            'non-2xx / errors',
            `${run.non2xx} / ${run.errors}`,
            formatLimit(clean),
            result_(clean.pass),
          ],
          ['clean shutdown took', `${run.shutdownMs} ms`, '', ''],
          [
            `kill -9 after ${killed.killedAfterSeconds} s: answered / lost`,
            `${formatInteger(killed.answered)} / ${formatInteger(killed.lost)}`,
            formatLimit(killedCheck),
            result_(killedCheck.pass),
          ],
          ['CPU client / server / other %', cpuText, '', ''],
        ],
        notes: [
          `Site: production defaults (WEB_CONCURRENCY=auto), SQLite, STATS_BATCH_MS=${batchMs}.`,
          'Each hit is what the beacon sends (path among 300, referrer, screen and viewport, charset, colour depth; one in ten with UTM), with a Chrome user agent and a sequence number in its title.',
          'After the run the site gets SIGTERM; once it has exited, every answered sequence number is looked up in stat_hits. "lost" must be 0: the last batch is written on shutdown.',
          'Then another site gets the same load and is killed (SIGKILL to its process group) halfway; every hit answered before the kill must be in stat_hits, as a hit is answered only once stored (decision 0045).',
          `The load generator and the server share the same ${cores} cores; CPU in percent of one core.`,
        ],
      },
      summary,
      checks,
      problems,
    };
  },
};
