import {
  blobType,
  epochType,
  type MigrationDb,
  type MigrationStep,
  withIdColumn,
} from './schema-sql.ts';

/**
 * Files sent with form entries (issue 15): uploads, camera photos and signatures. A file is
 * written as it arrives, before its entry exists, so it starts without an entry; the entry's
 * transaction takes it, and a file no entry took within the hour (a refused submission, a
 * process that died mid-upload, an entry deleted) is swept away. The bytes live in chunks of
 * the database (every instance reaches them) or in S3-compatible storage (`backend`).
 */
export const addFormFiles: MigrationStep = async (db: MigrationDb, kind) => {
  const epoch = epochType(kind);
  await withIdColumn(db.schema.createTable('form_files'), kind)
    .addColumn('entry_id', 'integer', (c) => c.references('form_entries.id').onDelete('set null'))
    .addColumn('form_id', 'integer', (c) => c.notNull())
    .addColumn('field_id', 'integer', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('backend', 'text', (c) => c.notNull())
    .addColumn('bucket', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('size', epoch, (c) => c.notNull())
    .addColumn('complete', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('form_files_entry_idx').on('form_files').column('entry_id').execute();
  await db.schema
    .createIndex('form_files_unattached_idx')
    .on('form_files')
    .columns(['entry_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('form_file_chunks')
    .addColumn('file_id', 'integer', (c) =>
      c.notNull().references('form_files.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('bytes', blobType(kind), (c) => c.notNull())
    .addPrimaryKeyConstraint('form_file_chunks_pk', ['file_id', 'seq'])
    .execute();
};
