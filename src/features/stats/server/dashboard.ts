import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import { previousPeriod } from '../stats-period.ts';
import { parseStatsQuery, type StatsQueryInput } from '../stats-query.ts';
import type { StatsReport, StatsTotals } from '../stats-report.ts';
import { statsReport, statsTotals } from './reports.ts';

/** What the admin's statistics screen shows: the CLI's report and the period before's totals. */
export type StatsDashboard = {
  report: StatsReport;
  /** The same number of days just before, with the same filters; none before 1970. */
  previous: { from: string; to: string; totals: StatsTotals } | undefined;
};

/**
 * The statistics screen's figures: `statsReport` for the query, exactly what
 * `npm run quire -- stats` prints for the same period and filters, and the totals of the
 * period before it. Throws a StatsQueryError for a bad period or filter.
 */
export async function statsDashboard(
  database: DatabaseHandle,
  input: StatsQueryInput,
): Promise<StatsDashboard> {
  const query = parseStatsQuery(input);
  const before = previousPeriod(query.from, query.to, query.filters);
  const [report, previousTotals] = await Promise.all([
    statsReport(database, input),
    before ? statsTotals(database, before) : undefined,
  ]);
  return {
    report,
    previous:
      before && previousTotals
        ? { from: String(before.from), to: String(before.to), totals: previousTotals }
        : undefined,
  };
}
