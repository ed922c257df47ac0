import { sql } from 'kysely';
import type { DatabaseKind } from '../connect.ts';
import { epochType, type MigrationDb, withIdColumn } from './schema-sql.ts';

/**
 * Users and roles (issue 29, point 6; decision 0060): each user has a role (everyone so far was
 * an administrator), each post an author (the posts written so far go to the first
 * administrator), and an administrator invites people by a mailed link valid 7 days.
 */
export async function addUsersAndRoles(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  const epoch = epochType(kind);
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('administrator'))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await sql`update posts set author_id = (select min(id) from users)`.execute(db);
  await db.schema.createIndex('posts_author_idx').on('posts').column('author_id').execute();
  await withIdColumn(db.schema.createTable('user_invites'), kind)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('expires_at', epoch, (c) => c.notNull())
    .addColumn('accepted_at', epoch)
    .addColumn('revoked_at', epoch)
    .execute();
  await db.schema
    .createIndex('user_invites_email_idx')
    .on('user_invites')
    .column('email')
    .execute();
}
