import { type RawBuilder, sql } from 'kysely';
import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import { inByteOrder } from '../../../platform/db/dialect-sql.ts';
import { type UtmParam, utmParams } from '../hit-params.ts';
import { dayRanges, isoDay } from '../stat-days.ts';
import {
  isFiltered,
  parseStatsQuery,
  type StatsFilterName,
  type StatsQuery,
  type StatsQueryInput,
} from '../stats-query.ts';
import type {
  DailyFigures,
  EventRow,
  PageRow,
  StatsReport,
  StatsTotals,
  ValueRow,
} from '../stats-report.ts';
import {
  dayInRanges,
  type RollupDimension,
  type RollupRow,
  type RollupSelectOptions,
  rollupSelectAll,
  splitRollupValue,
} from './rollup-sql.ts';

/** Dimensions shown as top lists; `total` makes the daily series, `page_title` the titles. */
const listDimensions = [
  'page',
  'referrer',
  ...utmParams,
  'click_id',
  'screen',
  'event',
] as const satisfies readonly RollupDimension[];

/**
 * What each filter compares with its value: the same expressions the rollup's dimensions take
 * their values from (rollup-sql.ts), so a top list's row filters to exactly its hits.
 */
const filterColumns: Record<StatsFilterName, RawBuilder<string>> = {
  page: sql<string>`path`,
  referrer: sql<string>`coalesce(referrer_host, '')`,
  ...(Object.fromEntries(
    utmParams.map((param) => [param, sql<string>`coalesce(${sql.ref(param)}, '')`]),
  ) as Record<UtmParam, RawBuilder<string>>),
  click_id: sql<string>`coalesce(click_id, '')`,
  screen: sql<string>`cast(screen_width as text) || 'x' || cast(screen_height as text)`,
  event_category: sql<string>`coalesce(event_category, '')`,
  event_action: sql<string>`coalesce(event_action, '')`,
  event_label: sql<string>`coalesce(event_label, '')`,
};

/** The raw hits a filtered query counts: every filter holds. */
function filterCondition(query: StatsQuery): RawBuilder<boolean> | undefined {
  const conditions = Object.entries(query.filters).map(
    ([name, value]) => sql<boolean>`${filterColumns[name as StatsFilterName]} = ${value}`,
  );
  return conditions.length ? (sql.join(conditions, sql` and `) as RawBuilder<boolean>) : undefined;
}

/**
 * Where a report reads each day from: `stat_daily` for the folded days, the raw hits (through
 * the same rollup query the fold runs) for the others. The folded days are read once, before
 * the queries, and both sides are bounded by that list: a day folded while the report runs is
 * still read from its raw hits, never from both or neither. A filtered report reads every day
 * from the raw hits (the daily rollups keep each dimension on its own, so they cannot be
 * narrowed by another): days whose raw hits were deleted (STATS_RAW_DAYS) count nothing.
 */
type DaySources = {
  query: StatsQuery;
  unfolded: [number, number][];
  filter: RawBuilder<boolean> | undefined;
};

async function daySources(database: DatabaseHandle, query: StatsQuery): Promise<DaySources> {
  const filter = filterCondition(query);
  if (filter) return { query, unfolded: [[query.fromDay, query.toDay]], filter };
  const rows = await database.db
    .selectFrom('stat_rolled_days')
    .select('day')
    .where('day', '>=', query.fromDay)
    .where('day', '<=', query.toDay)
    .execute();
  const folded = new Set(rows.map((row) => Number(row.day)));
  const unfolded: number[] = [];
  for (let day = query.fromDay; day <= query.toDay; day++) {
    if (!folded.has(day)) unfolded.push(day);
  }
  return { query, unfolded: dayRanges(unfolded), filter };
}

/** Rollup rows of the period for these dimensions, folded and live together, day by day. */
function periodRows(
  sources: DaySources,
  dimensions: readonly RollupDimension[],
  live: RollupSelectOptions = {},
): RawBuilder<RollupRow> {
  const { query, unfolded, filter } = sources;
  if (filter) {
    const where = live.where ? sql<boolean>`(${live.where}) and (${filter})` : filter;
    return rollupSelectAll(dimensions, dayInRanges(unfolded), { ...live, where });
  }
  const stored = sql<RollupRow>`select dimension, day, value, views, visitors, value_total
    from stat_daily
    where dimension in (${sql.join(dimensions.map((dimension) => sql.lit(dimension)))})
      and day between ${query.fromDay} and ${query.toDay}
      ${unfolded.length ? sql`and not ${dayInRanges(unfolded)}` : sql``}`;
  if (unfolded.length === 0) return stored;
  return sql<RollupRow>`${stored} union all ${rollupSelectAll(dimensions, dayInRanges(unfolded), live)}`;
}

type ListDimension = (typeof listDimensions)[number];

type ListRow = { value: string; views: number; visitors: number; value_total: number };

/**
 * The top `limit` values of one dimension over the period, by views, then visitors, then
 * value in byte order (the same order on both databases).
 */
async function topList(
  database: DatabaseHandle,
  sources: DaySources,
  dimension: ListDimension,
): Promise<ListRow[]> {
  const { rows } = await sql<ListRow>`
    select value, sum(views) as views, sum(visitors) as visitors, sum(value_total) as value_total
    from (${periodRows(sources, [dimension])}) period_rows
    group by value
    order by views desc, visitors desc, ${inByteOrder(database.kind, 'value')}
    limit ${sources.query.limit}`.execute(database.db);
  return rows.map((row) => ({
    value: row.value,
    views: Number(row.views),
    visitors: Number(row.visitors),
    value_total: Number(row.value_total),
  }));
}

async function dailySeries(database: DatabaseHandle, sources: DaySources): Promise<DailyFigures[]> {
  const { rows } = await sql<{ day: number; dimension: string; views: number; visitors: number }>`
    select day, dimension, sum(views) as views, sum(visitors) as visitors
    from (${periodRows(sources, ['total', 'event'])}) period_rows
    group by day, dimension`.execute(database.db);
  const { fromDay, toDay } = sources.query;
  const series: DailyFigures[] = [];
  for (let day = fromDay; day <= toDay; day++) {
    series.push({ date: isoDay(day), pageViews: 0, visitors: 0, events: 0 });
  }
  for (const row of rows) {
    const figures = series[Number(row.day) - fromDay];
    if (!figures) continue;
    if (row.dimension === 'total') {
      figures.pageViews += Number(row.views);
      figures.visitors += Number(row.visitors);
    } else figures.events += Number(row.views);
  }
  return series;
}

/**
 * For each listed path, the title most of its page views in the period carried (ties: the
 * first in code unit order). Only views matter here, so the raw hits of unfolded days are
 * summed up without their distinct visitors, and only for these paths.
 */
async function pageTitles(
  database: DatabaseHandle,
  sources: DaySources,
  paths: Set<string>,
): Promise<Map<string, string>> {
  if (paths.size === 0) return new Map();
  const listedPaths = sql<boolean>`path in (${sql.join([...paths])})`;
  const { rows } = await sql<{ value: string; views: number }>`
    select value, sum(views) as views
    from (${periodRows(sources, ['page_title'], { visitors: false, where: listedPaths })}) period_rows
    group by value`.execute(database.db);
  const best = new Map<string, { title: string; views: number }>();
  for (const row of rows) {
    const [path = '', title = ''] = splitRollupValue(row.value);
    if (!paths.has(path)) continue;
    const views = Number(row.views);
    const current = best.get(path);
    if (!current || views > current.views || (views === current.views && title < current.title)) {
      best.set(path, { title, views });
    }
  }
  return new Map([...best].map(([path, { title }]) => [path, title]));
}

async function dropsByReason(database: DatabaseHandle, query: StatsQuery) {
  // A dropped hit is counted by reason only, never by what it carried: no filter matches it.
  if (isFiltered(query)) return [];
  const rows = await database.db
    .selectFrom('stat_drops')
    .select(['reason', (eb) => eb.fn.sum<number>('count').as('count')])
    .where('day', '>=', query.fromDay)
    .where('day', '<=', query.toDay)
    .groupBy('reason')
    .execute();
  return rows
    .map((row) => ({ reason: row.reason, count: Number(row.count) }))
    .sort((a, b) => b.count - a.count || (a.reason < b.reason ? -1 : a.reason > b.reason ? 1 : 0));
}

const valueRow = (row: ListRow): ValueRow => ({
  value: row.value,
  views: row.views,
  visitors: row.visitors,
});

function eventRow(row: ListRow): EventRow {
  const [category = '', action = '', label = ''] = splitRollupValue(row.value);
  return {
    category,
    action,
    label: label === '' ? null : label,
    count: row.views,
    visitors: row.visitors,
    valueTotal: row.value_total,
  };
}

function sumDays(daily: DailyFigures[]): StatsTotals {
  return {
    pageViews: daily.reduce((sum, day) => sum + day.pageViews, 0),
    visitors: daily.reduce((sum, day) => sum + day.visitors, 0),
    events: daily.reduce((sum, day) => sum + day.events, 0),
  };
}

/**
 * Only the totals of `statsReport` for the same query (its limit is not used), read the same
 * way: what the admin compares a period with.
 */
export async function statsTotals(
  database: DatabaseHandle,
  input: StatsQueryInput,
): Promise<StatsTotals> {
  const query = parseStatsQuery(input);
  return sumDays(await dailySeries(database, await daySources(database, query)));
}

/**
 * Page views, visitors and events over a period of whole days (both ends included), with
 * the daily series, the top pages, referrers, UTM values, click ids, events and screen sizes,
 * and the hits dropped by reason; narrowed by the query's filters, if any. Folded days come from
 * the daily rollups, the others from the raw hits through the same rollup query, so the numbers
 * do not change when a day is folded.
 * Throws a StatsQueryError for a bad period or limit.
 */
export async function statsReport(
  database: DatabaseHandle,
  input: StatsQueryInput,
): Promise<StatsReport> {
  const query = parseStatsQuery(input);
  const sources = await daySources(database, query);
  // One statement per list: node:sqlite runs each synchronously, and short ones let the
  // process serve requests in between; PostgreSQL runs them side by side.
  const [daily, drops, ...lists] = await Promise.all([
    dailySeries(database, sources),
    dropsByReason(database, query),
    ...listDimensions.map((dimension) => topList(database, sources, dimension)),
  ]);
  const listed = (dimension: ListDimension): ListRow[] =>
    lists[listDimensions.indexOf(dimension)] ?? [];
  const pages = listed('page');
  const titles = await pageTitles(database, sources, new Set(pages.map((row) => row.value)));
  const utm = Object.fromEntries(
    utmParams.map((param) => [param, listed(param).map(valueRow)]),
  ) as Record<UtmParam, ValueRow[]>;
  return {
    period: { from: query.from, to: query.to, days: query.days },
    filters: query.filters,
    totals: sumDays(daily),
    daily,
    pages: pages.map(
      (row): PageRow => ({
        path: row.value,
        title: titles.get(row.value) ?? null,
        views: row.views,
        visitors: row.visitors,
      }),
    ),
    referrers: listed('referrer').map((row) => ({
      host: row.value === '' ? null : row.value,
      views: row.views,
      visitors: row.visitors,
    })),
    utm,
    clickIds: listed('click_id').map(valueRow),
    events: listed('event').map(eventRow),
    screens: listed('screen').map(valueRow),
    drops,
  };
}
