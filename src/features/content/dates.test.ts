import { describe, expect, it } from 'vitest';
import { archivePath, minutesToRead, monthLabel, parseArchiveMonth } from './dates.ts';
import { parsePageParam, parseSearchParam } from './query-params.ts';

describe('archive months', () => {
  it('labels and links a month', () => {
    expect(monthLabel('2026-03')).toBe('March 2026');
    expect(archivePath('2026-03')).toBe('/archive/2026/03/');
  });
  it('accepts only real months in archive URLs', () => {
    expect(parseArchiveMonth('2026', '03')).toEqual({ year: 2026, month: 3, key: '2026-03' });
    for (const [y, m] of [
      ['2026', '13'],
      ['2026', '00'],
      ['26', '03'],
      ['2026', '3'],
      ['abcd', '01'],
      [undefined, '01'],
    ]) {
      expect(parseArchiveMonth(y, m), `${y}/${m}`).toBeUndefined();
    }
  });
  it('estimates reading time at 230 words a minute', () => {
    expect(minutesToRead('word '.repeat(10))).toBe(1);
    expect(minutesToRead('word '.repeat(920))).toBe(4);
  });
});

describe('query parameters', () => {
  it('parses page numbers and refuses nonsense', () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam('3')).toBe(3);
    for (const bad of ['0', '-1', 'abc', '1.5', '999999', '1e3'])
      expect(parsePageParam(bad), bad).toBe('invalid');
  });
  it('bounds the search query', () => {
    expect(parseSearchParam('  bread  ')).toBe('bread');
    expect(parseSearchParam(null)).toBe('');
    expect(parseSearchParam('x'.repeat(201))).toBe('invalid');
  });
});

describe('date formatting', () => {
  it('formats long and ISO dates in UTC, the same on every call', async () => {
    const { formatDate, isoDate } = await import('./dates.ts');
    const at = Date.UTC(2026, 10, 21, 23, 30);
    expect(formatDate(at)).toBe('November 21, 2026');
    expect(formatDate(at)).toBe('November 21, 2026');
    expect(isoDate(at)).toBe('2026-11-21T23:30:00.000Z');
  });
});
