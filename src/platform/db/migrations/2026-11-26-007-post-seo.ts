import type { MigrationDb } from './schema-sql.ts';

/**
 * What a post or page tells search engines and link previews when the owner words it apart
 * from the title and excerpt (the editor's SEO title and description). Empty means "use the
 * title and excerpt", so every post written before keeps what it showed.
 */
export async function addPostSeo(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('seo_title', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('posts')
    .addColumn('seo_description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}
