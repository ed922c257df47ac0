import { type WeekdayCode, weekdayCodes } from '../field-kinds.ts';
import type { FieldOfType } from '../form-definition.ts';
import { moreMessages } from '../more-messages.ts';

type DateField = FieldOfType<'date'>;
type DateFormat = DateField['dateFormat'];

/** A calendar date without a time or a zone. */
export type CalendarDate = { year: number; month: number; day: number };

const layouts: Record<
  DateFormat,
  { pattern: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'mm/dd/yyyy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['m', 'd', 'y'] },
  'dd/mm/yyyy': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ['d', 'm', 'y'] },
  'yyyy-mm-dd': { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, order: ['y', 'm', 'd'] },
  'dd.mm.yyyy': { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ['d', 'm', 'y'] },
};

const iso = layouts['yyyy-mm-dd'];

function read(value: string, layout: (typeof layouts)[DateFormat]): CalendarDate | undefined {
  const match = layout.pattern.exec(value);
  if (!match) return undefined;
  const parts = { y: 0, m: 0, d: 0 };
  layout.order.forEach((key, index) => {
    parts[key] = Number(match[index + 1]);
  });
  const date = { year: parts.y, month: parts.m, day: parts.d };
  return isRealDate(date) ? date : undefined;
}

function isRealDate({ year, month, day }: CalendarDate): boolean {
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads a date typed in the field's format, or as `yyyy-mm-dd`, which is what the browser's
 * own date input sends when the picker has not loaded (or without JavaScript).
 */
export function parseDate(value: string, format: DateFormat): CalendarDate | undefined {
  const text = value.trim();
  return read(text, layouts[format]) ?? read(text, iso);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate({ year, month, day }: CalendarDate, format: DateFormat): string {
  switch (format) {
    case 'mm/dd/yyyy':
      return `${pad(month)}/${pad(day)}/${year}`;
    case 'dd/mm/yyyy':
      return `${pad(day)}/${pad(month)}/${year}`;
    case 'dd.mm.yyyy':
      return `${pad(day)}.${pad(month)}.${year}`;
    case 'yyyy-mm-dd':
      return `${year}-${pad(month)}-${pad(day)}`;
  }
}

export const isoDate = (date: CalendarDate) => formatDate(date, 'yyyy-mm-dd');

export function weekdayOf({ year, month, day }: CalendarDate): WeekdayCode {
  return weekdayCodes[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]!;
}

/** What a visitor is told the field takes, e.g. "MM/DD/YYYY". */
export const formatHint = (format: DateFormat) => format.toUpperCase();

/**
 * Checks a date against the field's format, past-dates, today and weekday rules. `today` is
 * the site's date (`yyyy-mm-dd` in its time zone), the same in the browser and on the server.
 */
export function dateError(field: DateField, value: string, today: string): string | undefined {
  if (value.trim() === '') return undefined;
  const date = parseDate(value, field.dateFormat);
  if (!date) return fillFormat(field.dateFormat);
  const day = isoDate(date);
  if (field.disablePastDates && day < today) return moreMessages.datePast;
  if (field.disableTodaysDate && day === today) return moreMessages.dateToday;
  if (field.limitDays.length > 0 && !field.limitDays.includes(weekdayOf(date))) {
    return moreMessages.dateWeekday.replace('{days}', dayList(field.limitDays));
  }
  return undefined;
}

const fillFormat = (format: DateFormat) =>
  moreMessages.dateFormat.replace('{format}', formatHint(format));

const dayNames: Record<WeekdayCode, string> = {
  sun: 'Sunday',
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
};

export function dayList(days: readonly WeekdayCode[]): string {
  const names = weekdayCodes.filter((d) => days.includes(d)).map((d) => dayNames[d]);
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Whether the visitor may choose this day (for the picker, which greys out the others). */
export function isSelectable(field: DateField, date: CalendarDate, today: string): boolean {
  return dateError(field, isoDate(date), today) === undefined;
}
