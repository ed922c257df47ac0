// The admin's statistics screen and the CLI ask for the same periods: tested here, where both may be imported.
import { describe, expect, it } from 'vitest';
import { parseIsoDay } from '../features/stats/stat-days.ts';
import {
  previousPeriod,
  readStatsRequest,
  statsScreenHref,
} from '../features/stats/stats-period.ts';
import { parseStatsQuery } from '../features/stats/stats-query.ts';
import { parseStatsArguments } from './stats-arguments.ts';

const today = parseIsoDay('2026-11-22') as number;
const screen = (search: string) =>
  parseStatsQuery(readStatsRequest(new URLSearchParams(search), today).query);
const cli = (args: string[]) => {
  const command = parseStatsArguments(args, today);
  if (command.action !== 'report') throw new Error('not a report');
  return command.query;
};

describe('the statistics screen’s periods', () => {
  it('asks for exactly what the CLI asks for the same period and filters', () => {
    expect(screen('')).toEqual(cli([]));
    expect(screen('period=30d')).toEqual(cli(['--days', '30']));
    expect(screen('period=today')).toEqual(cli(['--days', '1']));
    expect(screen('period=7d&page=%2Fabout%2F')).toEqual(
      cli(['--days', '7', '--filter', 'page=/about/']),
    );
    expect(screen('period=month')).toEqual(cli(['--from', '2026-11-01']));
    expect(screen('period=custom&from=2026-01-05&to=2026-02-01&referrer=')).toEqual(
      cli(['--from', '2026-01-05', '--to', '2026-02-01', '--filter', 'referrer=']),
    );
    expect(screen('period=custom&from=2026-11-20')).toEqual(cli(['--from', '2026-11-20']));
    expect(screen('period=year&utm_term=x&unknown=1')).toEqual(cli(['--filter', 'utm_term=x']));
  });

  it('keeps a wrong custom date as typed, for the query to name', () => {
    const request = readStatsRequest(new URLSearchParams('period=custom&from=01/11/2026'), today);
    expect(request.from).toBe('01/11/2026');
    expect(() => parseStatsQuery(request.query)).toThrow('from must be a date written YYYY-MM-DD');
  });

  it('compares with as many days just before', () => {
    expect(previousPeriod('2026-11-01', '2026-11-30', {})).toEqual({
      from: '2026-10-02',
      to: '2026-10-31',
      filters: {},
    });
    expect(previousPeriod('2026-11-22', '2026-11-22', { page: '/' })).toEqual({
      from: '2026-11-21',
      to: '2026-11-21',
      filters: { page: '/' },
    });
    expect(previousPeriod('1970-01-01', '1970-01-02', {})).toBeUndefined();
  });

  it('writes short addresses that keep the period and the other filters', () => {
    const request = readStatsRequest(new URLSearchParams('period=7d&page=%2Fa+b%2F'), today);
    expect(statsScreenHref(request)).toBe('/admin/stats?period=7d&page=%2Fa+b%2F');
    expect(statsScreenHref(request, { period: '30d' })).toBe('/admin/stats?page=%2Fa+b%2F');
    expect(statsScreenHref(request, { filters: { page: undefined, referrer: '' } })).toBe(
      '/admin/stats?period=7d&referrer=',
    );
    const custom = readStatsRequest(
      new URLSearchParams('period=custom&from=2026-01-01&to=2026-01-31'),
      today,
    );
    expect(statsScreenHref(custom, { filters: { screen: '390x844' } })).toBe(
      '/admin/stats?period=custom&from=2026-01-01&to=2026-01-31&screen=390x844',
    );
  });
});
