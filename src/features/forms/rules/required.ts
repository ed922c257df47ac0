import { formMessages } from '../messages.ts';

/**
 * A text counts as empty when it is blank or only whitespace; a list (checkboxes, the parts of
 * a name) when it has no entry with content, so `['', '']` from an untouched first/last name is
 * as empty as `[]`.
 */
export function requiredError(value: string | readonly string[]): string | undefined {
  const values = typeof value === 'string' ? [value] : value;
  return values.every((entry) => entry.trim() === '') ? formMessages.required : undefined;
}
