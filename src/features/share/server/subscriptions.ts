import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import type { SubscriberStatus } from '../../../platform/db/schema.ts';
import { enqueueMail } from '../../../platform/mail/mail-outbox.ts';
import { type RateLimit, takeRateLimit } from '../../../platform/rate-limit.ts';
import { parseFeedId } from '../feeds.ts';
import { serverShareMessages } from '../messages.ts';
import { confirmationMail } from './subscriber-mails.ts';
import {
  checkLinkToken,
  confirmUrl,
  type LinkPurpose,
  parseLinkToken,
  type SignedSubscriber,
  unsubscribeUrl,
} from './subscription-links.ts';

/** A feed one can subscribe to: the whole site, or one tag. */
export type Feed = { id: number; title: string };

/**
 * Subscription requests one client (address) may make, and confirmation mails one e-mail
 * address may be sent. Both are counted in the database, so every instance shares them.
 */
export const subscriptionRateLimits = {
  perClient: { scope: 'qshare-subscribe-client', limit: 5, windowMs: 10 * 60_000 },
  perAddress: { scope: 'qshare-confirmation-mail', limit: 3, windowMs: 86_400_000 },
} as const satisfies Record<string, RateLimit>;

/** Addresses are kept as typed but in lower case, so one mailbox is one subscriber. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The feed with this id, or undefined when there is none (also for tags that are gone). */
export async function findFeed(
  db: Db,
  feedId: number,
  siteTitle: string,
): Promise<Feed | undefined> {
  const ref = parseFeedId(feedId);
  if (!ref) return undefined;
  if (ref.kind === 'site') return { id: feedId, title: serverShareMessages.feedTitle(siteTitle) };
  const tag = await db
    .selectFrom('tags')
    .select('name')
    .where('id', '=', ref.tagId)
    .executeTakeFirst();
  return tag && { id: feedId, title: serverShareMessages.feedTitle(siteTitle, tag.name) };
}

export type SubscribeOutcome =
  | { outcome: 'confirmation-sent' | 'already-subscribed' | 'address-limited' }
  | { outcome: 'client-limited'; retryAfterSeconds: number };

export type SiteForMail = { secret: string; siteUrl: string; siteTitle: string };

/**
 * A visitor asks for new posts of a feed. A new, pending or formerly unsubscribed address is
 * (again) pending and gets a confirmation mail, within the per-address limit; a confirmed one
 * is told so and gets nothing. Everything, mail included, is written in one transaction; call
 * `mail.deliverSoon()` after it.
 */
export async function requestSubscription(
  { db }: DatabaseHandle,
  site: SiteForMail,
  request: { feed: Feed; email: string; client: string },
  now = Date.now(),
): Promise<SubscribeOutcome> {
  const email = normaliseEmail(request.email);
  const { feed } = request;
  return db.transaction().execute(async (trx) => {
    const perClient = await takeRateLimit(
      trx,
      site.secret,
      subscriptionRateLimits.perClient,
      request.client,
      now,
    );
    if (!perClient.allowed) {
      return { outcome: 'client-limited', retryAfterSeconds: perClient.retryAfterSeconds };
    }
    await trx
      .insertInto('subscribers')
      .values({ feed_id: feed.id, email, status: 'pending', created_at: now })
      .onConflict((c) => c.columns(['feed_id', 'email']).doNothing())
      .execute();
    const row = await trx
      .selectFrom('subscribers')
      .select(['id', 'status'])
      .where('feed_id', '=', feed.id)
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    if (row.status === 'confirmed') return { outcome: 'already-subscribed' };
    const perAddress = await takeRateLimit(
      trx,
      site.secret,
      subscriptionRateLimits.perAddress,
      email,
      now,
    );
    if (!perAddress.allowed) return { outcome: 'address-limited' };
    if (row.status === 'unsubscribed') {
      await trx
        .updateTable('subscribers')
        .set({ status: 'pending', unsubscribed_at: null })
        .where('id', '=', row.id)
        .execute();
    }
    await queueConfirmationMail(trx, site, feed, { id: row.id, feedId: feed.id, email }, now);
    return { outcome: 'confirmation-sent' };
  });
}

/**
 * Queues the double opt-in mail of a pending subscription: the subscription page's, the
 * owner's resend and an import's. The caller has taken the per-address limit.
 */
export async function queueConfirmationMail(
  db: Db,
  site: SiteForMail,
  feed: Feed,
  signed: SignedSubscriber,
  now: number,
): Promise<void> {
  await enqueueMail(
    db,
    confirmationMail(
      {
        email: signed.email,
        feedTitle: feed.title,
        siteTitle: site.siteTitle,
        siteUrl: site.siteUrl,
        unsubscribeUrl: unsubscribeUrl(site.siteUrl, site.secret, signed),
      },
      confirmUrl(site.siteUrl, site.secret, signed, now),
    ),
    now,
  );
}

export type LinkedSubscriber = {
  id: number;
  feedId: number;
  email: string;
  status: SubscriberStatus;
};

export type OpenedLink =
  | { check: 'forged' }
  | { check: 'valid' | 'expired'; subscriber: LinkedSubscriber };

/** The subscription a confirmation or unsubscribe link names, once its signature is checked. */
export async function openSubscriptionLink(
  { db }: DatabaseHandle,
  secret: string,
  purpose: LinkPurpose,
  token: unknown,
  now = Date.now(),
): Promise<OpenedLink> {
  const parsed = parseLinkToken(purpose, token);
  if (!parsed) return { check: 'forged' };
  const row = await db
    .selectFrom('subscribers')
    .select(['id', 'feed_id', 'email', 'status'])
    .where('id', '=', parsed.id)
    .executeTakeFirst();
  const subscriber = row && {
    id: row.id,
    feedId: row.feed_id,
    email: row.email,
    status: row.status,
  };
  const check = checkLinkToken(secret, purpose, parsed, subscriber, now);
  return check === 'forged' || !subscriber ? { check: 'forged' } : { check, subscriber };
}

/** Confirms a pending subscription; returns the status it has afterwards. */
export async function confirmSubscription(
  { db }: DatabaseHandle,
  id: number,
  now = Date.now(),
): Promise<SubscriberStatus | undefined> {
  await db
    .updateTable('subscribers')
    .set({ status: 'confirmed', confirmed_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
  return statusOf(db, id);
}

/** Ends a subscription (pending or confirmed); unsubscribing twice changes nothing. */
export async function unsubscribe(
  { db }: DatabaseHandle,
  id: number,
  now = Date.now(),
): Promise<SubscriberStatus | undefined> {
  await db
    .updateTable('subscribers')
    .set({ status: 'unsubscribed', unsubscribed_at: now })
    .where('id', '=', id)
    .where('status', '!=', 'unsubscribed')
    .execute();
  return statusOf(db, id);
}

/**
 * A one-click unsubscribe (RFC 8058) or the unsubscribe page's button: the signed link is
 * the whole authorisation, so no page, cookie or origin is needed.
 */
export async function unsubscribeWithLink(
  database: DatabaseHandle,
  secret: string,
  token: unknown,
  now = Date.now(),
): Promise<'unsubscribed' | 'invalid'> {
  const link = await openSubscriptionLink(database, secret, 'unsubscribe', token, now);
  if (link.check !== 'valid') return 'invalid';
  await unsubscribe(database, link.subscriber.id, now);
  return 'unsubscribed';
}

async function statusOf(db: Db, id: number): Promise<SubscriberStatus | undefined> {
  const row = await db
    .selectFrom('subscribers')
    .select('status')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.status;
}
