import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import type { PostType } from '../../../platform/db/schema.ts';
import { trashKeepMs } from '../post-actions.ts';
import { forgetDeletedPosts } from './list-actions.ts';

/** What the Trash of posts or of pages holds: how many, and when the newest came in. */
export async function trashContents(
  db: Db,
  type: PostType,
): Promise<{ count: number; newestTrashedAt: number | null }> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('trashed_at').as('newest')])
    .where('type', '=', type)
    .where('trashed_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    newestTrashedAt: row.newest === null ? null : Number(row.newest),
  };
}

/**
 * Empties the Trash of posts or of pages: deletes permanently what was in it when the owner was
 * asked (moved there up to `upTo`), never an item moved there after the question was shown.
 * Returns how many went.
 */
export async function emptyTrash(
  handle: DatabaseHandle,
  type: PostType,
  upTo: number,
): Promise<number> {
  return handle.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('posts')
      .where('type', '=', type)
      .where('trashed_at', 'is not', null)
      .where('trashed_at', '<=', upTo)
      .returning(['id', 'slug'])
      .execute();
    if (deleted.length > 0)
      await forgetDeletedPosts(
        trx,
        deleted.map((row) => row.slug),
      );
    return deleted.length;
  });
}

/**
 * Deletes permanently the posts and pages moved to the Trash more than 30 days before `now`.
 * One statement decides and deletes, so an item restored meanwhile stays, and several
 * processes sweeping at once delete each item once. Returns how many went.
 */
export async function sweepExpiredTrash(handle: DatabaseHandle, now = Date.now()): Promise<number> {
  return handle.db.transaction().execute(async (trx) => {
    const deleted = await trx
      .deleteFrom('posts')
      .where('trashed_at', 'is not', null)
      .where('trashed_at', '<', now - trashKeepMs)
      .returning(['id', 'slug'])
      .execute();
    if (deleted.length > 0)
      await forgetDeletedPosts(
        trx,
        deleted.map((row) => row.slug),
      );
    return deleted.length;
  });
}
