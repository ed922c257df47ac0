import { epochType, type MigrationStep, withIdColumn } from './schema-sql.ts';

/**
 * Old addresses keep working (issue 29, point 5; decision 0054): each row sends one old path of
 * the site to its new place with a 301. `from_path` is the old path in its lookup form (see
 * `redirectKey`), unique; `to_address` is a path of the site or an absolute URL, and `to_key`
 * the lookup form of a site path's path (null for another site), so the chains that a new
 * redirect would make are found by index and collapsed to one hop. `source` says who made it:
 * an address change (`auto`), the owner (`owner`) or an import (`import`).
 */
export const addRedirects: MigrationStep = async (db, kind) => {
  const epoch = epochType(kind);
  await withIdColumn(db.schema.createTable('redirects'), kind)
    .addColumn('from_path', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('to_key', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(301))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('updated_at', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('redirects_to_key_idx').on('redirects').column('to_key').execute();
};
