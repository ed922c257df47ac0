import { epochType, type MigrationStep } from './schema-sql.ts';

/**
 * The Trash (issue 29, point 3): a post or page moved there keeps its row, its status, tags and
 * address, marked with the time it was moved, so it can come back as it was; the sweep deletes
 * those moved more than 30 days ago, found by the index (decision 0055).
 */
export const addTrash: MigrationStep = async (db, kind) => {
  await db.schema.alterTable('posts').addColumn('trashed_at', epochType(kind)).execute();
  await db.schema.createIndex('posts_trashed_at_idx').on('posts').column('trashed_at').execute();
};
