import { sql } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import type { RedirectSource } from '../../../platform/db/schema.ts';
import { type LiveItem, redirectRuleMessages as m } from '../address-messages.ts';
import { readablePath } from '../redirect-admin.ts';
import {
  type Placement,
  placeRedirect,
  type RedirectStore,
  type StoredRedirect,
} from '../redirect-chains.ts';
import { readRedirectFrom, readRedirectTo, redirectKey } from '../redirect-rules.ts';

/**
 * The redirects table (migration 017; decision 0054): the lookup a visitor's request makes, the
 * moves an address change records, and the owner's additions and deletions. Every change that
 * visitors would notice moves the content version, so every instance's page cache lets go of
 * the answers it kept.
 */

const storedColumns = ['from_path', 'to_address', 'to_key', 'source'] as const;

type StoredRow = {
  from_path: string;
  to_address: string;
  to_key: string | null;
  source: RedirectSource;
};

const toStored = (row: StoredRow): StoredRedirect => ({
  from: row.from_path,
  to: row.to_address,
  toKey: row.to_key,
  source: row.source,
});

/** Rows written at a time: 7 values each, well within both databases' limits. */
const writeBatch = 500;

/** Adds the redirects, or replaces those with the same old address. */
export async function saveRedirects(
  db: Db,
  redirects: readonly StoredRedirect[],
  now = Date.now(),
): Promise<void> {
  for (let start = 0; start < redirects.length; start += writeBatch) {
    const batch = redirects.slice(start, start + writeBatch);
    await db
      .insertInto('redirects')
      .values(
        batch.map((redirect) => ({
          from_path: redirect.from,
          to_address: redirect.to,
          to_key: redirect.toKey,
          source: redirect.source,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('from_path').doUpdateSet((eb) => ({
          to_address: eb.ref('excluded.to_address'),
          to_key: eb.ref('excluded.to_key'),
          source: eb.ref('excluded.source'),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .execute();
  }
}

/** The table, one redirect at a time, as `placeRedirect` reads and changes it. */
function databaseStore(db: Db, now: number): RedirectStore {
  return {
    byFrom: async (from) => {
      const row = await db
        .selectFrom('redirects')
        .select(storedColumns)
        .where('from_path', '=', from)
        .executeTakeFirst();
      return row && toStored(row);
    },
    pointingAt: async (key) =>
      (
        await db.selectFrom('redirects').select(storedColumns).where('to_key', '=', key).execute()
      ).map(toStored),
    save: (redirect) => saveRedirects(db, [redirect], now),
  };
}

/** Every redirect, as an import's plan starts from. */
export async function loadAllRedirects(db: Db): Promise<StoredRedirect[]> {
  return (await db.selectFrom('redirects').select(storedColumns).execute()).map(toStored);
}

/** Where the old address `key` (a lookup form) is sent, or undefined when it is not. */
export async function findRedirectTarget(db: Db, key: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('redirects')
    .select('to_address')
    .where('from_path', '=', key)
    .executeTakeFirst();
  return row?.to_address;
}

/**
 * An item of the site takes `path` (a post saved at it, a tag given it): a redirect from there
 * goes, as the item wins. Within the caller's transaction; the caller moves the version.
 */
export async function releaseAddress(db: Db, path: string): Promise<void> {
  const key = redirectKey(path);
  if (key !== undefined) await db.deleteFrom('redirects').where('from_path', '=', key).execute();
}

/**
 * An item visitors could reach at `from` is now at `to` (both paths of this site): the old
 * address is sent on, and what led to it leads to the new one. The new address is released
 * first, so a move back and forth never makes a loop. Within the caller's transaction.
 */
export async function recordMovedAddress(
  db: Db,
  from: string,
  to: string,
  now = Date.now(),
): Promise<void> {
  const fromKey = redirectKey(from);
  const toKey = redirectKey(to);
  if (fromKey === undefined || toKey === undefined || fromKey === toKey) return;
  await releaseAddress(db, to);
  await placeRedirect(databaseStore(db, now), { from: fromKey, to, toKey, source: 'auto' });
}

/**
 * An item deleted from `path`: the redirects its address changes made to it go with it, so a
 * later item at that address does not receive its old links. The owner's own redirects stay.
 */
export async function forgetMovesTo(db: Db, path: string): Promise<void> {
  const key = redirectKey(path);
  if (key === undefined) return;
  await db.deleteFrom('redirects').where('to_key', '=', key).where('source', '=', 'auto').execute();
}

const visibleAt = (now: number) =>
  sql<boolean>`posts.status in ('published', 'scheduled') and posts.published_at <= ${now}`;

const postAddress = /^\/([a-z0-9-]+)\/$/;
const tagAddress = /^\/tag\/([a-z0-9-]+)\/(?:feed\.xml)?$/;

/**
 * What visitors see at each of `keys` (lookup forms), where something is: a published post or
 * page, or a tag (its topic page and its feed). A redirect from there would never be used.
 */
export async function liveItemsAt(
  db: Db,
  keys: readonly string[],
  now = Date.now(),
): Promise<Map<string, LiveItem>> {
  const found = new Map<string, LiveItem>();
  const slugsOf = (pattern: RegExp) => [
    ...new Set(keys.flatMap((key) => pattern.exec(key)?.[1] ?? [])),
  ];
  const postSlugs = slugsOf(postAddress);
  const tagSlugs = slugsOf(tagAddress);
  const posts = new Map<string, LiveItem>();
  const tags = new Map<string, LiveItem>();
  for (let start = 0; start < postSlugs.length; start += writeBatch) {
    const rows = await db
      .selectFrom('posts')
      .select(['slug', 'type', 'title'])
      .where('slug', 'in', postSlugs.slice(start, start + writeBatch))
      .where(visibleAt(now))
      .execute();
    for (const row of rows) posts.set(row.slug, { kind: row.type, title: row.title });
  }
  for (let start = 0; start < tagSlugs.length; start += writeBatch) {
    const rows = await db
      .selectFrom('tags')
      .select(['slug', 'name'])
      .where('slug', 'in', tagSlugs.slice(start, start + writeBatch))
      .execute();
    for (const row of rows) tags.set(row.slug, { kind: 'tag', title: row.name });
  }
  for (const key of keys) {
    const post = posts.get(postAddress.exec(key)?.[1] ?? '');
    const tag = tags.get(tagAddress.exec(key)?.[1] ?? '');
    if (post ?? tag) found.set(key, (post ?? tag) as LiveItem);
  }
  return found;
}

export type OwnerRedirectOutcome =
  | { ok: true; from: string; placement: Exclude<Placement, { kind: 'loop' }> }
  | { ok: false; field: 'from' | 'to'; message: string };

/**
 * A redirect the owner adds (the Redirects screen, the command line) from what they typed:
 * checked (an address of this site that no item holds, a target that is not the same place and
 * does not lead back), then kept with its chains collapsed. Each refusal names its field.
 */
export async function addOwnerRedirect(
  handle: DatabaseHandle,
  typed: { from: string; to: string },
  siteUrl: string,
  now = Date.now(),
): Promise<OwnerRedirectOutcome> {
  const from = readRedirectFrom(typed.from, siteUrl);
  if (!from.ok) return { ok: false, field: 'from', message: from.message };
  const to = readRedirectTo(typed.to, siteUrl);
  if (!to.ok) return { ok: false, field: 'to', message: to.message };
  if (to.value.key === from.value) return { ok: false, field: 'to', message: m.toSame };
  const live = (await liveItemsAt(handle.db, [from.value], now)).get(from.value);
  if (live) {
    return { ok: false, field: 'from', message: m.fromLive(readablePath(from.value), live) };
  }
  const placement = await handle.db.transaction().execute((trx) =>
    placeRedirect(databaseStore(trx, now), {
      from: from.value,
      to: to.value.address,
      toKey: to.value.key ?? null,
      source: 'owner',
    }),
  );
  if (placement.kind === 'loop') {
    return { ok: false, field: 'to', message: m.loop(placement.via) };
  }
  if (placement.kind !== 'unchanged') await bumpContentVersion(handle.db);
  return { ok: true, from: from.value, placement };
}

/** Deletes the redirect with `id`; what it was, or undefined when there is none. */
export async function deleteRedirect(
  handle: DatabaseHandle,
  id: number,
): Promise<{ from: string; to: string } | undefined> {
  const row = await handle.db
    .deleteFrom('redirects')
    .where('id', '=', id)
    .returning(['from_path', 'to_address'])
    .executeTakeFirst();
  if (!row) return undefined;
  await bumpContentVersion(handle.db);
  return { from: row.from_path, to: row.to_address };
}

/** The id of the redirect from the old address `typed` (the command line), if there is one. */
export async function findRedirectId(
  db: Db,
  typed: string,
  siteUrl: string,
): Promise<number | undefined> {
  const from = readRedirectFrom(typed, siteUrl);
  const key = from.ok ? from.value : redirectKey(typed.trim());
  if (key === undefined) return undefined;
  const row = await db
    .selectFrom('redirects')
    .select('id')
    .where('from_path', '=', key)
    .executeTakeFirst();
  return row?.id;
}

/**
 * An import's old addresses (decision 0063): `from` in its lookup form (or `/?p=N`, which the
 * home page looks up), `to` a path of this site. A new one is added, one the import made before
 * is updated, and any other (the owner's, an address change's) is left as it is, counted as
 * skipped; a dry run only counts. Moves the content version when anything changed.
 */
export async function keepImportedRedirects(
  db: Db,
  redirects: readonly { from: string; to: string }[],
  dryRun: boolean,
  now = Date.now(),
): Promise<{ imported: number; updated: number; skipped: number }> {
  const counts = { imported: 0, updated: 0, skipped: 0 };
  const changed: StoredRedirect[] = [];
  for (let start = 0; start < redirects.length; start += writeBatch) {
    const batch = redirects.slice(start, start + writeBatch);
    const existing = new Map(
      (
        await db
          .selectFrom('redirects')
          .select(['from_path', 'to_address', 'source'])
          .where(
            'from_path',
            'in',
            batch.map((redirect) => redirect.from),
          )
          .execute()
      ).map((row) => [row.from_path, row]),
    );
    for (const redirect of batch) {
      const had = existing.get(redirect.from);
      if (had && (had.source !== 'import' || had.to_address === redirect.to)) {
        counts.skipped++;
        continue;
      }
      counts[had ? 'updated' : 'imported']++;
      const toKey = redirectKey(new URL(redirect.to, 'http://quire.invalid').pathname) ?? null;
      changed.push({ from: redirect.from, to: redirect.to, toKey, source: 'import' });
    }
  }
  if (!dryRun && changed.length > 0) {
    await saveRedirects(db, changed, now);
    await bumpContentVersion(db);
  }
  return counts;
}
