import { z } from 'zod';
import { hitLimits, utmParams } from './hit-params.ts';
import { statsMessages } from './messages.ts';
import { isoDay, parseIsoDay } from './stat-days.ts';

/** The longest period a report covers: three years, one of them a leap year. */
export const maxPeriodDays = 3 * 365 + 1;
export const defaultReportLimit = 10;
export const maxReportLimit = 1000;

/**
 * What a report can be narrowed to: the hits whose column has this value. `referrer` '' is page
 * views without an outside referrer; `screen` is `WIDTHxHEIGHT`; an event is its category, action
 * and label ('' for none), each a filter of its own. Every top list's row is one (or, for an
 * event, three) of these.
 */
export const statsFilterNames = [
  'page',
  'referrer',
  ...utmParams,
  'click_id',
  'screen',
  'event_category',
  'event_action',
  'event_label',
] as const;

export type StatsFilterName = (typeof statsFilterNames)[number];
export type StatsFilters = Partial<Record<StatsFilterName, string>>;

/** The longest filter value taken: the longest value a hit stores (a path, hitLimits). */
const maxFilterLength = hitLimits.path;

const filtersSchema = z
  .record(z.string(), z.string().max(maxFilterLength, statsMessages.filterTooLong(maxFilterLength)))
  .check((context) => {
    for (const name of Object.keys(context.value)) {
      if (!(statsFilterNames as readonly string[]).includes(name)) {
        context.issues.push({
          code: 'custom',
          input: name,
          message: statsMessages.unknownFilter(name, statsFilterNames),
        });
      }
    }
  })
  .transform((filters) => filters as StatsFilters)
  .default({});

const dateMessage = (name: string, input: unknown) =>
  input === undefined
    ? statsMessages.missingDate(name)
    : statsMessages.notADate(name, String(input));

const isoDate = (name: string) =>
  z
    .string({ error: (issue) => dateMessage(name, issue.input) })
    .refine((value) => parseIsoDay(value) !== undefined, {
      error: (issue) => dateMessage(name, issue.input),
    });

/**
 * What a report is asked for: a period of whole UTC days, both ends included, and how many rows
 * each top list shows, and the filters narrowing the hits. The CLI and the admin's statistics
 * screen parse their input with it.
 */
export const statsQuerySchema = z
  .object({
    from: isoDate('from'),
    to: isoDate('to'),
    limit: z
      .number({ error: statsMessages.badLimit(maxReportLimit) })
      .int(statsMessages.badLimit(maxReportLimit))
      .min(1, statsMessages.badLimit(maxReportLimit))
      .max(maxReportLimit, statsMessages.badLimit(maxReportLimit))
      .default(defaultReportLimit),
    filters: filtersSchema,
  })
  .transform((query, context) => {
    const fromDay = parseIsoDay(query.from) as number;
    const toDay = parseIsoDay(query.to) as number;
    if (fromDay > toDay) {
      context.addIssue({
        code: 'custom',
        message: statsMessages.fromAfterTo(query.from, query.to),
      });
      return z.NEVER;
    }
    const days = toDay - fromDay + 1;
    if (days > maxPeriodDays) {
      context.addIssue({
        code: 'custom',
        message: statsMessages.periodTooLong(days, maxPeriodDays),
      });
      return z.NEVER;
    }
    // Filters in one order, so the same filters always make the same query and report.
    const filters: StatsFilters = {};
    for (const name of statsFilterNames) {
      const value = query.filters[name];
      if (value !== undefined) filters[name] = value;
    }
    return {
      from: isoDay(fromDay),
      to: isoDay(toDay),
      fromDay,
      toDay,
      days,
      limit: query.limit,
      filters,
    };
  });

export type StatsQueryInput = z.input<typeof statsQuerySchema>;
export type StatsQuery = z.output<typeof statsQuerySchema>;

/** A report was asked for with a bad period or limit; the message says what to change. */
export class StatsQueryError extends Error {}

/** Parses a report query or throws a StatsQueryError naming every problem. */
export function parseStatsQuery(input: unknown): StatsQuery {
  const parsed = statsQuerySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw new StatsQueryError(parsed.error.issues.map((issue) => issue.message).join(' '));
}

/** The last `days` days up to and including `today`. */
export function lastDaysQuery(
  today: number,
  days: number,
  limit?: number,
  filters?: StatsFilters,
): StatsQueryInput {
  return {
    from: isoDay(today - days + 1),
    to: isoDay(today),
    ...(limit === undefined ? {} : { limit }),
    ...(filters === undefined ? {} : { filters }),
  };
}

/** Whether a query narrows the hits at all. */
export function isFiltered(query: StatsQuery): boolean {
  return Object.keys(query.filters).length > 0;
}
