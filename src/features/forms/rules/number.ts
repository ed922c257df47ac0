import { fill } from '../../../platform/fill-message.ts';
import { formMessages } from '../messages.ts';

export type NumberBounds = {
  min?: number | undefined;
  max?: number | undefined;
  step?: number | undefined;
  /** Values ≥ 0 only. */
  positive?: boolean | undefined;
};

/** What the number keys can type: an optional minus, digits, at most one decimal point. */
const numberPattern = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** Digits after the point as `String` writes the number, `1e-7` included. */
function decimalPlaces(value: number): number {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const fraction = mantissa.split('.')[1] ?? '';
  return Math.max(0, fraction.length - Number(exponent));
}

/**
 * Whether `value` is `base` plus a whole number of steps. Binary floating point cannot hold
 * 0.1, so `0.3 - 0` over `0.1` is 2.9999999999999996: scale all three to integers by their
 * decimal places first. Numbers too fine for that fall back to a relative tolerance.
 */
function isOnStep(value: number, base: number, step: number): boolean {
  const scale = 10 ** Math.max(decimalPlaces(value), decimalPlaces(base), decimalPlaces(step));
  const offset = Math.round(value * scale) - Math.round(base * scale);
  const unit = Math.round(step * scale);
  if (Number.isSafeInteger(offset) && Number.isSafeInteger(unit) && unit > 0) {
    return offset % unit === 0;
  }
  const steps = (value - base) / step;
  return Math.abs(steps - Math.round(steps)) <= 1e-9 * Math.max(1, Math.abs(steps));
}

/** Checks in the order number, positive, min, max, step and reports the first that fails. */
export function numberError(value: string, bounds: NumberBounds): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  if (!numberPattern.test(text)) return formMessages.number;
  const number = Number(text);
  const { min, max, step } = bounds;
  if (bounds.positive && number < 0) return formMessages.positiveNumber;
  if (min !== undefined && number < min) return fill(formMessages.min, { 0: min });
  if (max !== undefined && number > max) return fill(formMessages.max, { 0: max });
  if (step !== undefined && step > 0) {
    const base = min ?? 0;
    if (!isOnStep(number, base, step)) return fill(formMessages.step, { 0: step, 1: base });
  }
  return undefined;
}

/**
 * Named keys (`Backspace`, `Tab`, `ArrowLeft`, `Enter`, `F5`…) are longer than one character
 * and always pass; printed characters pass when they are a digit, a minus or a dot. A printed
 * emoji is two UTF-16 units, hence the code-point count rather than `key.length`. Shortcuts
 * such as Ctrl+V arrive as `v`: the caller lets keys with Ctrl or Meta held through.
 */
export function isNumberKey(key: string): boolean {
  if (Array.from(key).length > 1) return true;
  return /^[\d.-]$/.test(key);
}
