import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { CompiledQuery } from 'kysely';
import { statsDashboard } from '../src/features/stats/server/dashboard.ts';
import { statsReport } from '../src/features/stats/server/reports.ts';
import { foldCompleteDays } from '../src/features/stats/server/rollup.ts';
import { dayMs, dayOf, dayStart, isoDay } from '../src/features/stats/stat-days.ts';
import type { StatsQueryInput } from '../src/features/stats/stats-query.ts';
import type { StatsReport } from '../src/features/stats/stats-report.ts';
import { connectDatabase, type DatabaseHandle } from '../src/platform/db/connect.ts';
import { migrateToLatest } from '../src/platform/db/migrate.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, formatInteger, formatLimit, targets } from './targets.ts';

const totalHits = 1_000_000;
const completeDays = 30;
const timedRuns = 9;
const rawRuns = 3;

/**
 * How much of a day's traffic today already has (today is never folded, so a report reads it
 * raw): 0.5 is the report at noon UTC, 1 the report just before midnight, its worst case.
 */
function todayShareFromEnvironment(): number {
  const raw = process.env.BENCH_STATS_TODAY_SHARE ?? '';
  if (raw === '') return 0.5;
  const share = Number(raw);
  if (!(share >= 0 && share <= 1)) {
    throw new Error(`BENCH_STATS_TODAY_SHARE must be a number from 0 to 1, not "${raw}"`);
  }
  return share;
}

/** mulberry32: a small seeded generator, so every run generates the same traffic. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks from `items` with the given weights (cumulative table, binary search). */
function weightedPicker<T>(items: readonly T[], weights: number[], random: () => number): () => T {
  const cumulative: number[] = [];
  let sum = 0;
  for (const weight of weights) {
    sum += weight;
    cumulative.push(sum);
  }
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if ((cumulative[middle] as number) < target) low = middle + 1;
      else high = middle;
    }
    return items[low] as T;
  };
}

/** Zipf-like weights 1/rank^s: a few popular items and a long tail. */
const zipf = (count: number, s: number) =>
  Array.from({ length: count }, (_, rank) => 1 / (rank + 1) ** s);

const columns = [
  'at',
  'day',
  'type',
  'path',
  'title',
  'referrer',
  'referrer_host',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'click_id',
  'screen_width',
  'screen_height',
  'viewport_width',
  'viewport_height',
  'charset',
  'color_depth',
  'event_category',
  'event_action',
  'event_label',
  'event_value',
  'visitor',
] as const;
type HitValues = (string | number | null)[];

const rowsPerInsert = 400;
const rowsPerTransaction = 100_000;

/** Collects hits and writes them with multi-row inserts (one prepared statement) in transactions. */
class HitWriter {
  readonly #database: DatabaseHandle;
  readonly #insert = `insert into stat_hits (${columns.join(', ')}) values ${Array.from(
    { length: rowsPerInsert },
    () => `(${columns.map(() => '?').join(', ')})`,
  ).join(', ')}`;
  #pending: HitValues[] = [];
  written = 0;

  constructor(database: DatabaseHandle) {
    this.#database = database;
  }

  async add(values: HitValues): Promise<void> {
    this.#pending.push(values);
    if (this.#pending.length >= rowsPerTransaction) await this.flush();
  }

  async flush(): Promise<void> {
    const rows = this.#pending;
    this.#pending = [];
    if (rows.length === 0) return;
    await this.#database.db.transaction().execute(async (trx) => {
      let i = 0;
      for (; i + rowsPerInsert <= rows.length; i += rowsPerInsert) {
        await trx.executeQuery(
          CompiledQuery.raw(this.#insert, rows.slice(i, i + rowsPerInsert).flat()),
        );
      }
      if (i < rows.length) {
        const rest = rows.slice(i);
        const statement = `insert into stat_hits (${columns.join(', ')}) values ${rest
          .map(() => `(${columns.map(() => '?').join(', ')})`)
          .join(', ')}`;
        await trx.executeQuery(CompiledQuery.raw(statement, rest.flat()));
      }
    });
    this.written += rows.length;
  }
}

type Generated = { hits: number; pageViews: number; events: number; todayHits: number };

/**
 * One million hits over the last 30 complete days and part of today: ~300 paths with a long
 * tail, ~40 referrer hosts (most visits direct), a few campaigns, click ids, ~15 screen sizes,
 * ~3 page views per visitor and day, ~5% events. Seeded, so the same on every run.
 */
async function generateHits(
  database: DatabaseHandle,
  now: number,
  todayShare: number,
): Promise<Generated> {
  const random = seededRandom(20261122);
  const today = dayOf(now);
  const paths = Array.from({ length: 300 }, (_, i) =>
    i === 0
      ? '/'
      : i < 12
        ? `/page-${i}/`
        : `/${2024 + (i % 3)}/${String((i % 12) + 1).padStart(2, '0')}/post-number-${i}/`,
  );
  const pickPath = weightedPicker(
    paths.map((_, i) => i),
    zipf(paths.length, 1.1),
    random,
  );
  const hosts = [
    'www.google.com',
    'duckduckgo.com',
    'www.bing.com',
    'news.ycombinator.com',
    'www.reddit.com',
    'mastodon.social',
    't.co',
    'www.facebook.com',
    'l.instagram.com',
    'lobste.rs',
    ...Array.from({ length: 30 }, (_, i) => `blog-${i + 1}.example.org`),
  ];
  const pickHost = weightedPicker(hosts, zipf(hosts.length, 1.2), random);
  const campaigns = [
    ['newsletter', 'email', 'november-digest'],
    ['newsletter', 'email', 'october-digest'],
    ['mastodon', 'social', 'launch'],
    ['twitter', 'social', 'launch'],
    ['google', 'cpc', 'bread-course'],
    ['google', 'cpc', 'winter-walks'],
    ['partner-blog', 'referral', 'guest-post'],
    ['facebook', 'paid-social', 'bread-course'],
  ] as const;
  const pickCampaign = weightedPicker(campaigns, zipf(campaigns.length, 0.8), random);
  const screens: [number, number][] = [
    [1920, 1080],
    [390, 844],
    [1366, 768],
    [1536, 864],
    [414, 896],
    [1440, 900],
    [375, 667],
    [1280, 800],
    [2560, 1440],
    [360, 800],
    [412, 915],
    [1280, 720],
    [768, 1024],
    [1600, 900],
    [820, 1180],
  ];
  const pickScreen = weightedPicker(screens, zipf(screens.length, 0.9), random);
  const clickIds = ['gclid', 'fbclid', 'msclkid'];
  const events = [
    ['video', 'play', 'intro'],
    ['video', 'complete', 'intro'],
    ['form', 'submit', 'contact'],
    ['outbound', 'click', 'github.com'],
    ['download', 'pdf', 'recipe-card'],
    ['share', 'copy-link', null],
    ['scroll', 'depth', '75%'],
  ] as const;
  const pickEvent = weightedPicker(events, zipf(events.length, 1), random);

  // Hits per day: weekdays busier than weekends; today only its share of a day.
  const days = Array.from({ length: completeDays + 1 }, (_, i) => today - completeDays + i);
  const weights = days.map((day) => {
    const weekday = new Date(dayStart(day)).getUTCDay();
    const weight = weekday === 0 || weekday === 6 ? 0.8 : 1.1;
    return day === today ? weight * todayShare : weight;
  });
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const targetsPerDay = weights.map((weight) => Math.floor((totalHits * weight) / weightSum));
  targetsPerDay[completeDays - 1] =
    (targetsPerDay[completeDays - 1] as number) +
    totalHits -
    targetsPerDay.reduce((a, b) => a + b, 0);

  const writer = new HitWriter(database);
  const generated: Generated = { hits: 0, pageViews: 0, events: 0, todayHits: 0 };
  for (const [index, day] of days.entries()) {
    const target = targetsPerDay[index] as number;
    const start = dayStart(day);
    // Today's hits happened between midnight and now.
    const span = day === today ? Math.max(1, now - start) : dayMs;
    let dayHits = 0;
    let visitorNumber = 0;
    while (dayHits < target) {
      visitorNumber++;
      const visitor = `${day.toString(36)}-${visitorNumber.toString(36)}-${Math.floor(random() * 1e9).toString(36)}`;
      // Page views per visit: geometric with mean 3.
      let pageViews = 1;
      while (random() < 2 / 3 && pageViews < 40) pageViews++;
      const host = random() < 0.45 ? pickHost() : null;
      const campaign = random() < 0.04 ? pickCampaign() : null;
      const clickId = random() < 0.02 ? (clickIds[Math.floor(random() * 3)] as string) : null;
      const [width, height] = random() < 0.97 ? pickScreen() : [null, null];
      const charset = 'UTF-8';
      let at = start + Math.floor(random() * span * 0.98);
      for (let p = 0; p < pageViews && dayHits < target; p++) {
        const pathIndex = pickPath();
        const path = paths[pathIndex] as string;
        const first = p === 0;
        await writer.add([
          at,
          day,
          'pageview',
          path,
          pathIndex === 0 ? 'Quire demo' : `Title of ${path}`,
          first && host ? `${host}/search` : null,
          first ? host : null,
          first && campaign ? campaign[0] : null,
          first && campaign ? campaign[1] : null,
          first && campaign ? campaign[2] : null,
          first && campaign && campaign[1] === 'cpc' ? 'sourdough starter' : null,
          first && campaign && campaign[0] === 'newsletter' ? 'header-link' : null,
          first ? clickId : null,
          width,
          height,
          width === null ? null : Math.min(width, 1400),
          height === null ? null : height - 120,
          charset,
          24,
          null,
          null,
          null,
          null,
          visitor,
        ]);
        dayHits++;
        generated.pageViews++;
        // ~5% of all hits are events: about one page view in 19 is followed by one.
        if (random() < 0.0526 && dayHits < target) {
          const [category, action, label] = pickEvent();
          await writer.add([
            at + 5000,
            day,
            'event',
            path,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            null,
            width,
            height,
            null,
            null,
            charset,
            24,
            category,
            action,
            label,
            category === 'scroll' ? 75 : category === 'form' ? 1 : null,
            visitor,
          ]);
          dayHits++;
          generated.events++;
        }
        at += 20_000 + Math.floor(random() * 90_000);
        if (at >= start + span) at = start + span - 1;
      }
    }
    generated.hits += dayHits;
    if (day === today) generated.todayHits = dayHits;
  }
  await writer.flush();
  return generated;
}

type Timing = { firstMs: number; medianMs: number; worstMs: number; runsMs: number[] };

async function timeReport(
  database: DatabaseHandle,
  query: StatsQueryInput,
  runs: number,
): Promise<{ timing: Timing; report: StatsReport }> {
  const runsMs: number[] = [];
  let report: StatsReport | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    report = await statsReport(database, query);
    runsMs.push(performance.now() - started);
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return {
    timing: {
      firstMs: runsMs[0] as number,
      medianMs: sorted[Math.floor(sorted.length / 2)] as number,
      worstMs: sorted.at(-1) as number,
      runsMs,
    },
    report: report as StatsReport,
  };
}

/** The admin's statistics screen's data (`statsDashboard`: the report and the period before's totals). */
async function timeDashboard(
  database: DatabaseHandle,
  query: StatsQueryInput,
  runs: number,
): Promise<{ timing: Timing; report: StatsReport }> {
  const runsMs: number[] = [];
  let report: StatsReport | undefined;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    report = (await statsDashboard(database, query)).report;
    runsMs.push(performance.now() - started);
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return {
    timing: {
      firstMs: runsMs[0] as number,
      medianMs: sorted[Math.floor(sorted.length / 2)] as number,
      worstMs: sorted.at(-1) as number,
      runsMs,
    },
    report: report as StatsReport,
  };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;
const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;

/**
 * The 30-day statistics report on a site with a million hits (SQLite, a fresh file): the 30
 * complete days folded as the maintenance loop folds them, today's hits still raw. Also times
 * the same report before folding, when everything is read raw, to show what the rollups save.
 */
export const statsReportBenchmark: Benchmark = {
  name: 'statsReport',
  needsSite: false,
  async run(context: BenchContext): Promise<BenchOutcome> {
    const todayShare = todayShareFromEnvironment();
    const dir = mkdtempSync(join(tmpdir(), 'quire-bench-stats-'));
    const database = connectDatabase({ kind: 'sqlite', file: join(dir, 'quire.db') });
    try {
      await migrateToLatest(database.db, database.kind);
      const now = Date.now();
      const today = dayOf(now);
      const query = { from: isoDay(today - completeDays + 1), to: isoDay(today), limit: 10 };

      context.log(`stats report: generating ${formatInteger(totalHits)} hits into SQLite`);
      let started = performance.now();
      const generated = await generateHits(database, now, todayShare);
      const generationMs = performance.now() - started;

      context.log(`stats report: timing the ${completeDays}-day report with nothing folded`);
      const raw = await timeReport(database, query, rawRuns);

      started = performance.now();
      const folded = await foldCompleteDays(database, { now });
      const foldMs = performance.now() - started;
      const rollupRows = await database.db
        .selectFrom('stat_daily')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .executeTakeFirstOrThrow();

      context.log(`stats report: timing the ${completeDays}-day report on the rollups`);
      const rolled = await timeReport(database, query, 1 + timedRuns);
      const sameReport = isDeepStrictEqual(raw.report, rolled.report);
      // The same length of period ending yesterday: rollups only, to show what today costs.
      const foldedOnly = await timeReport(
        database,
        { ...query, from: isoDay(today - completeDays), to: isoDay(today - 1) },
        1 + timedRuns,
      );

      context.log(`stats report: timing the admin's statistics screen's data, plain and filtered`);
      const dashboard = await timeDashboard(database, query, 1 + timedRuns);
      const sameAsCli = isDeepStrictEqual(dashboard.report, rolled.report);
      // Filtered by the busiest page: every day read from the raw hits (decision 0042).
      const topPage = rolled.report.pages[0]?.path ?? '/';
      const filtered = await timeDashboard(
        database,
        { ...query, filters: { page: topPage } },
        rawRuns,
      );
      const dashboardCheck = checkTarget(
        targets.statsDashboard30Days,
        `${completeDays}-day statistics screen, ${formatInteger(totalHits)} hits, SQLite`,
        dashboard.timing.medianMs,
      );

      const check = checkTarget(
        targets.statsReport30Days,
        `${completeDays}-day report, ${formatInteger(totalHits)} hits, SQLite`,
        rolled.timing.medianMs,
      );
      // Complete days of the period (all but today) that were not folded: only just after
      // midnight, while yesterday's last batch may still come, is yesterday one of them.
      const completeInPeriod = completeDays - 1;
      const unfoldedDays =
        completeInPeriod - folded.filter((day) => day.day > today - completeDays).length;
      const problems = [
        ...(sameReport ? [] : ['stats report: the report on the rollups differs from the raw one']),
        ...(sameAsCli
          ? []
          : ["stats report: the statistics screen's report differs from the CLI's"]),
        ...(generated.hits === totalHits
          ? []
          : [`stats report: generated ${generated.hits} hits instead of ${totalHits}`]),
      ];
      const results = {
        database: 'sqlite',
        hits: generated,
        todayShare,
        foldedDays: folded.length,
        foldedHits: folded.reduce((sum, day) => sum + day.hits, 0),
        rollupRows: Number(rollupRows.rows),
        generationMs,
        foldMs,
        rawReportMs: raw.timing,
        foldedOnlyReportMs: foldedOnly.timing,
        reportMs: rolled.timing,
        sameReport,
        dashboardMs: dashboard.timing,
        filteredDashboardMs: filtered.timing,
        filteredBy: { page: topPage, totals: filtered.report.totals },
        sameAsCli,
        report: { totals: rolled.report.totals, pages: rolled.report.pages.length },
      };
      context.log(
        `      report ${ms(rolled.timing.medianMs)} median, ${ms(rolled.timing.worstMs)} worst; all raw ${ms(raw.timing.medianMs)}`,
      );
      context.log(
        `      statistics screen ${ms(dashboard.timing.medianMs)} median, ${ms(dashboard.timing.worstMs)} worst; filtered by a page ${ms(filtered.timing.medianMs)} median`,
      );
      return {
        results,
        detail: {
          title: `Statistics report — ${completeDays} days + today, ${formatInteger(totalHits)} hits, SQLite, ${1 + timedRuns} runs`,
          rows: [
            ['measure', 'value', 'target', 'result'],
            [
              'generate hits (multi-row inserts)',
              `${seconds(generationMs)} (${formatInteger(totalHits / (generationMs / 1000))}/s)`,
              '',
              '',
            ],
            [
              'fold complete days',
              `${seconds(foldMs)} (${folded.length} days, ${formatInteger(Number(rollupRows.rows))} rows)`,
              '',
              '',
            ],
            ['report on rollups, first run', ms(rolled.timing.firstMs), '', ''],
            [
              `report on rollups, median of ${1 + timedRuns}`,
              ms(rolled.timing.medianMs),
              formatLimit(check),
              check.pass ? 'PASS' : 'FAIL',
            ],
            ['report on rollups, worst run', ms(rolled.timing.worstMs), '', ''],
            [
              'same length ending yesterday (rollups only), median',
              ms(foldedOnly.timing.medianMs),
              '',
              '',
            ],
            [
              'report all raw (nothing folded), median',
              `${ms(raw.timing.medianMs)} (first ${ms(raw.timing.firstMs)})`,
              '',
              '',
            ],
            ['same report raw and folded', sameReport ? 'yes' : 'NO', '', ''],
            [
              `statistics screen's data (report + period before), median of ${1 + timedRuns}`,
              `${ms(dashboard.timing.medianMs)} (first ${ms(dashboard.timing.firstMs)}, worst ${ms(dashboard.timing.worstMs)})`,
              formatLimit(dashboardCheck),
              dashboardCheck.pass ? 'PASS' : 'FAIL',
            ],
            [
              `statistics screen filtered by the top page (raw hits), median of ${rawRuns}`,
              `${ms(filtered.timing.medianMs)} (first ${ms(filtered.timing.firstMs)})`,
              '',
              '',
            ],
            ["statistics screen's report equal to the CLI's", sameAsCli ? 'yes' : 'NO', '', ''],
          ],
          notes: [
            `Hits: ${formatInteger(generated.pageViews)} page views and ${formatInteger(generated.events)} events over ${completeDays} complete days and today (${formatInteger(generated.todayHits)} hits, ${todayShare} of a day's traffic; BENCH_STATS_TODAY_SHARE=1 for the report just before midnight). ~300 paths (Zipf), 40 referrer hosts, 8 campaigns, 15 screen sizes, ~3 page views per visitor and day. Seeded: the same hits every run.`,
            `The report: statsReport over ${query.from} to ${query.to} (${completeDays} days, limit 10) — totals, daily series, top pages with titles, referrers, five UTM lists, click ids, events, screens, drops. ${unfoldedDays > 0 ? `${unfoldedDays} complete day(s) of the period were not folded yet (grace after midnight) and are read raw with today.` : 'Only today is read raw.'}`,
            `The target checks the median of ${1 + timedRuns} runs (the first, with a cold statement cache, included), which other processes on the shared cores disturb less than the worst run; first and worst are shown beside it.`,
          ],
        },
        summary: [
          {
            subject: `stats report ${completeDays} days, ${formatInteger(totalHits)} hits`,
            metric: 'median (first, worst)',
            value: `${ms(rolled.timing.medianMs)} (${ms(rolled.timing.firstMs)}, ${ms(rolled.timing.worstMs)})`,
            target: formatLimit(check),
            pass: check.pass,
          },
          {
            subject: `stats report ${completeDays} days, ${formatInteger(totalHits)} hits`,
            metric: 'all raw, median (information)',
            value: ms(raw.timing.medianMs),
          },
          {
            subject: `statistics screen ${completeDays} days, ${formatInteger(totalHits)} hits`,
            metric: 'median (first, worst)',
            value: `${ms(dashboard.timing.medianMs)} (${ms(dashboard.timing.firstMs)}, ${ms(dashboard.timing.worstMs)})`,
            target: formatLimit(dashboardCheck),
            pass: dashboardCheck.pass,
          },
          {
            subject: `statistics screen filtered by a page`,
            metric: 'median (information)',
            value: ms(filtered.timing.medianMs),
          },
          {
            subject: 'stats generation / fold',
            metric: `${formatInteger(totalHits)} hits / ${folded.length} days`,
            value: `${seconds(generationMs)} / ${seconds(foldMs)}`,
          },
        ],
        checks: [check, dashboardCheck],
        problems,
      };
    } finally {
      await database.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
