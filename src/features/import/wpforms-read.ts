/**
 * Reading WPForms' export loosely: PHP writes numbers and flags as strings ("1", "12.50"),
 * lists as objects keyed by id, and leaves unticked settings out. These helpers turn any of
 * that into plain values and never throw.
 */

export type Raw = Record<string, unknown>;

export const isRaw = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const raw = (value: unknown): Raw => (isRaw(value) ? value : {});

export function str(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}

/** A ticked WPForms checkbox: "1", 1, true or "on". */
export const truthy = (value: unknown): boolean =>
  value === true || value === 1 || value === '1' || value === 'on' || value === 'true';

export function num(value: unknown): number | undefined {
  const text = str(value).trim();
  if (text === '') return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

export function int(value: unknown): number | undefined {
  const n = num(value);
  return n === undefined ? undefined : Math.trunc(n);
}

/** The items of a list PHP wrote as an array or as an object keyed by id, with their keys. */
export function listed(value: unknown): Array<[string, unknown]> {
  if (Array.isArray(value)) return value.map((item, index) => [String(index), item]);
  if (isRaw(value)) return Object.entries(value);
  return [];
}

/** Keeps `text` within `max` characters (the schema's limits), so a long label never refuses a form. */
export const clip = (text: string, max: number): string =>
  text.length > max ? text.slice(0, max) : text;

/** CSS classes as Quire takes them, and whether anything was removed. */
export function cleanCssClass(value: unknown): { value: string; cleaned: boolean } {
  const original = str(value);
  const value_ = clip(
    original
      .replace(/[^\w\- ]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim(),
    200,
  );
  return { value: value_, cleaned: value_ !== original.trim() };
}
