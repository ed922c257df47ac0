/**
 * The read-only lock (seed §4): a page script can lock, unlock or toggle a whole form or one
 * of its fields, e.g. `qforms.readOnly(3, 'lock')` or `qforms.readOnly(3, 'toggle', 7)`.
 * Captcha, content, divider, hidden, html, entry-preview, pagebreak and payment-total fields
 * are never locked. A lock set in the form definition is also enforced by the server.
 */
import { unlockableFieldTypes } from '../field-kinds.ts';
import type { FormField } from '../form-definition.ts';

export const readOnlyEvent = 'qforms:read-only';

export type ReadOnlyAction = 'lock' | 'unlock' | 'toggle';
export type ReadOnlyRequest = { action: ReadOnlyAction; fieldId?: number | undefined };

declare global {
  interface Window {
    qforms?: { readOnly(formId: number, action: ReadOnlyAction, fieldId?: number): void };
  }
}

export function installReadOnlyApi(): void {
  window.qforms ??= {
    readOnly(formId, action, fieldId) {
      const detail: ReadOnlyRequest = { action, fieldId };
      for (const form of document.querySelectorAll(`form[data-formid="${Number(formId)}"]`)) {
        form.dispatchEvent(new CustomEvent(readOnlyEvent, { detail }));
      }
    },
  };
}

/** The locks a page script has set: the whole form's, and each field's it changed. */
export type ReadOnlyLocks = { form: boolean; fields: Record<number, boolean> };

/**
 * The locks after a request. A field starts from its definition's lock; a field of a type
 * that is never locked, or one the form does not have, is left alone.
 */
export function locksAfter(
  locks: ReadOnlyLocks,
  { action, fieldId }: ReadOnlyRequest,
  fields: readonly FormField[],
): ReadOnlyLocks {
  const apply = (locked: boolean) => (action === 'toggle' ? !locked : action === 'lock');
  if (fieldId === undefined) return { ...locks, form: apply(locks.form) };
  const field = fields.find((f) => f.id === fieldId);
  if (!field || unlockableFieldTypes.includes(field.type)) return locks;
  return {
    ...locks,
    fields: { ...locks.fields, [fieldId]: apply(locks.fields[fieldId] ?? field.readOnly) },
  };
}
