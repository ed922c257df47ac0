import { sql } from 'kysely';
import { epochType, type MigrationStep } from './schema-sql.ts';

/**
 * The media library (issue 29, point 4; decision 0056). Each image gains:
 * - `uploaded_by`: the user who uploaded it (null for imports, the demo and older images);
 * - `size`: its stored bytes, so a list never reads the bytes to tell it;
 * - `keep_unused`: 1 for images kept even when nothing uses them (uploaded through the library,
 *   imported, or older than this migration); 0 for the editor's uploads, which the sweep removes
 *   after a day unless a saved post or setting has used them;
 * - `used_at`: when a saved post, page or setting first used it.
 *
 * On SQLite an image's bytes sit in the row before these columns (and before `created_at`), so
 * reading any of them would walk the whole image: the covering index holds every column the
 * library lists and filters on, and a list reads it alone.
 */
export const addMediaLibrary: MigrationStep = async (db, kind) => {
  await db.schema
    .alterTable('media')
    .addColumn('uploaded_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('size', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('media')
    .addColumn('keep_unused', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('media').addColumn('used_at', epochType(kind)).execute();
  await (kind === 'postgres'
    ? sql`update media set size = octet_length(bytes)`
    : sql`update media set size = length(bytes)`
  ).execute(db);
  await db.schema
    .createIndex('media_library_idx')
    .on('media')
    .columns([
      'id',
      'created_at',
      'file_name',
      'mime',
      'width',
      'height',
      'size',
      'alt',
      'uploaded_by',
      'keep_unused',
      'used_at',
    ])
    .execute();
};
