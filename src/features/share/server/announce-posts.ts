import { sql } from 'kysely';
import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { MailMessage } from '../../../platform/mail/mail-message.ts';
import { enqueueMails } from '../../../platform/mail/mail-outbox.ts';
import { siteFeedId, tagFeedId } from '../feeds.ts';
import { serverShareMessages } from '../messages.ts';
import { newPostMail } from './subscriber-mails.ts';
import { unsubscribeUrl } from './subscription-links.ts';
import type { SiteForMail } from './subscriptions.ts';

/** Set by the subscriptions migration: posts published before it are never announced. */
export const announceFromCounter = 'announce_posts_published_from';

export type AnnounceReport = { posts: number; mails: number };

/**
 * Mails every post that has become visible (published now, or scheduled and its time has
 * come; never one in the Trash) to the confirmed subscribers of the site feed and of the
 * post's tags: one mail per address and post, however many of those feeds it follows. A post
 * is claimed by inserting its `announced_posts` row in the transaction that queues its mails,
 * so across processes, instances and restarts each post is announced exactly once, or not at
 * all if it rolls back.
 */
export async function announceNewPosts(
  database: DatabaseHandle,
  site: SiteForMail,
  now = Date.now(),
  maxPosts = 5,
): Promise<AnnounceReport> {
  const { db } = database;
  const from = await db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', announceFromCounter)
    .executeTakeFirst();
  if (!from) return { posts: 0, mails: 0 };
  const due = await db
    .selectFrom('posts')
    .select(['id', 'title', 'slug', 'excerpt'])
    .where('type', '=', 'post')
    .where('status', 'in', ['published', 'scheduled'])
    .where('published_at', '<=', now)
    .where('published_at', '>=', Number(from.value))
    .where('trashed_at', 'is', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('announced_posts')
            .select(sql`1`.as('one'))
            .whereRef('announced_posts.post_id', '=', 'posts.id'),
        ),
      ),
    )
    .orderBy('published_at')
    .orderBy('id')
    .limit(maxPosts)
    .execute();

  const report: AnnounceReport = { posts: 0, mails: 0 };
  for (const post of due) {
    const mails = await db.transaction().execute(async (trx) => {
      // Claimed only while it is still visible: not unpublished or trashed since it was read.
      const claim = await trx
        .insertInto('announced_posts')
        .columns(['post_id', 'recipients', 'announced_at'])
        .expression((eb) =>
          eb
            .selectFrom('posts')
            .select(['id', sql<number>`0`.as('recipients'), sql<number>`${now}`.as('announced_at')])
            .where('id', '=', post.id)
            .where('status', 'in', ['published', 'scheduled'])
            .where('published_at', '<=', now)
            .where('trashed_at', 'is', null),
        )
        .onConflict((c) => c.column('post_id').doNothing())
        .executeTakeFirst();
      if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return undefined;
      const tags = await trx
        .selectFrom('post_tags')
        .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
        .select(['tags.id', 'tags.name'])
        .where('post_tags.post_id', '=', post.id)
        .orderBy('post_tags.position')
        .execute();
      const feedTitles = new Map<number, string>([
        [siteFeedId, serverShareMessages.feedTitle(site.siteTitle)],
        ...tags.map(
          (tag) =>
            [tagFeedId(tag.id), serverShareMessages.feedTitle(site.siteTitle, tag.name)] as const,
        ),
      ]);
      // The site feed first, then the post's tags in its order: the feed a reader is told
      // they are mailed for, and which the mail's unsubscribe link ends.
      const feedOrder = [...feedTitles.keys()];
      const subscribers = await trx
        .selectFrom('subscribers')
        .select(['id', 'feed_id', 'email'])
        .where('status', '=', 'confirmed')
        .where('feed_id', 'in', feedOrder)
        .execute();
      subscribers.sort(
        (a, b) => feedOrder.indexOf(a.feed_id) - feedOrder.indexOf(b.feed_id) || a.id - b.id,
      );
      const seen = new Set<string>();
      const messages: MailMessage[] = [];
      const announced = {
        title: post.title,
        excerpt: post.excerpt,
        url: `${site.siteUrl}/${post.slug}/`,
      };
      for (const subscriber of subscribers) {
        if (seen.has(subscriber.email)) continue;
        seen.add(subscriber.email);
        messages.push(
          newPostMail(
            {
              email: subscriber.email,
              feedTitle: feedTitles.get(subscriber.feed_id) as string,
              siteTitle: site.siteTitle,
              siteUrl: site.siteUrl,
              unsubscribeUrl: unsubscribeUrl(site.siteUrl, site.secret, {
                id: subscriber.id,
                feedId: subscriber.feed_id,
                email: subscriber.email,
              }),
            },
            announced,
          ),
        );
      }
      await enqueueMails(trx, messages, now);
      await trx
        .updateTable('announced_posts')
        .set({ recipients: messages.length })
        .where('post_id', '=', post.id)
        .execute();
      return messages.length;
    });
    if (mails === undefined) continue;
    report.posts++;
    report.mails += mails;
  }
  return report;
}
