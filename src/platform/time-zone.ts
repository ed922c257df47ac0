/**
 * Wall-clock dates and times in a named time zone (the site's, UTC by default), both ways,
 * with the browser's and Node's own time zone data: nothing to ship or keep up to date.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the name is a time zone this runtime knows (`Europe/Paris`, `UTC`). */
export function isTimeZone(name: string): boolean {
  try {
    formatterFor(name);
    return true;
  } catch {
    return false;
  }
}

type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

function wallClockAt(epochMs: number, timeZone: string): WallClock & { second: number } {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(epochMs)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's clocks are ahead of UTC at an instant, in milliseconds. */
export function offsetAt(epochMs: number, timeZone: string): number {
  const c = wallClockAt(epochMs, timeZone);
  const wall = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  return wall - Math.floor(epochMs / 1000) * 1000;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** An instant as the zone's date (`2026-11-26`) and time (`14:05`), as date and time inputs hold them. */
export function toZonedInputs(epochMs: number, timeZone: string): { date: string; time: string } {
  const c = wallClockAt(epochMs, timeZone);
  return {
    date: `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`,
    time: `${pad(c.hour)}:${pad(c.minute)}`,
  };
}

/**
 * The instant a date (`YYYY-MM-DD`) and time (`HH:MM`) name in the zone, or undefined when
 * they are not a real date and time. A time the clocks skip (spring forward) moves forward by
 * the change, as clocks do; one they pass twice (fall back) is the first.
 */
export function fromZonedInputs(date: string, time: string, timeZone: string): number | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  const t = /^(\d{2}):(\d{2})$/.exec(time.trim());
  if (!d || !t) return undefined;
  const [year, month, day, hour, minute] = [d[1], d[2], d[3], t[1], t[2]].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || year < 1970) {
    return undefined;
  }
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(wall).getUTCDate() !== day) return undefined;
  const hours12 = 12 * 3_600_000;
  const before = wall - offsetAt(wall - hours12, timeZone);
  const after = wall - offsetAt(wall + hours12, timeZone);
  const names = (instant: number) => {
    const c = wallClockAt(instant, timeZone);
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute) === wall;
  };
  const valid = [before, after].filter(names);
  // None: the clocks skipped it, and the offset from before the change moves it forward.
  return valid.length === 0 ? before : Math.min(...valid);
}
