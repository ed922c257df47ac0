import { describe, expect, it } from 'vitest';
import {
  dayIn,
  dayOf,
  dayRanges,
  dayStart,
  foldGraceMs,
  isoDay,
  lastFoldableDay,
  parseIsoDay,
} from './stat-days.ts';
import { maxPeriodDays, parseStatsQuery, StatsQueryError } from './stats-query.ts';

const at = (iso: string) => Date.parse(iso);

describe('statistics days', () => {
  it('counts whole UTC days since 1970, as the ingest stores them', () => {
    expect(dayOf(0)).toBe(0);
    expect(dayOf(86_399_999)).toBe(0);
    expect(dayOf(86_400_000)).toBe(1);
    expect(dayOf(at('2026-11-22T00:00:00Z'))).toBe(20_779);
    expect(dayOf(at('2026-11-22T23:59:59.999Z'))).toBe(20_779);
    expect(dayStart(20_779)).toBe(at('2026-11-22T00:00:00Z'));
  });

  it('counts the calendar days of the site’s time zone', () => {
    // 23:30 UTC on 22 November is 23 November in Paris and still 22 November in New York.
    const late = at('2026-11-22T23:30:00Z');
    expect(dayIn(late, 'UTC')).toBe(20_779);
    expect(dayIn(late, 'Europe/Paris')).toBe(20_780);
    expect(dayIn(at('2026-11-23T03:00:00Z'), 'America/New_York')).toBe(20_779);
    // Folding waits for the zone's day to be over: Tokyo's 22 November ends at 15:00 UTC.
    expect(lastFoldableDay(at('2026-11-22T15:10:00Z'), foldGraceMs, 'Asia/Tokyo')).toBe(20_779);
    expect(lastFoldableDay(at('2026-11-22T15:02:00Z'), foldGraceMs, 'Asia/Tokyo')).toBe(20_778);
  });

  it('writes and reads days as YYYY-MM-DD, leap days included', () => {
    expect(isoDay(0)).toBe('1970-01-01');
    expect(isoDay(20_779)).toBe('2026-11-22');
    expect(parseIsoDay('2026-11-22')).toBe(20_779);
    expect(parseIsoDay('2028-02-29')).toBe(dayOf(at('2028-02-29T12:00:00Z')));
    for (let day = 20_000; day < 21_500; day += 7) expect(parseIsoDay(isoDay(day))).toBe(day);
  });

  it('refuses what is not a real date from 1970 on', () => {
    for (const text of [
      '2026-02-29',
      '2026-02-30',
      '2026-13-01',
      '2026-00-10',
      '2026-11-31',
      '2026-1-5',
      '26-11-22',
      '2026-11-22T00:00',
      ' 2026-11-22',
      '1969-12-31',
      '',
    ]) {
      expect(parseIsoDay(text), text).toBeUndefined();
    }
  });

  it('folds a day only once it is over and the grace for its last batch has passed', () => {
    const midnight = at('2026-11-22T00:00:00Z');
    expect(foldGraceMs).toBe(5 * 60_000);
    // Just after midnight the day before may still receive its last batch.
    expect(lastFoldableDay(midnight + 60_000)).toBe(dayOf(midnight) - 2);
    expect(lastFoldableDay(midnight + foldGraceMs - 1)).toBe(dayOf(midnight) - 2);
    expect(lastFoldableDay(midnight + foldGraceMs)).toBe(dayOf(midnight) - 1);
    expect(lastFoldableDay(at('2026-11-22T18:00:00Z'))).toBe(dayOf(midnight) - 1);
    // Never today.
    expect(lastFoldableDay(at('2026-11-22T23:59:59Z'))).toBeLessThan(dayOf(midnight));
  });

  it('groups days into inclusive ranges', () => {
    expect(dayRanges([])).toEqual([]);
    expect(dayRanges([9, 3, 4, 5, 4])).toEqual([
      [3, 5],
      [9, 9],
    ]);
  });
});

describe('report periods', () => {
  it('takes whole days, both ends included, and a default limit', () => {
    expect(parseStatsQuery({ from: '2026-11-01', to: '2026-11-30' })).toEqual({
      from: '2026-11-01',
      to: '2026-11-30',
      fromDay: parseIsoDay('2026-11-01'),
      toDay: parseIsoDay('2026-11-30'),
      days: 30,
      limit: 10,
      filters: {},
    });
    expect(parseStatsQuery({ from: '2026-11-22', to: '2026-11-22', limit: 3 }).days).toBe(1);
    // Filters in one order whatever order they came in; a filter that does not exist is named.
    expect(
      Object.keys(
        parseStatsQuery({
          from: '2026-11-01',
          to: '2026-11-01',
          filters: { screen: '1x1', page: '/' },
        }).filters,
      ),
    ).toEqual(['page', 'screen']);
    expect(() =>
      parseStatsQuery({ from: '2026-11-01', to: '2026-11-01', filters: { country: 'fr' } }),
    ).toThrow('There is no filter "country"');
  });

  it('accepts three years and refuses a day more', () => {
    expect(maxPeriodDays).toBe(1096);
    expect(parseStatsQuery({ from: '2023-11-23', to: '2026-11-22' }).days).toBe(1096);
    expect(() => parseStatsQuery({ from: '2023-11-22', to: '2026-11-22' })).toThrow(
      'The period is 1,097 days long; a report covers at most 1,096 days (three years).',
    );
  });

  it('says clearly what is wrong', () => {
    const problem = (input: unknown) => {
      try {
        parseStatsQuery(input);
      } catch (error) {
        expect(error).toBeInstanceOf(StatsQueryError);
        return (error as Error).message;
      }
      return 'accepted';
    };
    expect(problem({ from: '2026-11-30', to: '2026-11-01' })).toBe(
      'The period starts after it ends: from 2026-11-30 is later than to 2026-11-01.',
    );
    expect(problem({ from: '2026-02-30', to: '2026-03-01' })).toBe(
      'from must be a date written YYYY-MM-DD from 1970-01-01 on, not "2026-02-30".',
    );
    expect(problem({ to: '2026-03-01' })).toBe('from is missing: give a date written YYYY-MM-DD.');
    for (const limit of [0, 1001, 2.5, '5'])
      expect(problem({ from: '2026-11-01', to: '2026-11-02', limit })).toBe(
        'The limit must be a whole number from 1 to 1000.',
      );
  });
});
