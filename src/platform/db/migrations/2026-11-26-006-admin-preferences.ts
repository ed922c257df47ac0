import type { DatabaseKind } from '../connect.ts';
import { epochType, type MigrationDb } from './schema-sql.ts';

/** What each administrator chose in the admin, kept across sign-ins (the forum notice's state). */
export async function createAdminPreferences(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  await db.schema
    .createTable('admin_preferences')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', epochType(kind), (c) => c.notNull())
    .addPrimaryKeyConstraint('admin_preferences_pk', ['user_id', 'name'])
    .execute();
}
