import { epochType, type MigrationStep } from './schema-sql.ts';

/**
 * The form builder (issue 16, point 1): a form deleted with its entries kept stays as a row
 * marked deleted, so its entries (which reference it, and go with it when it is removed) keep
 * their form and title while the form leaves the list, the pages and the submissions.
 */
export const addFormDeletion: MigrationStep = async (db, kind) => {
  await db.schema.alterTable('forms').addColumn('deleted_at', epochType(kind)).execute();
};
