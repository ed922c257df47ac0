/**
 * The read-only lock (seed §4): a page script can lock, unlock or toggle a whole form or one
 * of its fields, e.g. `qforms.readOnly(3, 'lock')` or `qforms.readOnly(3, 'toggle', 7)`.
 * Captcha, content, divider, hidden, html, entry-preview, pagebreak and payment-total fields
 * are never locked. A lock set in the form definition is also enforced by the server.
 */
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
