import { hash } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import { sql } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import { readCsv } from '../../share/csv-rows.ts';
import { redirectRuleMessages as m } from '../address-messages.ts';
import {
  type RedirectFilter,
  type RedirectImportPlan,
  type RedirectRow,
  readablePath,
  redirectImportMaxLines,
} from '../redirect-admin.ts';
import { MemoryRedirectStore, placeRedirect } from '../redirect-chains.ts';
import { readRedirectFrom, readRedirectTo } from '../redirect-rules.ts';
import { liveItemsAt, loadAllRedirects, saveRedirects } from './redirects.ts';

/**
 * The owner's view of the redirects (issue 29, point 5; decision 0054): the list with its
 * search, the CSV export, and the CSV import, planned in memory over the whole table and done
 * only once confirmed.
 */

/** Rows per page of the list. */
export const redirectsPerPage = 50;

/** `%`, `_` and the escape itself are literal in the owner's search. */
const containsPattern = (words: string) =>
  `%${words.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

function filtered(db: Db, search: string) {
  const query = db.selectFrom('redirects');
  if (!search) return query;
  // Old addresses are kept encoded (`/caf%C3%A9/`): a search for `café` finds them too.
  const encoded = search
    .toLowerCase()
    .split('/')
    .map((part) => encodeURIComponent(part))
    .join('/');
  return query.where((eb) =>
    eb.or([
      sql<boolean>`redirects.from_path like ${containsPattern(search)} escape '\\'`,
      sql<boolean>`redirects.from_path like ${containsPattern(encoded)} escape '\\'`,
      sql<boolean>`lower(redirects.to_address) like ${containsPattern(search)} escape '\\'`,
    ]),
  );
}

const rowColumns = ['id', 'from_path', 'to_address', 'source', 'created_at', 'updated_at'] as const;

const toRow = (row: {
  id: number;
  from_path: string;
  to_address: string;
  source: RedirectRow['source'];
  created_at: number;
  updated_at: number;
}): RedirectRow => ({
  id: row.id,
  from: row.from_path,
  to: row.to_address,
  source: row.source,
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export type RedirectList = { rows: RedirectRow[]; total: number; page: number; pageCount: number };

/** One page of the list, the latest change first. */
export async function listRedirects(db: Db, filter: RedirectFilter): Promise<RedirectList> {
  const { total } = await filtered(db, filter.search)
    .select((eb) => eb.fn.countAll<number | string>().as('total'))
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const pageCount = Math.max(1, Math.ceil(count / redirectsPerPage));
  const page = Math.min(filter.page, pageCount);
  const rows = await filtered(db, filter.search)
    .select(rowColumns)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(redirectsPerPage)
    .offset((page - 1) * redirectsPerPage)
    .execute();
  return {
    rows: rows.map(toRow),
    total: count,
    page,
    pageCount,
  };
}

/** Every redirect, by old address (the command line's list). */
export async function listAllRedirects(db: Db): Promise<RedirectRow[]> {
  return (await db.selectFrom('redirects').select(rowColumns).orderBy('from_path').execute()).map(
    toRow,
  );
}

/** The export's columns; an import reads the first two, so an export imports back. */
const exportHeader = ['from', 'to', 'source', 'created_at', 'updated_at'];

/** Every redirect as CSV, oldest address first. */
export async function redirectsCsv(db: Db): Promise<string> {
  const rows = await db
    .selectFrom('redirects')
    .select(['from_path', 'to_address', 'source', 'created_at', 'updated_at'])
    .orderBy('from_path')
    .execute();
  const iso = (at: number) => new Date(Number(at)).toISOString();
  return stringify([
    exportHeader,
    ...rows.map((row) => [
      readablePath(row.from_path),
      row.to_address,
      row.source,
      iso(row.created_at),
      iso(row.updated_at),
    ]),
  ]);
}

/** A first line that names its columns (`from,to`, `old address,new address`) is a header. */
const isHeader = (cells: string[]) =>
  /^(from|old|source|url|path|(old|from|redirect)[ _-]?(address|url|path|from)?)$/i.test(
    (cells[0] ?? '').trim(),
  );

/**
 * What importing `text` (CSV: old address, new address; an optional header) would do, worked
 * out in memory over every redirect kept: each line added, replacing one, already there, or
 * refused with its reason (not an address, the same place, a published item's address, a loop,
 * the same old address twice). `store` holds the table as it would be.
 */
async function planImport(db: Db, text: string, siteUrl: string, now: number) {
  const read = readCsv(text);
  const plan: Omit<RedirectImportPlan, 'key'> = {
    added: [],
    replaced: [],
    unchanged: [],
    refused: [],
  };
  const store = new MemoryRedirectStore(await loadAllRedirects(db));
  if (!read.ok) plan.fileError = m.csvUnclosedQuote(read.line);
  const rows = read.rows.filter((row, index) => index > 0 || !isHeader(row.cells));
  if (rows.length > redirectImportMaxLines) {
    return { plan: withKey({ ...plan, fileError: m.csvTooMany(redirectImportMaxLines) }), store };
  }
  if (rows.length === 0 && read.ok) plan.fileError = m.csvNothing;
  type Readable = { line: number; text: string; from: string; to: string; toKey: string | null };
  const readable: Readable[] = [];
  const firstLine = new Map<string, number>();
  for (const { line, cells } of rows) {
    const text = cells.join(',');
    const refuse = (reason: string) => plan.refused.push({ line, text, reason });
    if (cells.length < 2) {
      refuse(m.csvColumns);
      continue;
    }
    const from = readRedirectFrom(cells[0] ?? '', siteUrl);
    if (!from.ok) {
      refuse(from.message);
      continue;
    }
    const to = readRedirectTo(cells[1] ?? '', siteUrl);
    if (!to.ok) {
      refuse(to.message);
      continue;
    }
    if (to.value.key === from.value) {
      refuse(m.toSame);
      continue;
    }
    const first = firstLine.get(from.value);
    if (first !== undefined) {
      refuse(m.csvDuplicate(first));
      continue;
    }
    firstLine.set(from.value, line);
    readable.push({
      line,
      text,
      from: from.value,
      to: to.value.address,
      toKey: to.value.key ?? null,
    });
  }
  const live = await liveItemsAt(
    db,
    readable.map((item) => item.from),
    now,
  );
  for (const item of readable) {
    const refuse = (reason: string) =>
      plan.refused.push({ line: item.line, text: item.text, reason });
    const liveItem = live.get(item.from);
    if (liveItem) {
      refuse(m.fromLive(readablePath(item.from), liveItem));
      continue;
    }
    const placed = await placeRedirect(store, {
      from: item.from,
      to: item.to,
      toKey: item.toKey,
      source: 'import',
    });
    const shown = { line: item.line, from: item.from, to: placed.kind === 'loop' ? '' : placed.to };
    if (placed.kind === 'loop') refuse(m.loop(placed.via));
    else if (placed.kind === 'replaced') plan.replaced.push({ ...shown, was: placed.was });
    else plan[placed.kind].push(shown);
  }
  plan.refused.sort((a, b) => a.line - b.line);
  return { plan: withKey(plan), store };
}

/** A plan with its fingerprint: the same lines, doing the same, have the same. */
const withKey = (plan: Omit<RedirectImportPlan, 'key'>): RedirectImportPlan => ({
  ...plan,
  key: hash('sha1', JSON.stringify(plan), 'base64url'),
});

/** What importing `text` would do; nothing is changed. */
export async function planRedirectImport(
  handle: DatabaseHandle,
  text: string,
  siteUrl: string,
  now = Date.now(),
): Promise<RedirectImportPlan> {
  return (await planImport(handle.db, text, siteUrl, now)).plan;
}

export type RedirectImportOutcome =
  /** Done: the plan it followed. */
  | { done: true; plan: RedirectImportPlan }
  /** The redirects (or the items) changed since the owner saw `planKey`: the plan now. */
  | { done: false; plan: RedirectImportPlan };

/**
 * Imports `text` as planned, in one transaction, if the plan is still the one the owner
 * confirmed (`planKey`); otherwise changes nothing and gives the plan as it stands now.
 */
export async function applyRedirectImport(
  handle: DatabaseHandle,
  text: string,
  siteUrl: string,
  planKey: string,
  now = Date.now(),
): Promise<RedirectImportOutcome> {
  const outcome = await handle.db.transaction().execute(async (trx) => {
    const { plan, store } = await planImport(trx, text, siteUrl, now);
    if (plan.key !== planKey) return { done: false as const, plan };
    await saveRedirects(trx, store.changed(), now);
    return { done: true as const, plan };
  });
  if (outcome.done && outcome.plan.added.length + outcome.plan.replaced.length > 0) {
    await bumpContentVersion(handle.db);
  }
  return outcome;
}

/** One redirect by its id, as the list shows it. */
export async function findRedirect(db: Db, id: number): Promise<RedirectRow | undefined> {
  const row = await db
    .selectFrom('redirects')
    .select(rowColumns)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && toRow(row);
}
