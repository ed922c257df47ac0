import { type Kysely, sql, type Transaction } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { Database, PostType } from '../../../platform/db/schema.ts';
import type { ItemRef, PostAction } from '../post-actions.ts';
import { forgetMovesTo } from './redirects.ts';

/** What an action on chosen posts or pages did, item by item. */
export type PostActionOutcome = {
  /** The items it changed, each with the revision it has now (what an undo names). */
  done: ItemRef[];
  /** Titles of items saved or changed by someone since the list showed them: left as they are. */
  changed: string[];
  /** Titles of items that were as asked already (published already, in the Trash already). */
  already: string[];
  /** How many no longer exist (deleted meanwhile), or are not of this list's kind. */
  gone: number;
};

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Publishes, unpublishes, moves to the Trash, restores or deletes permanently the items an
 * owner chose (issue 29, point 3): each only from the revision the list showed, in one statement
 * that checks it and raises it, so an item someone changed meanwhile (saved, trashed, restored,
 * in any tab or instance) is left as it is and named. Publishing does what the editor's Publish
 * does: the time it was first published is kept, a scheduled one is published now; the announcer
 * mails it to subscribers once (announced_posts). A restored item comes back as it was
 * (decision 0055). Visitors see the change at once, on every instance.
 */
export async function applyPostAction(
  handle: DatabaseHandle,
  {
    type,
    action,
    items,
    userId,
    now = Date.now(),
  }: {
    type: PostType;
    action: PostAction;
    items: readonly ItemRef[];
    userId: number | null;
    now?: number;
  },
): Promise<PostActionOutcome> {
  const outcome: PostActionOutcome = { done: [], changed: [], already: [], gone: 0 };
  const unique = [...new Map(items.map((item) => [item.id, item])).values()];
  await handle.db.transaction().execute(async (trx) => {
    for (const item of unique) {
      const changed = await changeOne(trx, type, action, item, userId, now);
      if (changed) {
        outcome.done.push(changed);
        continue;
      }
      const row = await trx
        .selectFrom('posts')
        .select(['title', 'type', 'revision'])
        .where('id', '=', item.id)
        .executeTakeFirst();
      if (!row || row.type !== type) outcome.gone++;
      else if (row.revision !== item.revision) outcome.changed.push(row.title);
      else outcome.already.push(row.title);
    }
  });
  if (outcome.done.length > 0) await bumpContentVersion(handle.db);
  return outcome;
}

/** One item's change, only from its revision and only when it applies: its new revision. */
async function changeOne(
  trx: Transaction<Database>,
  type: PostType,
  action: PostAction,
  item: ItemRef,
  userId: number | null,
  now: number,
): Promise<ItemRef | undefined> {
  if (action === 'delete') {
    const deleted = await trx
      .deleteFrom('posts')
      .where('id', '=', item.id)
      .where('type', '=', type)
      .where('revision', '=', item.revision)
      .where('trashed_at', 'is not', null)
      .returning(['id', 'slug'])
      .executeTakeFirst();
    if (deleted) await forgetDeletedPosts(trx, [deleted.slug]);
    return deleted && item;
  }
  const saved = { revision: sql<number>`revision + 1`, updated_at: now, updated_by: userId };
  const query = trx
    .updateTable('posts')
    .where('id', '=', item.id)
    .where('type', '=', type)
    .where('revision', '=', item.revision);
  const changes = {
    trash: () => query.set({ ...saved, trashed_at: now }).where('trashed_at', 'is', null),
    restore: () => query.set({ ...saved, trashed_at: null }).where('trashed_at', 'is not', null),
    // As the editor's Publish: the first publishing time is kept, one still to come is now.
    publish: () =>
      query
        .set({
          ...saved,
          status: 'published',
          published_at: sql<number>`case when published_at is not null and published_at <= ${now}
            then published_at else ${now} end`,
        })
        .where('trashed_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('status', '=', 'draft'),
            eb('published_at', 'is', null),
            eb('published_at', '>', now),
          ]),
        ),
    // Back to a draft, its publishing time kept for when it is published again.
    unpublish: () =>
      query
        .set({ ...saved, status: 'draft' })
        .where('trashed_at', 'is', null)
        .where('status', 'in', ['published', 'scheduled']),
  };
  const row = await changes[action]().returning(['id', 'revision']).executeTakeFirst();
  return row && { id: row.id, revision: row.revision };
}

/** What only deleted posts owned besides their tags (which go with them): their announcement. */
export async function forgetDeletedPosts(db: Db, slugs: readonly string[] = []): Promise<void> {
  await db
    .deleteFrom('announced_posts')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('posts')
            .select(sql`1`.as('one'))
            .whereRef('posts.id', '=', 'announced_posts.post_id'),
        ),
      ),
    )
    .execute();
  // The redirects their address changes made led to them; gone, they lead nowhere.
  for (const slug of slugs) await forgetMovesTo(db, `/${slug}/`);
}
