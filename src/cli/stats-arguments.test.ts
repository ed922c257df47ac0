import { describe, expect, it } from 'vitest';
import { parseIsoDay } from '../features/stats/stat-days.ts';
import { parseStatsArguments } from './stats-arguments.ts';
import { UsageError } from './usage-error.ts';

const today = parseIsoDay('2026-11-22') as number;
const parse = (args: string[]) => parseStatsArguments(args, today);
const period = (args: string[]) => {
  const command = parse(args);
  if (command.action !== 'report') throw new Error('not a report');
  const { from, to, days, limit } = command.query;
  return { from, to, days, limit, format: command.format };
};
const refusal = (args: string[]) => {
  try {
    parse(args);
  } catch (error) {
    expect(error, args.join(' ')).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${args.join(' ')}`);
};

describe('quire stats arguments', () => {
  it('reports the last 30 days, today included, as text by default', () => {
    expect(period([])).toEqual({
      from: '2026-10-24',
      to: '2026-11-22',
      days: 30,
      limit: 10,
      format: 'text',
    });
  });

  it('takes the last N days, or a period from a day to another or to today', () => {
    expect(period(['--days', '1'])).toMatchObject({ from: '2026-11-22', to: '2026-11-22' });
    expect(period(['--days=7', '--limit', '25', '--format', 'json'])).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
      days: 7,
      limit: 25,
      format: 'json',
    });
    expect(period(['--from', '2026-01-01', '--to', '2026-01-31'])).toMatchObject({
      from: '2026-01-01',
      to: '2026-01-31',
      days: 31,
    });
    expect(period(['--from', '2026-11-01'])).toMatchObject({ to: '2026-11-22', days: 22 });
  });

  it('narrows the report by filters, each given once with a known name', () => {
    const command = parse([
      '--filter',
      'page=/about/',
      '--filter=referrer=',
      '--filter',
      'event_label=a=b',
    ]);
    if (command.action !== 'report') throw new Error('not a report');
    expect(command.query.filters).toEqual({ page: '/about/', referrer: '', event_label: 'a=b' });
    expect(period(['--days', '7', '--filter', 'screen=390x844'])).toMatchObject({ days: 7 });
    expect(refusal(['--filter', 'page'])).toContain('--filter is NAME=VALUE');
    expect(refusal(['--filter', 'page=/a', '--filter', 'page=/b'])).toContain('given twice');
    expect(refusal(['--filter', 'country=fr'])).toContain('There is no filter "country"');
  });

  it('folds on request, with nothing else', () => {
    expect(parse(['fold'])).toEqual({ action: 'fold' });
    expect(refusal(['fold', '--days', '3'])).toBe('stats fold takes no arguments.');
    expect(refusal(['fold', 'now'])).toBe('stats fold takes no arguments.');
  });

  it('refuses bad arguments with a message that says what to write', () => {
    expect(refusal(['--days', '0'])).toBe('--days must be a whole number from 1 to 1096, not "0".');
    expect(refusal(['--days', '1097'])).toContain('from 1 to 1096');
    expect(refusal(['--days', '3.5'])).toContain('not "3.5"');
    expect(refusal(['--days', '7', '--from', '2026-11-01'])).toBe(
      'Give either --days or --from (with or without --to), not both.',
    );
    expect(refusal(['--to', '2026-11-01'])).toBe(
      '--to needs --from: give the first day of the period too.',
    );
    expect(refusal(['--from', '2026-11-31'])).toBe(
      'from must be a date written YYYY-MM-DD from 1970-01-01 on, not "2026-11-31".',
    );
    expect(refusal(['--from', '2026-11-22', '--to', '2026-11-01'])).toContain(
      'starts after it ends',
    );
    expect(refusal(['--from', '2020-01-01'])).toContain('at most 1,096 days');
    expect(refusal(['--limit', 'ten'])).toBe('--limit must be a whole number, not "ten".');
    expect(refusal(['--limit', '0'])).toBe('The limit must be a whole number from 1 to 1000.');
    expect(refusal(['--format', 'csv'])).toBe('--format is text or json, not "csv".');
    expect(refusal(['--weeks', '2'])).toBe("stats: Unknown option '--weeks'.");
    expect(refusal(['--days'])).toContain("'--days <value>' argument missing");
    expect(refusal(['today'])).toBe(
      'Unknown stats action "today": use stats [options] or stats fold.',
    );
  });
});
