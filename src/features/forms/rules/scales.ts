import type { FieldOfType } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import { requiredError } from './required.ts';

/** A whole number from `min` to `max` as a rating or a score is sent. */
export function scaleError(value: string, min: number, max: number): string | undefined {
  if (value === '') return undefined;
  if (!/^\d{1,2}$/.test(value)) return formMessages.invalidChoice;
  const n = Number(value);
  return n >= min && n <= max ? undefined : formMessages.invalidChoice;
}

/** The input part of one likert row (one answer), or of one row and column (several). */
export const likertPart = (row: number, column?: number) =>
  column === undefined ? `r${row}` : `r${row}c${column}`;

/** Checks a likert scale; every row needs an answer when the field is required. */
export function checkLikert(
  field: FieldOfType<'likert-scale'>,
  part: (name: string) => string,
  set: (message: string | undefined, part?: string) => void,
) {
  for (let row = 0; row < field.rows.length; row++) {
    if (field.multiple) {
      const ticked = field.columns.map((_c, column) => part(likertPart(row, column)));
      if (ticked.some((v) => v !== '' && v !== '1')) return set(formMessages.invalidChoice);
      if (field.required) set(requiredError(ticked.filter((v) => v === '1')), likertPart(row));
      continue;
    }
    const answer = part(likertPart(row));
    if (answer !== '' && !field.columns.includes(answer)) return set(formMessages.invalidChoice);
    if (field.required) set(requiredError(answer), likertPart(row));
  }
}
