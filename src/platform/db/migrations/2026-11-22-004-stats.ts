import { sql } from 'kysely';
import type { DatabaseKind } from '../connect.ts';
import { epochType, type MigrationDb, withIdColumn } from './schema-sql.ts';

/** Statistics: raw hits, daily rollups, drops and salts; administrator sessions. */
export async function createStatsTables(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  const epoch = epochType(kind);
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
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', epoch, (c) => c.notNull())
    .addColumn('expires_at', epoch, (c) => c.notNull())
    .execute();
}
