import { isoDay, parseIsoDay } from './stat-days.ts';
import {
  lastDaysQuery,
  type StatsFilters,
  type StatsQueryInput,
  statsFilterNames,
} from './stats-query.ts';

/** The periods the admin's statistics screen offers; `30d` is the CLI's default too. */
export const statsPeriods = ['today', '7d', '30d', 'month', 'custom'] as const;
export type StatsPeriod = (typeof statsPeriods)[number];
export const defaultStatsPeriod: StatsPeriod = '30d';

/** What the statistics screen's address asks for: period, custom dates and filters. */
export type StatsScreenRequest = {
  period: StatsPeriod;
  /** The custom period's dates as typed (kept when wrong, to be corrected). */
  from: string;
  to: string;
  filters: StatsFilters;
  /** What `statsReport` is asked: the same input the CLI builds for the same period. */
  query: StatsQueryInput;
};

const lastDays: Partial<Record<StatsPeriod, number>> = { today: 1, '7d': 7, '30d': 30 };

/**
 * Reads the screen's query parameters (`period`, `from`, `to` and a parameter per filter) into
 * the report's input, with `today` the site's calendar day, as the CLI does: `7d` is
 * `stats --days 7`, `month` is `stats --from <the 1st>`, `custom` is `stats --from --to`. Unknown
 * parameters are ignored; a wrong date is left for the query's schema to name.
 */
export function readStatsRequest(params: URLSearchParams, today: number): StatsScreenRequest {
  const asked = params.get('period') ?? '';
  const period = (statsPeriods as readonly string[]).includes(asked)
    ? (asked as StatsPeriod)
    : defaultStatsPeriod;
  const filters: StatsFilters = {};
  for (const name of statsFilterNames) {
    const value = params.get(name);
    if (value !== null) filters[name] = value;
  }
  const days = lastDays[period];
  if (days !== undefined) {
    const query = lastDaysQuery(today, days, undefined, filters);
    return { period, from: query.from, to: query.to, filters, query };
  }
  if (period === 'month') {
    const first = `${isoDay(today).slice(0, 8)}01`;
    const query = { from: first, to: isoDay(today), filters };
    return { period, from: query.from, to: query.to, filters, query };
  }
  const from = (params.get('from') ?? '').trim();
  const to = (params.get('to') ?? '').trim() || isoDay(today);
  return { period, from, to, filters, query: { from, to, filters } };
}

/**
 * The period of the same length just before `from`…`to` (parsed dates), for the comparison;
 * undefined when it would start before 1970-01-01.
 */
export function previousPeriod(
  from: string,
  to: string,
  filters: StatsFilters,
): StatsQueryInput | undefined {
  const fromDay = parseIsoDay(from) as number;
  const toDay = parseIsoDay(to) as number;
  const days = toDay - fromDay + 1;
  if (fromDay - days < 0) return undefined;
  return { from: isoDay(fromDay - days), to: isoDay(fromDay - 1), filters };
}

/**
 * The screen's address for a period and filters; `undefined` removes a filter. Only what differs
 * from the default is written, so addresses stay short.
 */
export function statsScreenHref(
  request: Pick<StatsScreenRequest, 'period' | 'from' | 'to' | 'filters'>,
  change: {
    period?: StatsPeriod;
    filters?: Partial<Record<keyof StatsFilters, string | undefined>>;
  } = {},
): string {
  const period = change.period ?? request.period;
  const params = new URLSearchParams();
  if (period !== defaultStatsPeriod) params.set('period', period);
  if (period === 'custom') {
    params.set('from', request.from);
    params.set('to', request.to);
  }
  const filters = { ...request.filters, ...change.filters };
  for (const name of statsFilterNames) {
    const value = filters[name];
    if (value !== undefined) params.set(name, value);
  }
  const search = params.toString();
  return search ? `/admin/stats?${search}` : '/admin/stats';
}
