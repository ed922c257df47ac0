import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type {
  FormEntriesTable,
  FormEntryStatus,
  PaymentStatus,
} from '../../../platform/db/schema.ts';
import type { OrderSummary } from '../../payments/order-pricing.ts';
import type { EntryField } from './notifications.ts';

export type StoredEntry = {
  id: number;
  formId: number;
  status: FormEntryStatus;
  spamReason: string | null;
  fields: EntryField[];
  pageUrl: string;
  visitorId: string | null;
  userAgent: string;
  startedAt: number | null;
  submittedAt: number;
  /** The order of an entry of a payment form; null for others. */
  payment: EntryPayment | null;
};

export type EntryPayment = {
  status: PaymentStatus;
  provider: string;
  reference: string | null;
  currency: string;
  total: number;
  summary: OrderSummary;
  coupon: string | null;
  card: { brand: string; last4: string } | null;
};

/** Entries read per query: the export holds no more than this many in memory at once. */
const pageSize = 500;

export type EntryFilter = { formId?: number | undefined; status?: FormEntryStatus | undefined };

/**
 * Entries newest first, a page at a time (keyset on the id, so the thousandth page costs
 * what the first does). Pass the last id of a page as `before` for the next.
 */
export async function readEntriesPage(
  db: Db,
  filter: EntryFilter,
  options: { before?: number | undefined; limit: number },
): Promise<StoredEntry[]> {
  let query = db.selectFrom('form_entries').selectAll().orderBy('id', 'desc').limit(options.limit);
  if (filter.formId !== undefined) query = query.where('form_id', '=', filter.formId);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (options.before !== undefined) query = query.where('id', '<', options.before);
  const rows = await query.execute();
  return rows.map(toStoredEntry);
}

/** Every entry that matches, page by page, newest first. */
export async function* allEntries(db: Db, filter: EntryFilter): AsyncGenerator<StoredEntry> {
  let before: number | undefined;
  for (;;) {
    const page = await readEntriesPage(db, filter, { before, limit: pageSize });
    yield* page;
    if (page.length < pageSize) return;
    before = page.at(-1)?.id;
  }
}

/** An entry as the database row has it, its JSON read. */
export function toStoredEntry(row: Selectable<FormEntriesTable>): StoredEntry {
  return {
    id: row.id,
    formId: row.form_id,
    status: row.status,
    spamReason: row.spam_reason,
    fields: JSON.parse(row.fields) as EntryField[],
    pageUrl: row.page_url,
    visitorId: row.visitor_id,
    userAgent: row.user_agent,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
    payment:
      row.payment_status === null
        ? null
        : {
            status: row.payment_status,
            provider: row.payment_provider ?? '',
            reference: row.payment_reference,
            currency: row.currency ?? '',
            total: Number(row.total ?? 0),
            summary: JSON.parse(row.order_summary ?? 'null') as OrderSummary,
            coupon: row.coupon_code,
            card:
              row.card_last4 === null
                ? null
                : { brand: row.card_brand ?? '', last4: row.card_last4 },
          },
  };
}
