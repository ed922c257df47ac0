import { epochType, type MigrationStep } from './schema-sql.ts';

/**
 * Daily backups to a folder (issue 29, point 7; decision 0057): one row per day of the site's
 * time zone. Inserting it is the claim that makes exactly one process of one instance back up
 * that day; it then keeps how the backup went, for the Backups screen and the dashboard.
 */
export const addBackupRuns: MigrationStep = async (db, kind) => {
  const epoch = epochType(kind);
  await db.schema
    .createTable('backup_runs')
    .addColumn('day', 'integer', (c) => c.primaryKey())
    .addColumn('started_at', epoch, (c) => c.notNull())
    .addColumn('finished_at', epoch)
    .addColumn('file', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bytes', epoch, (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute();
};
