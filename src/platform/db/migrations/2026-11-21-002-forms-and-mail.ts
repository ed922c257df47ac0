import type { DatabaseKind } from '../connect.ts';
import { epochType, type MigrationDb, withIdColumn } from './schema-sql.ts';

/** Forms and their entries, rate limits and the mail outbox. */
export async function createFormAndMailTables(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  const epoch = epochType(kind);
  await withIdColumn(db.schema.createTable('forms'), kind)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('updated_at', epoch, (c) => c.notNull())
    .execute();
  await withIdColumn(db.schema.createTable('form_entries'), kind)
    .addColumn('form_id', 'integer', (c) => c.notNull().references('forms.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('spam_reason', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('page_url', 'text', (c) => c.notNull())
    .addColumn('visitor_id', 'text')
    .addColumn('user_agent', 'text', (c) => c.notNull())
    .addColumn('started_at', epoch)
    .addColumn('submitted_at', epoch, (c) => c.notNull())
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
    .execute();
  await db.schema
    .createIndex('form_entries_form_idx')
    .on('form_entries')
    .columns(['form_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', epoch, (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  await withIdColumn(db.schema.createTable('mail_outbox'), kind)
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', epoch, (c) => c.notNull())
    .addColumn('locked_until', epoch)
    .addColumn('last_error', 'text')
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('sent_at', epoch)
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}
