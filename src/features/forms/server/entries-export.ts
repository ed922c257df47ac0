import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { stringify } from 'csv-stringify';
import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { FormEntryStatus } from '../../../platform/db/schema.ts';
import { fill } from '../../../platform/fill-message.ts';
import type { FieldIdentity } from '../field-ids.ts';
import { isInputField } from '../field-kinds.ts';
import { takesPayment } from '../form-checkout.ts';
import type { FormDefinition, StoredForm } from '../form-definition.ts';
import { answeredFields } from './answered-fields.ts';
import { allEntries, type EntryPayment } from './entry-queries.ts';
import type { EntryField } from './notifications.ts';
import { orderSummaryLines, plainAmount } from './order-amounts.ts';
import { serverMessages } from './server-messages.ts';

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

/** A column of answers: the field it holds, and its heading. */
export type AnswerColumn = { id: number; type: string; header: string };

const columnKey = (id: number, type: string) => `${id} ${type}`;

/**
 * The answer columns of a form's CSV: one per input field of the form, in its order, then one
 * per field its entries answered that the form no longer has, by id (deleted, or its id since
 * given to a field of another type, as a form saved before decision 0048 could do), headed
 * with the label its answers carry. Every answer has a column, and never another field's.
 */
export function answerColumns(
  definition: FormDefinition,
  answered: readonly FieldIdentity[],
): AnswerColumn[] {
  const columns: AnswerColumn[] = definition.fields.filter(isInputField).map((field) => ({
    id: field.id,
    type: field.type,
    header: field.label || fill(serverMessages.unnamedFieldColumn, { id: field.id }),
  }));
  const known = new Set(columns.map((column) => columnKey(column.id, column.type)));
  const gone = answered
    .filter((field) => !known.has(columnKey(field.id, field.type)))
    .sort((a, b) => a.id - b.id || a.type.localeCompare(b.type));
  for (const field of gone) {
    columns.push({
      id: field.id,
      type: field.type,
      header: fill(serverMessages.deletedFieldColumn, {
        label: field.label || fill(serverMessages.unnamedFieldColumn, { id: field.id }),
        id: field.id,
      }),
    });
  }
  return columns;
}

/** An entry's answers in the columns' order ('' where it has none). */
export function answerCells(columns: readonly AnswerColumn[], fields: readonly EntryField[]) {
  const byKey = new Map(fields.map((field) => [columnKey(field.id, field.type), field.value]));
  return columns.map((column) => byKey.get(columnKey(column.id, column.type)) ?? '');
}

/**
 * Writes a form's entries as CSV to `output`, streamed: one page of entries in memory at a
 * time, and the writer's back-pressure respected. A column per input field of the form, then
 * one per field its entries answered that it no longer has (answerColumns). Cells that a
 * spreadsheet would run as a formula are escaped. A form deleted with its entries kept is
 * written the same way, from the definition it had.
 */
export async function writeEntriesCsv(
  handle: DatabaseHandle,
  form: StoredForm,
  output: Writable,
  filter: { status?: FormEntryStatus } = {},
): Promise<number> {
  const { db } = handle;
  const columns = answerColumns(
    form.definition,
    await answeredFields(handle, form.id, filter.status),
  );
  const withOrder = takesPayment(form.definition);
  let count = 0;
  async function* rows() {
    yield [...fixedColumns, ...(withOrder ? orderColumns : []), ...columns.map((c) => c.header)];
    for await (const entry of allEntries(db, { formId: form.id, ...filter })) {
      count++;
      yield [
        entry.id,
        new Date(entry.submittedAt).toISOString(),
        entry.status,
        entry.spamReason ?? '',
        entry.pageUrl,
        entry.visitorId ?? '',
        entry.userAgent,
        ...(withOrder ? orderCells(entry.payment) : []),
        ...answerCells(columns, entry.fields),
      ];
    }
  }
  await pipeline(rows(), stringify({ escape_formulas: true, bom: true }), output);
  return count;
}
