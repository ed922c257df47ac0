import { fill } from '../../../platform/fill-message.ts';
import type { FieldOfType } from '../form-definition.ts';
import { moreMessages } from '../more-messages.ts';

type TimeField = FieldOfType<'time'>;

/**
 * The seed's time formats (§5). 12h: hours 1–12, one or two `:MM` groups (minutes, then
 * seconds), then AM or PM. 24h: hour 0–23, then `:MM`.
 */
const twelveHour = /^(0?[1-9]|1[0-2])((?::[0-5]\d){1,2})\s*([AaPp])\.?\s*[Mm]\.?$/;
const twentyFourHour = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/** Minutes after midnight of a time typed in the field's format, or undefined. */
export function parseTime(value: string, format: '12h' | '24h'): number | undefined {
  const text = value.trim();
  if (format === '24h') {
    const match = twentyFourHour.exec(text);
    return match ? Number(match[1]) * 60 + Number(match[2]) : undefined;
  }
  const match = twelveHour.exec(text);
  if (!match) return undefined;
  const hour = Number(match[1]) % 12;
  const minutes = Number(match[2]!.slice(1, 3));
  return (hour + (match[3]!.toLowerCase() === 'p' ? 12 : 0)) * 60 + minutes;
}

/** Minutes after midnight of a definition's `HH:MM`. */
export const clockMinutes = (clock: string) =>
  Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** A time as the field shows it: `9:30 AM` or `09:30`. */
export function formatTime(minutes: number, format: '12h' | '24h'): string {
  const hour = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  if (format === '24h') return `${String(hour).padStart(2, '0')}:${minute}`;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** Whether a time lies in the range; a minimum later than the maximum spans midnight. */
export function inTimeRange(minutes: number, min: number, max: number): boolean {
  return min <= max ? minutes >= min && minutes <= max : minutes >= min || minutes <= max;
}

export function timeError(field: TimeField, value: string): string | undefined {
  if (value.trim() === '') return undefined;
  const minutes = parseTime(value, field.format);
  if (minutes === undefined) {
    return field.format === '12h' ? moreMessages.time12h : moreMessages.time24h;
  }
  if (field.minTime === undefined || field.maxTime === undefined) return undefined;
  const min = clockMinutes(field.minTime);
  const max = clockMinutes(field.maxTime);
  if (inTimeRange(minutes, min, max)) return undefined;
  return fill(field.rangeMessage, {
    minTime: formatTime(min, field.format),
    maxTime: formatTime(max, field.format),
  });
}

/** The times the input suggests, every `interval` minutes within the range. */
export function suggestedTimes(field: TimeField): string[] {
  const min = field.minTime === undefined ? 0 : clockMinutes(field.minTime);
  const max = field.maxTime === undefined ? 24 * 60 - 1 : clockMinutes(field.maxTime);
  const span = min <= max ? max - min : 24 * 60 - min + max;
  const times: string[] = [];
  for (let offset = 0; offset <= span && times.length < 300; offset += field.interval) {
    times.push(formatTime((min + offset) % (24 * 60), field.format));
  }
  return times;
}
