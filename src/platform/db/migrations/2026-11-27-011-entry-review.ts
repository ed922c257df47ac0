import type { MigrationDb, MigrationStep } from './schema-sql.ts';

/**
 * The admin's Entries screen (issue 16): an entry can be starred, each administrator keeps the
 * newest entry they have seen (the sidebar's badge counts those after it), and the list pages by
 * seek on the id (newest first) under its filters, so indexes lead with what it filters by and
 * end with the id: page 1,000 costs what page 1 does (decision 0040).
 */
export const addEntryReview: MigrationStep = async (db: MigrationDb) => {
  await db.schema
    .alterTable('form_entries')
    .addColumn('starred', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('users')
    .addColumn('entries_seen_id', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('form_entries_status_id_idx')
    .on('form_entries')
    .columns(['status', 'id'])
    .execute();
  await db.schema
    .createIndex('form_entries_form_status_id_idx')
    .on('form_entries')
    .columns(['form_id', 'status', 'id'])
    .execute();
  await db.schema
    .createIndex('form_entries_created_at_idx')
    .on('form_entries')
    .columns(['created_at', 'id'])
    .execute();
};
