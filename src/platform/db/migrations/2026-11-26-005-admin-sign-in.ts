import type { DatabaseKind } from '../connect.ts';
import { epochType, type MigrationDb } from './schema-sql.ts';

/**
 * Administrator sign-in: sessions end after a spell of disuse as well as at their absolute
 * end, and the first run hands out a one-time set-up link instead of a default password.
 */
export async function addAdminSignIn(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  const epoch = epochType(kind);
  // Sessions started before this column existed have none, and count as unused: they end.
  await db.schema.alterTable('sessions').addColumn('last_seen_at', epoch).execute();
  // Signing out everywhere ends every session of one administrator.
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();
  await db.schema
    .createTable('setup_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('expires_at', epoch, (c) => c.notNull())
    .addColumn('used_at', epoch)
    .execute();
}
