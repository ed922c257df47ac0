import { type Kysely, sql } from 'kysely';
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { DatabaseKind, Db } from './connect.ts';
import { blobType, createPostSearchIndex, epochType, withIdColumn } from './dialect-sql.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations see the database as it was then
type AnyDb = Kysely<any>;

function migrations(kind: DatabaseKind): Record<string, Migration> {
  const epoch = epochType(kind);
  return {
    '2026-11-21-001-content': {
      async up(db: AnyDb) {
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
          .addColumn('cover_media_id', 'integer', (c) =>
            c.references('media.id').onDelete('set null'),
          )
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
          .addColumn('post_id', 'integer', (c) =>
            c.notNull().references('posts.id').onDelete('cascade'),
          )
          .addColumn('tag_id', 'integer', (c) =>
            c.notNull().references('tags.id').onDelete('cascade'),
          )
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
      },
    },
    '2026-11-21-002-forms-and-mail': {
      async up(db: AnyDb) {
        await withIdColumn(db.schema.createTable('forms'), kind)
          .addColumn('title', 'text', (c) => c.notNull())
          .addColumn('definition', 'text', (c) => c.notNull())
          .addColumn('created_at', epoch, (c) => c.notNull())
          .addColumn('updated_at', epoch, (c) => c.notNull())
          .execute();
        await withIdColumn(db.schema.createTable('form_entries'), kind)
          .addColumn('form_id', 'integer', (c) =>
            c.notNull().references('forms.id').onDelete('cascade'),
          )
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('spam_reason', 'text')
          .addColumn('fields', 'text', (c) => c.notNull())
          .addColumn('page_url', 'text', (c) => c.notNull())
          .addColumn('visitor_id', 'text')
          .addColumn('user_agent', 'text', (c) => c.notNull())
          .addColumn('started_at', epoch)
          .addColumn('submitted_at', epoch, (c) => c.notNull())
          .addColumn('created_at', epoch, (c) => c.notNull())
          .addColumn('fingerprint', 'text', (c) => c.notNull().unique())
          .execute();
        await db.schema
          .createIndex('form_entries_form_idx')
          .on('form_entries')
          .columns(['form_id', 'status', 'created_at'])
          .execute();
        await db.schema
          .createTable('rate_limits')
          .addColumn('key', 'text', (c) => c.primaryKey())
          .addColumn('window_start', epoch, (c) => c.notNull())
          .addColumn('hits', 'integer', (c) => c.notNull())
          .execute();
        await withIdColumn(db.schema.createTable('mail_outbox'), kind)
          .addColumn('message', 'text', (c) => c.notNull())
          .addColumn('status', 'text', (c) => c.notNull())
          .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
          .addColumn('next_attempt_at', epoch, (c) => c.notNull())
          .addColumn('locked_until', epoch)
          .addColumn('last_error', 'text')
          .addColumn('created_at', epoch, (c) => c.notNull())
          .addColumn('sent_at', epoch)
          .execute();
        await db.schema
          .createIndex('mail_outbox_due_idx')
          .on('mail_outbox')
          .columns(['status', 'next_attempt_at'])
          .execute();
      },
    },
    '2026-11-21-003-subscriptions': {
      async up(db: AnyDb) {
        await db.schema.alterTable('subscribers').addColumn('confirmed_at', epoch).execute();
        await db.schema.alterTable('subscribers').addColumn('unsubscribed_at', epoch).execute();
        await db.schema
          .createIndex('subscribers_feed_status_idx')
          .on('subscribers')
          .columns(['feed_id', 'status'])
          .execute();
        // One row per post whose subscribers were mailed: inserting it is the claim that makes
        // every process and restart announce a post exactly once.
        await db.schema
          .createTable('announced_posts')
          .addColumn('post_id', 'integer', (c) => c.primaryKey())
          .addColumn('recipients', 'integer', (c) => c.notNull())
          .addColumn('announced_at', epoch, (c) => c.notNull())
          .execute();
        // Posts published before subscriptions existed are never mailed.
        await db
          .insertInto('counters')
          .values({ name: 'announce_posts_published_from', value: Date.now() })
          .execute();
      },
    },
    '2026-11-22-004-stats': {
      async up(db: AnyDb) {
        // Raw hits, kept for STATS_RAW_DAYS; `day` is whole UTC days since 1970 (decision 0016).
        await withIdColumn(db.schema.createTable('stat_hits'), kind)
          .addColumn('at', epoch, (c) => c.notNull())
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('type', 'text', (c) => c.notNull())
          .addColumn('path', 'text', (c) => c.notNull())
          .addColumn('title', 'text')
          .addColumn('referrer', 'text')
          .addColumn('referrer_host', 'text')
          .addColumn('utm_source', 'text')
          .addColumn('utm_medium', 'text')
          .addColumn('utm_campaign', 'text')
          .addColumn('utm_term', 'text')
          .addColumn('utm_content', 'text')
          .addColumn('click_id', 'text')
          .addColumn('screen_width', 'integer')
          .addColumn('screen_height', 'integer')
          .addColumn('viewport_width', 'integer')
          .addColumn('viewport_height', 'integer')
          .addColumn('charset', 'text')
          .addColumn('color_depth', 'integer')
          .addColumn('event_category', 'text')
          .addColumn('event_action', 'text')
          .addColumn('event_label', 'text')
          .addColumn('event_value', 'integer')
          .addColumn('visitor', 'text', (c) => c.notNull())
          .execute();
        await db.schema.createIndex('stat_hits_day_idx').on('stat_hits').column('day').execute();
        // A report sums today's raw hits per list (decision 0017); the few hits with a campaign,
        // a click id or an event get small indexes of their own, so those lists skip the rest.
        await db.schema
          .createIndex('stat_hits_campaign_day_idx')
          .on('stat_hits')
          .column('day')
          .where(
            sql<boolean>`utm_source is not null or utm_medium is not null or utm_campaign is not null or utm_term is not null or utm_content is not null or click_id is not null`,
          )
          .execute();
        await db.schema
          .createIndex('stat_hits_event_day_idx')
          .on('stat_hits')
          .column('day')
          .where(sql<boolean>`type = 'event'`)
          .execute();
        // Daily rollups: one row per day, dimension and value (a path, a referrer host, …).
        await db.schema
          .createTable('stat_daily')
          .addColumn('dimension', 'text', (c) => c.notNull())
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('value', 'text', (c) => c.notNull())
          .addColumn('views', 'integer', (c) => c.notNull())
          .addColumn('visitors', 'integer', (c) => c.notNull())
          .addColumn('value_total', epoch, (c) => c.notNull().defaultTo(0))
          .addPrimaryKeyConstraint('stat_daily_pk', ['dimension', 'day', 'value'])
          .execute();
        // A row here is the claim that a day's hits were folded into stat_daily, exactly once.
        await db.schema
          .createTable('stat_rolled_days')
          .addColumn('day', 'integer', (c) => c.primaryKey())
          .addColumn('hits', 'integer', (c) => c.notNull())
          .addColumn('rolled_at', epoch, (c) => c.notNull())
          .execute();
        await db.schema
          .createTable('stat_drops')
          .addColumn('day', 'integer', (c) => c.notNull())
          .addColumn('reason', 'text', (c) => c.notNull())
          .addColumn('count', 'integer', (c) => c.notNull())
          .addPrimaryKeyConstraint('stat_drops_pk', ['day', 'reason'])
          .execute();
        // The day's salt for visitors without `_qvid`; deleted when the day is over.
        await db.schema
          .createTable('stat_salts')
          .addColumn('day', 'integer', (c) => c.primaryKey())
          .addColumn('salt', 'text', (c) => c.notNull())
          .execute();
        // Administrator sessions: the owner's own visits are not counted (admin issue signs in).
        await db.schema
          .createTable('sessions')
          .addColumn('token_hash', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'integer', (c) =>
            c.notNull().references('users.id').onDelete('cascade'),
          )
          .addColumn('created_at', epoch, (c) => c.notNull())
          .addColumn('expires_at', epoch, (c) => c.notNull())
          .execute();
      },
    },
  };
}

export async function migrateToLatest(db: Db, kind: DatabaseKind): Promise<void> {
  const list = migrations(kind);
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
