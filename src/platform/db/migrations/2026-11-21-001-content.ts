import type { DatabaseKind } from '../connect.ts';
import {
  blobType,
  createPostSearchIndex,
  epochType,
  type MigrationDb,
  withIdColumn,
} from './schema-sql.ts';

/** Settings, secrets and counters; media, posts and tags with the posts' search index; users and
 * subscribers. */
export async function createContentTables(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  const epoch = epochType(kind);
  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', epoch, (c) => c.notNull())
    .execute();
  await withIdColumn(db.schema.createTable('media'), kind)
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('alt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bytes', blobType(kind), (c) => c.notNull())
    .addColumn('created_at', epoch, (c) => c.notNull())
    .execute();
  await withIdColumn(db.schema.createTable('posts'), kind)
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('excerpt', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body_markdown', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('cover_media_id', 'integer', (c) => c.references('media.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('published_at', epoch)
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('updated_at', epoch, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('posts_listing_idx')
    .on('posts')
    .columns(['type', 'status', 'published_at'])
    .execute();
  await withIdColumn(db.schema.createTable('tags'), kind)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createTable('post_tags')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('post_tags_pk', ['post_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('post_tags_tag_idx').on('post_tags').column('tag_id').execute();
  for (const statement of createPostSearchIndex(kind)) await statement.execute(db);
  await withIdColumn(db.schema.createTable('users'), kind)
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', epoch, (c) => c.notNull())
    .execute();
  await withIdColumn(db.schema.createTable('subscribers'), kind)
    .addColumn('feed_id', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addUniqueConstraint('subscribers_feed_email', ['feed_id', 'email'])
    .execute();
}
