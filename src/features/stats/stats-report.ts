import type { UtmParam } from './hit-params.ts';
import type { StatsFilters } from './stats-query.ts';

/**
 * What `statsReport` answers (src/features/stats/server/reports.ts); isomorphic so the admin
 * can render it. Days are UTC dates `YYYY-MM-DD`. "Visitors" over several days is the sum of
 * each day's unique visitors (docs/stats.md): no visitor is followed from one day to the next.
 */
export type StatsReport = {
  period: { from: string; to: string; days: number };
  /** The filters the hits were narrowed by ({} for all hits). */
  filters: StatsFilters;
  totals: StatsTotals;
  /** Every day of the period in order, days without hits included. */
  daily: DailyFigures[];
  pages: PageRow[];
  /** `host: null` is page views without an outside referrer: typed in, bookmarked or internal. */
  referrers: ReferrerRow[];
  utm: Record<UtmParam, ValueRow[]>;
  /** Which advertising click id the visit's address carried (`gclid`, `fbclid`, …). */
  clickIds: ValueRow[];
  events: EventRow[];
  /** `WIDTHxHEIGHT` of the visitor's screen, in CSS pixels. */
  screens: ValueRow[];
  /** Hits the ingest refused, by reason (none in a filtered report: they carry no values). */
  drops: DropRow[];
};

export type StatsTotals = { pageViews: number; visitors: number; events: number };

export type DailyFigures = { date: string; pageViews: number; visitors: number; events: number };

export type ValueRow = { value: string; views: number; visitors: number };

/** `title` is the title most page views of the path carried in the period. */
export type PageRow = { path: string; title: string | null; views: number; visitors: number };

export type ReferrerRow = { host: string | null; views: number; visitors: number };

export type EventRow = {
  category: string;
  action: string;
  label: string | null;
  count: number;
  visitors: number;
  /** Sum of the events' values (events sent without a value count as 0). */
  valueTotal: number;
};

export type DropRow = { reason: string; count: number };
