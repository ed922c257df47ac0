import type { Db } from '../../../platform/db/connect.ts';
import type { ForumNoticeState } from '../forum-notice.ts';

const forumNotice = 'forum-notice';

/** How an administrator left the dashboard's forum notice; open until they choose. */
export async function readForumNoticeState(db: Db, userId: number): Promise<ForumNoticeState> {
  const row = await db
    .selectFrom('admin_preferences')
    .select('value')
    .where('user_id', '=', userId)
    .where('name', '=', forumNotice)
    .executeTakeFirst();
  return row?.value === 'closed' || row?.value === 'hidden' ? row.value : 'open';
}

/**
 * Keeps an administrator's choice. Hidden is for good: a late toggle (sent before the hide,
 * answered after it) cannot bring the notice back.
 */
export async function writeForumNoticeState(
  db: Db,
  userId: number,
  state: ForumNoticeState,
  now = Date.now(),
): Promise<void> {
  if (state !== 'hidden' && (await readForumNoticeState(db, userId)) === 'hidden') return;
  await db
    .insertInto('admin_preferences')
    .values({ user_id: userId, name: forumNotice, value: state, updated_at: now })
    .onConflict((c) =>
      c.columns(['user_id', 'name']).doUpdateSet({ value: state, updated_at: now }),
    )
    .execute();
}
