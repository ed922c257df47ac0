import { parseArgs } from 'node:util';
import { isoDay } from '../features/stats/stat-days.ts';
import {
  lastDaysQuery,
  maxPeriodDays,
  parseStatsQuery,
  type StatsFilters,
  type StatsQuery,
  StatsQueryError,
  type StatsQueryInput,
} from '../features/stats/stats-query.ts';
import { UsageError } from './usage-error.ts';

export const defaultReportDays = 30;

export type StatsCommand =
  | { action: 'report'; query: StatsQuery; format: 'text' | 'json' }
  | { action: 'fold' };

const wholeNumber = /^\d{1,9}$/;

function parseOptions(args: string[]) {
  try {
    return parseArgs({
      args,
      options: {
        days: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        limit: { type: 'string' },
        format: { type: 'string' },
        filter: { type: 'string', multiple: true },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // parseArgs names the option it refused; its first sentence says it ("Unknown option '--day'.").
    const message = error instanceof Error ? error.message : String(error);
    throw new UsageError(`stats: ${message.split(/(?<=\.) /)[0]}`);
  }
}

/** `--filter NAME=VALUE`, repeated: every filter once; the query's schema checks the names. */
function parseFilters(texts: string[] | undefined): StatsFilters | undefined {
  if (texts === undefined) return undefined;
  const filters: Record<string, string> = {};
  for (const text of texts) {
    const equals = text.indexOf('=');
    if (equals < 1) {
      throw new UsageError(
        `--filter is NAME=VALUE (page=/about/, referrer=example.com), not "${text}".`,
      );
    }
    const name = text.slice(0, equals);
    if (Object.hasOwn(filters, name)) {
      throw new UsageError(`--filter ${name} is given twice: give each filter once.`);
    }
    filters[name] = text.slice(equals + 1);
  }
  return filters as StatsFilters;
}

/**
 * `stats [--days N | --from YYYY-MM-DD [--to YYYY-MM-DD]] [--limit N] [--filter NAME=VALUE …]
 * [--format text|json]`
 * and `stats fold`. `today` is the UTC day the relative periods end on. Every mistake is a
 * UsageError that says what to write instead.
 */
export function parseStatsArguments(args: string[], today: number): StatsCommand {
  const { values, positionals } = parseOptions(args);
  const [action, ...extra] = positionals;
  if (action === 'fold') {
    if (extra.length > 0 || Object.keys(values).length > 0) {
      throw new UsageError('stats fold takes no arguments.');
    }
    return { action: 'fold' };
  }
  if (action !== undefined) {
    throw new UsageError(`Unknown stats action "${action}": use stats [options] or stats fold.`);
  }

  const format = values.format ?? 'text';
  if (format !== 'text' && format !== 'json') {
    throw new UsageError(`--format is text or json, not "${format}".`);
  }
  let limit: number | undefined;
  if (values.limit !== undefined) {
    if (!wholeNumber.test(values.limit)) {
      throw new UsageError(`--limit must be a whole number, not "${values.limit}".`);
    }
    limit = Number(values.limit);
  }
  const filters = parseFilters(values.filter);
  const extras = {
    ...(limit === undefined ? {} : { limit }),
    ...(filters === undefined ? {} : { filters }),
  };

  let input: StatsQueryInput;
  if (values.days !== undefined) {
    if (values.from !== undefined || values.to !== undefined) {
      throw new UsageError('Give either --days or --from (with or without --to), not both.');
    }
    const days = Number(values.days);
    if (!wholeNumber.test(values.days) || days < 1 || days > maxPeriodDays) {
      throw new UsageError(
        `--days must be a whole number from 1 to ${maxPeriodDays}, not "${values.days}".`,
      );
    }
    input = lastDaysQuery(today, days, limit, filters);
  } else if (values.from !== undefined) {
    input = {
      from: values.from,
      to: values.to ?? isoDay(today),
      ...extras,
    };
  } else if (values.to !== undefined) {
    throw new UsageError('--to needs --from: give the first day of the period too.');
  } else {
    input = lastDaysQuery(today, defaultReportDays, limit, filters);
  }

  try {
    return { action: 'report', query: parseStatsQuery(input), format };
  } catch (error) {
    if (error instanceof StatsQueryError) throw new UsageError(error.message);
    throw error;
  }
}
