import type { MigrationStep } from './schema-sql.ts';

/**
 * Two people (or two tabs) editing one post or form (issue 28, point 10): each save raises the
 * item's revision and names who saved it, and a save made from an older revision is refused
 * instead of silently overwriting the newer one.
 */
export const addEditRevisions: MigrationStep = async (db) => {
  for (const table of ['posts', 'forms']) {
    await db.schema
      .alterTable(table)
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema.alterTable(table).addColumn('updated_by', 'integer').execute();
  }
};
