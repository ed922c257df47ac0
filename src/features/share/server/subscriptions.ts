import type { Db } from '../../../platform/db/connect.ts';
import { siteFeedId } from '../../site/site-settings.ts';

export function isKnownFeed(feedId: number): boolean {
  return feedId === siteFeedId;
}

/**
 * Records a subscription request as pending; asking again changes nothing. The double opt-in
 * mail that confirms it is sent by the subscriptions module of the sharing feature.
 */
export async function requestSubscription(
  db: Db,
  feedId: number,
  email: string,
): Promise<'new' | 'already'> {
  const normalised = email.trim().toLowerCase();
  const result = await db
    .insertInto('subscribers')
    .values({ feed_id: feedId, email: normalised, status: 'pending', created_at: Date.now() })
    .onConflict((c) => c.columns(['feed_id', 'email']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0 ? 'new' : 'already';
}
