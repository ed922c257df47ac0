import { sql } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import { tagFeedId } from '../../share/feeds.ts';
import { tagRuleMessages as m } from '../address-messages.ts';
import { isValidSlug } from '../slug.ts';
import {
  type TagChange,
  type TagFormErrors,
  tagDescriptionMaxLength,
  tagNameMaxLength,
} from '../tag-admin.ts';
import { forgetMovesTo, recordMovedAddress, releaseAddress } from './redirects.ts';

/**
 * The owner's tags (issue 29, point 5): each with its posts, renamed, given a new address (its
 * old topic page and feed then send visitors on) or deleted (its posts stay). Decision 0054.
 */

export type AdminTag = {
  id: number;
  name: string;
  slug: string;
  description: string;
  /** Posts carrying it, whatever their state. */
  posts: number;
  /** Of those, the ones visitors see now. */
  published: number;
  /** People subscribed to its topic's feed (pending or confirmed). */
  subscribers: number;
};

const visibleAt = (now: number) =>
  sql<boolean>`posts.status in ('published', 'scheduled') and posts.published_at <= ${now}`;

function tagsWithCounts(db: Db, now: number) {
  return db
    .selectFrom('tags')
    .leftJoin('post_tags', 'post_tags.tag_id', 'tags.id')
    .leftJoin('posts', 'posts.id', 'post_tags.post_id')
    .select([
      'tags.id',
      'tags.name',
      'tags.slug',
      'tags.description',
      (eb) => eb.fn.count<number | string>('posts.id').as('posts'),
      sql<number | string>`coalesce(sum(case when ${visibleAt(now)} then 1 else 0 end), 0)`.as(
        'published',
      ),
    ])
    .groupBy(['tags.id', 'tags.name', 'tags.slug', 'tags.description']);
}

type CountedRow = {
  id: number;
  name: string;
  slug: string;
  description: string;
  posts: number | string;
  published: number | string;
};

async function withSubscribers(db: Db, rows: CountedRow[]): Promise<AdminTag[]> {
  const feedIds = rows.map((row) => tagFeedId(row.id));
  const counts = new Map<number, number>();
  for (let start = 0; start < feedIds.length; start += 500) {
    const found = await db
      .selectFrom('subscribers')
      .select(['feed_id', (eb) => eb.fn.countAll<number | string>().as('count')])
      .where('feed_id', 'in', feedIds.slice(start, start + 500))
      .where('status', 'in', ['pending', 'confirmed'])
      .groupBy('feed_id')
      .execute();
    for (const row of found) counts.set(row.feed_id, Number(row.count));
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    posts: Number(row.posts),
    published: Number(row.published),
    subscribers: counts.get(tagFeedId(row.id)) ?? 0,
  }));
}

/** Every tag, by name, with its posts and subscribers. */
export async function listAdminTags(db: Db, now = Date.now()): Promise<AdminTag[]> {
  const rows = await tagsWithCounts(db, now).orderBy(sql`lower(tags.name)`).execute();
  return withSubscribers(db, rows);
}

export async function findAdminTag(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<AdminTag | undefined> {
  const rows = await tagsWithCounts(db, now).where('tags.id', '=', id).execute();
  return (await withSubscribers(db, rows))[0];
}

export type TagChangeOutcome =
  | { ok: true; tag: { id: number; name: string; slug: string }; movedFrom?: string }
  | { ok: false; errors: TagFormErrors }
  | { ok: false; gone: true };

/**
 * Renames a tag, describes it, or gives it a new address: its old topic page and feed then
 * send visitors (and feed readers) to the new ones, and a redirect that held the new address
 * gives way. Each refused value is named by its field.
 */
export async function changeTag(
  handle: DatabaseHandle,
  id: number,
  change: TagChange,
  now = Date.now(),
): Promise<TagChangeOutcome> {
  const name = change.name.trim();
  const slug = change.slug.trim();
  const errors: TagFormErrors = {};
  if (name === '') errors.name = m.nameEmpty;
  else if (name.length > tagNameMaxLength) errors.name = m.nameTooLong(tagNameMaxLength);
  if (!isValidSlug(slug)) errors.slug = m.slugInvalid;
  const description = change.description.trim();
  if (description.length > tagDescriptionMaxLength) {
    errors.description = m.descriptionTooLong(tagDescriptionMaxLength);
  }
  const outcome = await handle.db.transaction().execute(async (trx) => {
    const tag = await trx
      .selectFrom('tags')
      .select(['id', 'slug'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!tag) return { ok: false as const, gone: true as const };
    if (!errors.name) {
      const named = await trx
        .selectFrom('tags')
        .select('name')
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .where('id', '!=', id)
        .executeTakeFirst();
      if (named) errors.name = m.nameTaken(named.name);
    }
    if (!errors.slug && slug !== tag.slug) {
      const taken = await trx
        .selectFrom('tags')
        .select('id')
        .where('slug', '=', slug)
        .executeTakeFirst();
      if (taken) errors.slug = m.slugTaken(slug);
    }
    if (Object.keys(errors).length > 0) return { ok: false as const, errors };
    await trx.updateTable('tags').set({ name, slug, description }).where('id', '=', id).execute();
    if (slug === tag.slug) return { ok: true as const, tag: { id, name, slug } };
    for (const [from, to] of tagAddresses(tag.slug, slug)) {
      await recordMovedAddress(trx, from, to, now);
    }
    return { ok: true as const, tag: { id, name, slug }, movedFrom: tag.slug };
  });
  if (outcome.ok) await bumpContentVersion(handle.db);
  return outcome;
}

/** A tag's addresses (its topic page and its feed) before and after a change of slug. */
function tagAddresses(from: string, to: string): Array<[string, string]> {
  return [
    [`/tag/${from}/`, `/tag/${to}/`],
    [`/tag/${from}/feed.xml`, `/tag/${to}/feed.xml`],
  ];
}

/**
 * Deletes a tag: its posts stay, without it; the redirects its address changes made to it go
 * with it. Its subscribers are kept (the Subscribers screen lists them under a removed topic).
 */
export async function deleteTag(
  handle: DatabaseHandle,
  id: number,
): Promise<{ name: string } | undefined> {
  const deleted = await handle.db.transaction().execute(async (trx) => {
    const tag = await trx
      .selectFrom('tags')
      .select(['name', 'slug'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!tag) return undefined;
    await trx.deleteFrom('post_tags').where('tag_id', '=', id).execute();
    await trx.deleteFrom('tags').where('id', '=', id).execute();
    for (const [, address] of tagAddresses(tag.slug, tag.slug)) {
      await forgetMovesTo(trx, address);
    }
    return { name: tag.name };
  });
  if (deleted) await bumpContentVersion(handle.db);
  return deleted;
}

/**
 * The tag an import's category or tag becomes (decision 0063): the one with its slug, else the
 * one with its name (in any case), else a new one, which takes its addresses from any redirect.
 */
export async function ensureImportedTag(
  handle: DatabaseHandle,
  name: string,
  slug: string,
): Promise<{ id: number; name: string; slug: string }> {
  const { db } = handle;
  const found =
    (await db
      .selectFrom('tags')
      .select(['id', 'name', 'slug'])
      .where('slug', '=', slug)
      .executeTakeFirst()) ??
    (await db
      .selectFrom('tags')
      .select(['id', 'name', 'slug'])
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .orderBy('id')
      .executeTakeFirst());
  if (found) return found;
  const made = await db
    .insertInto('tags')
    .values({ name, slug, description: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [, address] of tagAddresses(slug, slug)) await releaseAddress(db, address);
  await bumpContentVersion(db);
  return { id: made.id, name, slug };
}
