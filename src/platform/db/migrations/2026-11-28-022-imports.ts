import { epochType, type MigrationStep, withIdColumn } from './schema-sql.ts';

/**
 * Moving in from WordPress and Ghost (issue 30, decision 0063). `import_runs` is one import:
 * its uploaded file, options, progress and report, and the claim of the process working on
 * it (`claimed_by`, `heartbeat_at`), so a run whose process died is taken up again where it
 * stopped. `import_items` maps each thing of the old site (source, its address, kind, id) to
 * what it became here, with a fingerprint of what was read: a second run updates a changed
 * item and skips an unchanged one, never duplicates. `kept` holds what Quire has no place
 * for yet (comments, custom fields), with the import record.
 */
export const addImports: MigrationStep = async (db, kind) => {
  const epoch = epochType(kind);
  await withIdColumn(db.schema.createTable('import_runs'), kind)
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('options', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('phase', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('report', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('error', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('heartbeat_at', epoch)
    .addColumn('created_by', 'integer')
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('started_at', epoch)
    .addColumn('finished_at', epoch)
    .execute();
  await db.schema
    .createTable('import_items')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('target_id', 'integer')
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('kept', 'text')
    .addColumn('run_id', 'integer', (c) => c.notNull())
    .addColumn('updated_at', epoch, (c) => c.notNull())
    .addPrimaryKeyConstraint('import_items_pk', ['source', 'site', 'kind', 'source_id'])
    .execute();
};
