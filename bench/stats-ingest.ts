import { cpus } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon, { type Result } from 'autocannon';
import { hitParams, trackingParam } from '../src/features/stats/hit-params.ts';
import { connectDatabase } from '../src/platform/db/connect.ts';
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

    const database = connectDatabase({ kind: 'sqlite', file: join(site.dataDir, 'quire.db') });
    const stored = new Set<number>();
    let drops: Record<string, number>;
    try {
      const rows = await database.db
        .selectFrom('stat_hits')
        .select('title')
        .where('title', 'like', 'bench %')
        .execute();
      for (const row of rows) stored.add(Number(row.title?.slice('bench '.length)));
      const dropRows = await database.db.selectFrom('stat_drops').selectAll().execute();
      drops = Object.fromEntries(dropRows.map((row) => [row.reason, row.count]));
    } finally {
      await database.db.destroy();
    }
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
    };
    context.log(
      `      ${formatInteger(run.storedHitsPerSecond)} hits/s stored, p99 ${run.latencyMs.p99} ms, ${run.lost} lost, ${run.non2xx} non-2xx, ${run.errors} errors`,
    );

    const subject = 'GET /?qstat=1 · sqlite';
    const throughput = checkTarget(targets.statsHitThroughput, subject, run.storedHitsPerSecond);
    const lostCheck = checkTarget(targets.lostStatsHits, subject, run.lost);
    const clean = checkTarget(targets.cleanLoadRun, subject, run.errors + run.non2xx);
    const checks = [throughput, lostCheck, clean];
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
          ['CPU client / server / other %', cpuText, '', ''],
        ],
        notes: [
          `Site: production defaults (WEB_CONCURRENCY=auto), SQLite, STATS_BATCH_MS=${batchMs}.`,
          'Each hit is what the beacon sends (path among 300, referrer, screen and viewport, charset, colour depth; one in ten with UTM), with a Chrome user agent and a sequence number in its title.',
          'After the run the site gets SIGTERM; once it has exited, every answered sequence number is looked up in stat_hits. "lost" must be 0: the last batch is written on shutdown.',
          `The load generator and the server share the same ${cores} cores; CPU in percent of one core.`,
        ],
      },
      summary,
      checks,
      problems,
    };
  },
};
