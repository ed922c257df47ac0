import { fill } from '../../../platform/fill-message.ts';
import type { FieldErrors, RuleContext } from '../field-rules.ts';
import { errorKey, type FieldInput } from '../field-values.ts';
import type { FieldOfType, FormField } from '../form-definition.ts';
import { moreMessages } from '../more-messages.ts';

type Repeater = FieldOfType<'repeater'>;

/** The input part of one repeated field in one row: `r2f5` is row 3 (from 0), field 5. */
export const rowPart = (row: number, fieldId: number) => `r${row}f${fieldId}`;

const partPattern = /^r(\d{1,2})f(\d{1,4})$/;

/**
 * How many rows a repeater's input has: its `rows` part, else one past the highest row that
 * sent anything, within the field's bounds for a browser that shows them.
 */
export function rowCount(field: Repeater, input: FieldInput | undefined): number {
  const parts = typeof input === 'object' && !Array.isArray(input) ? input : {};
  const stated = parts.rows;
  if (stated !== undefined && /^\d{1,2}$/.test(stated)) return Number(stated);
  let rows = 0;
  for (const key of Object.keys(parts)) {
    const match = partPattern.exec(key);
    if (match) rows = Math.max(rows, Number(match[1]) + 1);
  }
  return Math.max(rows, field.minRows);
}

/** The values of the rows: one record per row, by repeated field id. */
export function repeaterRows(field: Repeater, input: FieldInput | undefined): string[][] {
  const parts = typeof input === 'object' && !Array.isArray(input) ? input : {};
  return Array.from({ length: rowCount(field, input) }, (_, row) =>
    field.fields.map((sub) => parts[rowPart(row, sub.id)] ?? ''),
  );
}

/**
 * Checks the number of rows and each row's fields with their own rules; an error of a row's
 * field is keyed by the repeater and the part (`12[r0f3]`). The check function is passed in
 * so this module and field-rules.ts do not import each other at run time.
 */
export function checkRepeater(
  field: Repeater,
  input: FieldInput | undefined,
  errors: FieldErrors,
  context: RuleContext,
  check: (field: FormField, input: FieldInput, errors: FieldErrors, context: RuleContext) => void,
) {
  const parts = typeof input === 'object' && !Array.isArray(input) ? input : {};
  const rows = rowCount(field, input);
  const key = errorKey(field.id);
  const stray = Object.keys(parts).some((name) => {
    const match = partPattern.exec(name);
    return name !== 'rows' && (!match || Number(match[1]) >= rows);
  });
  if (rows > field.maxRows || stray) {
    errors[key] ??= fill(moreMessages.repeaterRows, { min: field.minRows, max: field.maxRows });
    return;
  }
  const filled = repeaterRows(field, input).filter((row) => row.some((v) => v.trim() !== ''));
  if (filled.length < field.minRows || (field.required && filled.length === 0)) {
    errors[key] ??= fill(moreMessages.repeaterRows, {
      min: Math.max(field.minRows, field.required ? 1 : 0),
      max: field.maxRows,
    });
  }
  for (let row = 0; row < rows; row++) {
    for (const sub of field.fields) {
      const found: FieldErrors = {};
      check(sub, parts[rowPart(row, sub.id)] ?? '', found, context);
      const message = found[errorKey(sub.id)];
      if (message) errors[errorKey(field.id, rowPart(row, sub.id))] ??= message;
    }
  }
}
