import type { Saver } from '../features/admin/messages.ts';
import type { Owner } from '../features/admin/server/owner-check.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import type { EditConflict } from '../platform/edit-conflict.ts';
import { adminJson } from './admin-api.ts';
import type { AppContext } from './boot.ts';

/**
 * The answer to a save made from an older revision (issue 28, point 10): 409, what changed
 * and when (in the site's time zone) and by whom, and the revision a "save anyway" sends.
 * Nothing was written; the editor keeps what the owner typed.
 */
export async function editConflictReply(
  app: AppContext,
  owner: Owner,
  conflict: EditConflict,
  message: (saver: Saver, when: string) => string,
): Promise<Response> {
  const { db } = app.database;
  const { revision, updatedAt, updatedBy } = conflict.current;
  const [user, { timeZone }] = await Promise.all([
    updatedBy === null || updatedBy === owner.userId
      ? undefined
      : db
          .selectFrom('users')
          .select(['name', 'email'])
          .where('id', '=', updatedBy)
          .executeTakeFirst(),
    readSiteSettings(db, app.log),
  ]);
  const saver: Saver =
    updatedBy === owner.userId
      ? { kind: 'you' }
      : user
        ? { kind: 'user', name: user.name || user.email }
        : { kind: 'unknown' };
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(updatedAt);
  return adminJson(409, { ok: false, message: message(saver, when), conflict: { revision } });
}
