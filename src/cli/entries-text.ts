import type { EntryPayment, StoredEntry } from '../features/forms/server/entry-queries.ts';
import { orderSummaryLines, plainAmount } from '../features/forms/server/order-amounts.ts';
import { escapeForTerminal } from './terminal-text.ts';

const when = (epochMs: number) =>
  `${new Date(epochMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Indents every line of a stored value under its label. */
const indented = (value: string) =>
  value === '' ? '(empty)' : value.split(/\r?\n/).map(escapeForTerminal).join('\n      ');

/** An order: payment status, total and provider, then the summary's lines. */
function orderBlock(payment: EntryPayment | null): string[] {
  if (!payment) return [];
  const card = payment.card ? `, ${payment.card.brand} ending in ${payment.card.last4}` : '';
  const reference = payment.reference ? ` ${payment.reference}` : '';
  return [
    `  Payment: ${payment.status.toUpperCase()}  ${payment.currency} ${plainAmount(payment.total, payment.currency)}  (${payment.provider}${reference}${card})`,
    ...orderSummaryLines(payment).map((line) => `      ${escapeForTerminal(line)}`),
  ];
}

/**
 * Entries as a person reads them in a terminal: a heading line per entry, then each field's
 * label and value. Visitors wrote these values: they are printed with escapes, so they cannot
 * move the cursor or rewrite what is on the screen.
 */
export function formatEntries(
  entries: readonly StoredEntry[],
  formTitles: ReadonlyMap<number, string>,
): string {
  if (entries.length === 0) return 'No entries.\n';
  const blocks = entries.map((entry) => {
    const title = formTitles.get(entry.formId) ?? 'a deleted form';
    const status = entry.status === 'spam' ? `  SPAM (${entry.spamReason ?? 'unknown'})` : '';
    const page = entry.pageUrl ? `  from ${escapeForTerminal(entry.pageUrl)}` : '';
    const heading = `#${entry.id}  ${when(entry.submittedAt)}  form ${entry.formId} "${escapeForTerminal(title)}"${page}${status}`;
    const fields = entry.fields.map(
      (field) =>
        `  ${escapeForTerminal(field.label || `Field ${field.id}`)}:\n      ${indented(field.value)}`,
    );
    return [heading, ...orderBlock(entry.payment), ...fields].join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}
