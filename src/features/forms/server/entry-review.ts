import { sql } from 'kysely';
import type { DatabaseKind, Db } from '../../../platform/db/connect.ts';
import { jsonArrayValueMatches } from '../../../platform/db/dialect-sql.ts';
import {
  dayStart,
  type EntryAction,
  type EntryDetail,
  type EntryListPage,
  type EntryListQuery,
  type EntryListRow,
  entriesPageSize,
  entryCountLimit,
  entryFormTitle,
  ownerSpamReason,
} from '../entry-review.ts';
import { megabytes } from '../rules/files.ts';
import { toStoredEntry } from './entry-queries.ts';
import { deleteEntry, fileDownloadPath } from './files-entries.ts';
import type { FileStorages } from './files-storage.ts';
import { listEntriesForms } from './forms-store.ts';
import type { EntryField } from './notifications.ts';
import { plainAmount } from './order-amounts.ts';

/** Entries one bulk action takes: two pages of the list. */
export const bulkLimit = 100;

const dayMs = 86_400_000;

/** `%`, `_` and the escape itself taken literally in a LIKE pattern (escaped with `!`). */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * The filters of the list, without its paging. Each narrows an index the list walks by id
 * (status, form and status, the creation time); the search is last and bounded (decision 0040).
 */
function filtered(
  db: Db,
  kind: DatabaseKind,
  query: EntryListQuery,
  ids?: { min: number; max: number },
) {
  let q = db.selectFrom('form_entries');
  if (ids) q = q.where('id', '>=', ids.min).where('id', '<=', ids.max);
  if (query.view === 'entries') q = q.where('status', '=', 'entry');
  if (query.view === 'spam') q = q.where('status', '=', 'spam');
  if (query.view === 'starred') q = q.where('starred', '=', 1);
  if (query.formId !== undefined) q = q.where('form_id', '=', query.formId);
  if (query.payment) q = q.where('payment_status', '=', query.payment);
  const from = dayStart(query.from);
  const to = dayStart(query.to);
  if (from !== undefined) q = q.where('created_at', '>=', from);
  if (to !== undefined) q = q.where('created_at', '<', to + dayMs);
  if (query.search) {
    const pattern = likePattern(query.search);
    // The plain text test rejects most rows cheaply; the answers' own test then leaves out
    // entries that only matched a field's label or type.
    q = q
      .where(sql<boolean>`lower(fields) like ${pattern} escape '!'`)
      .where(jsonArrayValueMatches(kind, sql.ref('fields'), 'value', pattern));
  }
  return q;
}

/**
 * The ids of the entries made in the date range, as bounds: read from the creation time's index
 * (which holds the id), they let the list walk its own index over that stretch only, where a
 * form's index alone would read every entry of the form to test its date. Undefined without
 * dates; an empty range gives bounds nothing is within.
 */
async function dateRangeIds(
  db: Db,
  query: EntryListQuery,
): Promise<{ min: number; max: number } | undefined> {
  const from = dayStart(query.from);
  const to = dayStart(query.to);
  if (from === undefined && to === undefined) return undefined;
  let range = db
    .selectFrom('form_entries')
    .select((eb) => [eb.fn.min('id').as('min'), eb.fn.max('id').as('max')]);
  if (from !== undefined) range = range.where('created_at', '>=', from);
  if (to !== undefined) range = range.where('created_at', '<', to + dayMs);
  const found = await range.executeTakeFirst();
  if (found?.min === null || found?.min === undefined) return { min: 1, max: 0 };
  return { min: Number(found.min), max: Number(found.max) };
}

function previewOf(fieldsJson: string): string {
  const fields = JSON.parse(fieldsJson) as EntryField[];
  const text = fields
    .map((field) => field.value.replace(/\s+/g, ' ').trim())
    .filter((value) => value !== '')
    .slice(0, 3)
    .join(' · ');
  return text.length > 90 ? `${text.slice(0, 89)}…` : text;
}

/**
 * One page of the admin's entries list, newest first, seeking on the id from `before` (older)
 * or `after` (newer): a page costs the same wherever it is. Counted up to `entryCountLimit` (counting walks an index entry per
 * entry: 100,000 would cost more than the page), only
 * without a search, where the count walks an index; a search is not counted (it would read
 * every entry).
 */
export async function listEntries(
  db: Db,
  kind: DatabaseKind,
  query: EntryListQuery,
): Promise<EntryListPage> {
  const base = filtered(db, kind, query, await dateRangeIds(db, query));
  let page = base
    .select([
      'id',
      'form_id',
      'status',
      'spam_reason',
      'starred',
      'submitted_at',
      'fields',
      'payment_status',
      'total',
      'currency',
    ])
    .limit(entriesPageSize + 1);
  const newerFirst = query.after === undefined;
  if (query.after !== undefined) page = page.where('id', '>', query.after).orderBy('id', 'asc');
  else {
    if (query.before !== undefined) page = page.where('id', '<', query.before);
    page = page.orderBy('id', 'desc');
  }
  const [fetched, count, forms] = await Promise.all([
    page.execute(),
    query.search
      ? Promise.resolve(null)
      : db
          .selectFrom(
            base
              .select(sql<number>`1`.as('one'))
              .limit(entryCountLimit + 1)
              .as('counted'),
          )
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirst(),
    db.selectFrom('forms').select(['id', 'title', 'deleted_at']).execute(),
  ]);
  const more = fetched.length > entriesPageSize;
  const rows = fetched.slice(0, entriesPageSize);
  if (!newerFirst) rows.reverse();
  const titles = new Map(
    forms.map((form) => [form.id, entryFormTitle(form.title, form.deleted_at !== null)]),
  );
  const listed: EntryListRow[] = rows.map((row) => ({
    id: row.id,
    formId: row.form_id,
    formTitle: titles.get(row.form_id) ?? `Form ${row.form_id}`,
    status: row.status,
    spamReason: row.spam_reason,
    starred: Number(row.starred) === 1,
    submittedAt: Number(row.submitted_at),
    preview: previewOf(row.fields),
    payment:
      row.payment_status === null
        ? null
        : {
            status: row.payment_status,
            amount: `${row.currency ?? ''} ${plainAmount(Number(row.total ?? 0), row.currency ?? '')}`,
          },
  }));
  const first = listed[0]?.id ?? null;
  const last = listed.at(-1)?.id ?? null;
  return {
    rows: listed,
    total: count === null ? null : Number(count?.n ?? 0),
    olderThan: newerFirst ? (more ? last : null) : last,
    newerThan: newerFirst ? (query.before !== undefined ? first : null) : more ? first : null,
  };
}

/**
 * The forms whose entries the owner may choose among: every live form, and those deleted with
 * their entries kept, marked as deleted (their entries are read and exported alike).
 */
export async function entryFormChoices(db: Db): Promise<Array<{ id: number; title: string }>> {
  return (await listEntriesForms(db)).map((form) => ({
    id: form.id,
    title: entryFormTitle(form.definition.title, form.deleted),
  }));
}

/** One entry with every answer, its order, files, page, times and visitor id. */
export async function readEntryDetail(db: Db, id: number): Promise<EntryDetail | undefined> {
  const row = await db
    .selectFrom('form_entries')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const entry = toStoredEntry(row);
  const [form, files] = await Promise.all([
    db
      .selectFrom('forms')
      .select(['title', 'deleted_at'])
      .where('id', '=', row.form_id)
      .executeTakeFirst(),
    db
      .selectFrom('form_files')
      .select(['name', 'size', 'storage_key', 'field_id'])
      .where('entry_id', '=', id)
      .orderBy('id')
      .execute(),
  ]);
  const { payment } = entry;
  return {
    id: entry.id,
    formId: entry.formId,
    formTitle: form ? entryFormTitle(form.title, form.deleted_at !== null) : `Form ${entry.formId}`,
    status: entry.status,
    spamReason: entry.spamReason,
    starred: Number(row.starred) === 1,
    fields: entry.fields,
    files: files.map((file) => ({
      name: file.name,
      size: `${megabytes(Number(file.size))} MB`,
      href: fileDownloadPath(file.storage_key),
      fieldId: file.field_id,
    })),
    order: payment && {
      summary: payment.summary,
      currency: payment.currency,
      status: payment.status,
      provider: payment.provider,
      reference: payment.reference,
      card: payment.card ? `${payment.card.brand} ${payment.card.last4}` : null,
    },
    pageUrl: entry.pageUrl,
    visitorId: entry.visitorId,
    userAgent: entry.userAgent,
    startedAt: entry.startedAt === null ? null : Number(entry.startedAt),
    submittedAt: Number(entry.submittedAt),
  };
}

/**
 * Does what the owner chose to the entries with these ids; answers how many it changed.
 * Marking spam keeps the reason a check gave, else records the owner's; not spam moves an
 * entry back to the entries. Deleting takes each entry's files with it.
 */
export async function applyEntryAction(
  deps: { db: Db; storages: FileStorages },
  ids: readonly number[],
  action: EntryAction,
): Promise<number> {
  if (ids.length === 0) return 0;
  const { db } = deps;
  const changed = async (update: Promise<{ numUpdatedRows: bigint }>) =>
    Number((await update).numUpdatedRows);
  switch (action) {
    case 'spam':
      return changed(
        db
          .updateTable('form_entries')
          .set({ status: 'spam', spam_reason: sql`coalesce(spam_reason, ${ownerSpamReason})` })
          .where('id', 'in', ids)
          .where('status', '=', 'entry')
          .executeTakeFirst(),
      );
    case 'not-spam':
      return changed(
        db
          .updateTable('form_entries')
          .set({ status: 'entry', spam_reason: null })
          .where('id', 'in', ids)
          .where('status', '=', 'spam')
          .executeTakeFirst(),
      );
    case 'star':
    case 'unstar':
      return changed(
        db
          .updateTable('form_entries')
          .set({ starred: action === 'star' ? 1 : 0 })
          .where('id', 'in', ids)
          .where('starred', '=', action === 'star' ? 0 : 1)
          .executeTakeFirst(),
      );
    case 'delete': {
      let deleted = 0;
      for (const id of ids) if (await deleteEntry(deps, id)) deleted++;
      return deleted;
    }
  }
}

/** The owner has seen every entry there is now: the sidebar's badge starts again from zero. */
export async function markEntriesSeen(db: Db, userId: number): Promise<void> {
  const newest = await db
    .selectFrom('form_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  const id = Number(newest?.id ?? 0);
  await db
    .updateTable('users')
    .set({ entries_seen_id: id })
    .where('id', '=', userId)
    .where('entries_seen_id', '<', id)
    .execute();
}
