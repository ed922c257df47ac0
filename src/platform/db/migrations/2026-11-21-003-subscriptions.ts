import type { DatabaseKind } from '../connect.ts';
import { epochType, type MigrationDb } from './schema-sql.ts';

/** Confirmed and unsubscribed subscribers, and the posts already announced to them. */
export async function addSubscriptionStates(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  const epoch = epochType(kind);
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
}
