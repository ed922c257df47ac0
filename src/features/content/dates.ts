const longDates = new Map<string, Intl.DateTimeFormat>();
const longDate = (timeZone: string) => {
  let format = longDates.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone });
    longDates.set(timeZone, format);
  }
  return format;
};
const monthYear = new Intl.DateTimeFormat('en', {
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

// Pages show the same few dates on every render; Intl formatting is slow enough to remember.
const formatted = new Map<string, { long: string; iso: string }>();

function datesOf(epochMs: number, timeZone: string): { long: string; iso: string } {
  const key = `${timeZone} ${epochMs}`;
  let dates = formatted.get(key);
  if (!dates) {
    if (formatted.size >= 10_000) formatted.clear();
    dates = { long: longDate(timeZone).format(epochMs), iso: new Date(epochMs).toISOString() };
    formatted.set(key, dates);
  }
  return dates;
}

/** `November 24, 2026`: the day in the site's time zone. */
export function formatDate(epochMs: number, timeZone = 'UTC'): string {
  return datesOf(epochMs, timeZone).long;
}

export function isoDate(epochMs: number): string {
  return datesOf(epochMs, 'UTC').iso;
}

/** `2026-03` → `March 2026`. */
export function monthLabel(month: string): string {
  const parsed = parseArchiveMonth(month.slice(0, 4), month.slice(5, 7));
  return parsed ? monthYear.format(Date.UTC(parsed.year, parsed.month - 1, 1)) : month;
}

/** `/archive/2026/03/` for `2026-03`. */
export function archivePath(month: string): string {
  return `/archive/${month.slice(0, 4)}/${month.slice(5, 7)}/`;
}

/** The year and month of an archive URL, or undefined when they are not a real month. */
export function parseArchiveMonth(year: string | undefined, month: string | undefined) {
  if (!year || !month || !/^\d{4}$/.test(year) || !/^\d{2}$/.test(month)) return undefined;
  const y = Number(year);
  const m = Number(month);
  if (y < 1970 || y > 9999 || m < 1 || m > 12) return undefined;
  return { year: y, month: m, key: `${year}-${month}` };
}

/** Reading time at 230 words a minute, at least one minute. */
export function minutesToRead(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.round(words / 230));
}
