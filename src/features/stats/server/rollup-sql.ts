import { type RawBuilder, sql } from 'kysely';
import { utmParams } from '../hit-params.ts';

/**
 * The daily rollup of raw hits, as SQL: one definition per dimension, used both to fold a
 * complete day into `stat_daily` (rollup.ts) and to compute the same rows live from the raw
 * hits of days not folded yet (reports.ts). Because both run this one query, a report gives
 * the same numbers before and after a day is folded.
 */

/**
 * Joins the parts of a composite value (an event's category, action and label; a page's path
 * and title). Each part has this character replaced by U+FFFD first, so it cannot occur inside
 * a part and splitting is never ambiguous, whatever a forged hit carries.
 */
export const rollupSeparator = '\u001f';
const separatorStandIn = '\ufffd';

export const rollupDimensions = [
  /** One row a day, value '': page views, and visitors with any hit that day. */
  'total',
  'page',
  /** Path, separator, title: which title a path's page views carried. */
  'page_title',
  /** Outside referrer's host; '' for page views without one (direct or internal). */
  'referrer',
  ...utmParams,
  'click_id',
  /** `WIDTHxHEIGHT`. */
  'screen',
  /** Category, separator, action, separator, label ('' when none); views = events. */
  'event',
] as const;

export type RollupDimension = (typeof rollupDimensions)[number];

export type RollupRow = {
  dimension: RollupDimension;
  day: number;
  value: string;
  views: number;
  visitors: number;
  value_total: number;
};

type DimensionSql = {
  /** The row's value: an expression over a stat_hits row. */
  value: RawBuilder<string>;
  /** The hits the dimension counts. */
  counts: RawBuilder<boolean>;
  /** 1 when the hit adds to `views`. */
  viewed: RawBuilder<number>;
  /** What the hit adds to `value_total`. */
  amount: RawBuilder<number>;
};

const pageview = sql<boolean>`type = 'pageview'`;
const one = sql<number>`1`;
const zero = sql<number>`0`;

const part = (column: string) =>
  sql<string>`replace(coalesce(${sql.ref(column)}, ''), ${sql.lit(rollupSeparator)}, ${sql.lit(separatorStandIn)})`;
const joined = (columns: string[]) =>
  sql.join(columns.map(part), sql` || ${sql.lit(rollupSeparator)} || `) as RawBuilder<string>;
const presentText = (column: string) =>
  sql<boolean>`${sql.ref(column)} is not null and ${sql.ref(column)} <> ''`;

const pageViewsBy = (value: RawBuilder<string>, present?: RawBuilder<boolean>): DimensionSql => ({
  value,
  counts: present ? sql<boolean>`${pageview} and ${present}` : pageview,
  viewed: one,
  amount: zero,
});

const dimensionSql: Record<RollupDimension, DimensionSql> = {
  total: {
    value: sql<string>`''`,
    counts: sql<boolean>`1 = 1`,
    viewed: sql<number>`case when ${pageview} then 1 else 0 end`,
    amount: zero,
  },
  page: pageViewsBy(sql.ref('path') as RawBuilder<string>),
  page_title: pageViewsBy(joined(['path', 'title']), presentText('title')),
  referrer: pageViewsBy(sql<string>`coalesce(referrer_host, '')`),
  utm_source: pageViewsBy(sql.ref('utm_source') as RawBuilder<string>, presentText('utm_source')),
  utm_medium: pageViewsBy(sql.ref('utm_medium') as RawBuilder<string>, presentText('utm_medium')),
  utm_campaign: pageViewsBy(
    sql.ref('utm_campaign') as RawBuilder<string>,
    presentText('utm_campaign'),
  ),
  utm_term: pageViewsBy(sql.ref('utm_term') as RawBuilder<string>, presentText('utm_term')),
  utm_content: pageViewsBy(
    sql.ref('utm_content') as RawBuilder<string>,
    presentText('utm_content'),
  ),
  click_id: pageViewsBy(sql.ref('click_id') as RawBuilder<string>, presentText('click_id')),
  screen: pageViewsBy(
    sql<string>`cast(screen_width as text) || 'x' || cast(screen_height as text)`,
    sql<boolean>`screen_width is not null and screen_height is not null`,
  ),
  event: {
    value: joined(['event_category', 'event_action', 'event_label']),
    counts: sql<boolean>`type = 'event'`,
    viewed: one,
    amount: sql<number>`coalesce(event_value, 0)`,
  },
};

export type RollupSelectOptions = {
  /**
   * False leaves out the distinct visitors (0 instead), the costly part, for a caller that
   * reads only views; every other column is the same.
   */
  visitors?: boolean;
  /** Further narrows the hits, e.g. to some paths; a condition over stat_hits columns. */
  where?: RawBuilder<boolean>;
};

/**
 * The rollup rows of one dimension for the raw hits of the days `days` selects (a condition on
 * `day`): per day and value, the hits counted as views, the distinct visitors and the sum of
 * event values.
 */
export function rollupSelect(
  dimension: RollupDimension,
  days: RawBuilder<boolean>,
  options: RollupSelectOptions = {},
): RawBuilder<RollupRow> {
  const d = dimensionSql[dimension];
  const visitors = options.visitors === false ? sql`0` : sql`count(distinct visitor)`;
  return sql<RollupRow>`select ${sql.lit(dimension)} as dimension, day, value,
      sum(viewed) as views, ${visitors} as visitors, sum(amount) as value_total
    from (
      select day, ${d.value} as value, ${d.viewed} as viewed, ${d.amount} as amount, visitor
      from stat_hits where (${days}) and (${d.counts})${options.where ? sql` and (${options.where})` : sql``}
    ) hits
    group by day, value`;
}

/** The rows of several dimensions, as one `union all`. */
export function rollupSelectAll(
  dimensions: readonly RollupDimension[],
  days: RawBuilder<boolean>,
  options: RollupSelectOptions = {},
): RawBuilder<RollupRow> {
  return sql.join(
    dimensions.map((dimension) => rollupSelect(dimension, days, options)),
    sql` union all `,
  ) as RawBuilder<RollupRow>;
}

/** `(day between a and b or …)` over inclusive day ranges; false when there are none. */
export function dayInRanges(ranges: [number, number][], column = 'day'): RawBuilder<boolean> {
  if (ranges.length === 0) return sql<boolean>`1 = 0`;
  return sql<boolean>`(${sql.join(
    ranges.map(([first, last]) =>
      first === last
        ? sql`${sql.ref(column)} = ${first}`
        : sql`${sql.ref(column)} between ${first} and ${last}`,
    ),
    sql` or `,
  )})`;
}

/** Splits a composite value made with the separator. */
export function splitRollupValue(value: string): string[] {
  return value.split(rollupSeparator);
}
