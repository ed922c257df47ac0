import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { Db } from '../../../platform/db/connect.ts';
import type { FormEntryStatus } from '../../../platform/db/schema.ts';
import { isInputField } from '../field-kinds.ts';
import { takesPayment } from '../form-checkout.ts';
import type { StoredForm } from '../form-definition.ts';
import { allEntries, type EntryPayment } from './entry-queries.ts';
import { orderSummaryLines, plainAmount } from './order-amounts.ts';

const fixedColumns = [
  'Entry',
  'Submitted (UTC)',
  'Status',
  'Spam reason',
  'Page',
  'Visitor id',
  'User agent',
];

/** An order's columns, for the entries of a payment form. */
const orderColumns = [
  'Payment status',
  'Total',
  'Currency',
  'Order summary',
  'Coupon',
  'Card',
  'Payment provider',
  'Payment reference',
];

function orderCells(payment: EntryPayment | null): string[] {
  if (!payment) return orderColumns.map(() => '');
  return [
    payment.status,
    plainAmount(payment.total, payment.currency),
    payment.currency,
    orderSummaryLines(payment).join('\n'),
    payment.coupon ?? '',
    payment.card ? `${payment.card.brand} ${payment.card.last4}` : '',
    payment.provider,
    payment.reference ?? '',
  ];
}

/**
 * Writes a form's entries as CSV to `output`, streamed: one page of entries in memory at a
 * time, and the writer's back-pressure respected. A column per input field of the form as it
 * is now; values of fields the form no longer has go to "Other fields", so nothing stored is
 * left out. Cells that a spreadsheet would run as a formula are escaped.
 */
export async function writeEntriesCsv(
  db: Db,
  form: StoredForm,
  output: Writable,
  filter: { status?: FormEntryStatus } = {},
): Promise<number> {
  const columns = form.definition.fields.filter(isInputField);
  const withOrder = takesPayment(form.definition);
  const known = new Set(columns.map((field) => field.id));
  let count = 0;
  async function* rows() {
    yield [
      ...fixedColumns,
      ...(withOrder ? orderColumns : []),
      ...columns.map((field) => field.label || `Field ${field.id}`),
      'Other fields',
    ];
    for await (const entry of allEntries(db, { formId: form.id, ...filter })) {
      count++;
      const byId = new Map(entry.fields.map((field) => [field.id, field.value]));
      const others = entry.fields
        .filter((field) => !known.has(field.id))
        .map((field) => `${field.label || `Field ${field.id}`}: ${field.value}`);
      yield [
        entry.id,
        new Date(entry.submittedAt).toISOString(),
        entry.status,
        entry.spamReason ?? '',
        entry.pageUrl,
        entry.visitorId ?? '',
        entry.userAgent,
        ...(withOrder ? orderCells(entry.payment) : []),
        ...columns.map((field) => byId.get(field.id) ?? ''),
        others.join('\n'),
      ];
    }
  }
  await pipeline(rows(), stringify({ escape_formulas: true, bom: true }), output);
  return count;
}
