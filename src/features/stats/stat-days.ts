import { offsetAt } from '../../platform/time-zone.ts';

/**
 * Statistics count whole days of the site's time zone: `day` is the number of days from
 * 1970-01-01 to the hit's calendar date there (`dayIn`), the number the ingest stores with every
 * hit. In UTC, `Math.floor(at / dayMs)`. Isomorphic.
 */

export const dayMs = 86_400_000;

/**
 * A day is folded into the daily rollups once it is over and this much longer has passed,
 * so that the day's last hits (written as they arrive, later while the database is slow or
 * away) are in before the day is summed up.
 */
export const foldGraceMs = 5 * 60_000;

/** The statistics day of an epoch-millisecond time. */
export function dayOf(epochMs: number): number {
  return Math.floor(epochMs / dayMs);
}

/** The statistics day of a time in a time zone: the calendar date there, as a day number. */
export function dayIn(epochMs: number, timeZone: string): number {
  return timeZone === 'UTC' ? dayOf(epochMs) : dayOf(epochMs + offsetAt(epochMs, timeZone));
}

/** Midnight (UTC) at the start of a day, in epoch milliseconds. */
export function dayStart(day: number): number {
  return day * dayMs;
}

/** The last day that may be folded at `now`: over, and over for at least `graceMs`. */
export function lastFoldableDay(now: number, graceMs = foldGraceMs, timeZone = 'UTC'): number {
  return dayIn(now - graceMs, timeZone) - 1;
}

/** `YYYY-MM-DD` of a day. */
export function isoDay(day: number): string {
  return new Date(dayStart(day)).toISOString().slice(0, 10);
}

const isoDatePattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day of a `YYYY-MM-DD` date from 1970-01-01 on; undefined when it is not a real date. */
export function parseIsoDay(text: string): number | undefined {
  const match = isoDatePattern.exec(text);
  if (!match) return undefined;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const at = Date.UTC(year, month - 1, date);
  const check = new Date(at);
  // Date.UTC rolls 2026-02-30 over into March; a real date comes back unchanged.
  if (
    year < 1970 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== date
  ) {
    return undefined;
  }
  return dayOf(at);
}

/** Consecutive days as inclusive ranges: [3, 4, 5, 9] → [[3, 5], [9, 9]]. */
export function dayRanges(days: Iterable<number>): [number, number][] {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  const ranges: [number, number][] = [];
  for (const day of sorted) {
    const last = ranges.at(-1);
    if (last && last[1] === day - 1) last[1] = day;
    else ranges.push([day, day]);
  }
  return ranges;
}
