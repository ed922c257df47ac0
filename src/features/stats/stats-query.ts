import { z } from 'zod';
import { statsMessages } from './messages.ts';
import { isoDay, parseIsoDay } from './stat-days.ts';

/** The longest period a report covers: three years, one of them a leap year. */
export const maxPeriodDays = 3 * 365 + 1;
export const defaultReportLimit = 10;
export const maxReportLimit = 1000;

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
 * each top list shows. The CLI and (later) the admin parse their input with it.
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
    return { from: isoDay(fromDay), to: isoDay(toDay), fromDay, toDay, days, limit: query.limit };
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
export function lastDaysQuery(today: number, days: number, limit?: number): StatsQueryInput {
  return {
    from: isoDay(today - days + 1),
    to: isoDay(today),
    ...(limit === undefined ? {} : { limit }),
  };
}
