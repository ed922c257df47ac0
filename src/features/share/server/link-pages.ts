import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import { serverShareMessages } from '../messages.ts';
import { subscriptionPagePath } from '../subscription-rules.ts';
import { confirmPath, unsubscribePath } from './subscription-links.ts';
import {
  confirmSubscription,
  findFeed,
  type LinkedSubscriber,
  openSubscriptionLink,
  unsubscribe,
} from './subscriptions.ts';

/** What a confirmation or unsubscribe page shows, and with which HTTP status. */
export type LinkPageView = {
  status: number;
  title: string;
  text: string;
  button?: { action: string; label: string };
  link?: { href: string; label: string };
};

export type LinkRequest = {
  /** The link's `t` parameter. */
  token: string | null;
  /** POST is the page's button: act. GET only shows what the button would do. */
  method: string;
  siteTitle: string;
  now?: number;
};

const invalid: LinkPageView = {
  status: 400,
  title: serverShareMessages.invalidLinkTitle,
  text: serverShareMessages.invalidLinkText,
  link: { href: '/', label: serverShareMessages.homeLink },
};

const subscribeAgain = (subscriber: LinkedSubscriber) => ({
  href: subscriptionPagePath(subscriber.feedId, subscriber.email),
  label: serverShareMessages.subscribeAgain,
});

async function feedTitleOf(
  database: DatabaseHandle,
  subscriber: LinkedSubscriber,
  siteTitle: string,
) {
  // A tag that is gone still has subscribers who may want to leave: name the site then.
  return (
    (await findFeed(database.db, subscriber.feedId, siteTitle))?.title ??
    serverShareMessages.feedTitle(siteTitle)
  );
}

/** `/subscription/confirm?t=…`: the double opt-in's second step. */
export async function confirmLinkPage(
  database: DatabaseHandle,
  secret: string,
  { token, method, siteTitle, now = Date.now() }: LinkRequest,
): Promise<LinkPageView> {
  const link = await openSubscriptionLink(database, secret, 'confirm', token, now);
  if (link.check === 'forged') return invalid;
  const { subscriber } = link;
  const feedTitle = await feedTitleOf(database, subscriber, siteTitle);
  // A confirmed or cancelled subscription says so, even once its link has expired.
  const status = subscriber.status;
  if (status === 'pending' && link.check === 'valid' && method === 'POST') {
    await confirmSubscription(database, subscriber.id, now);
    return {
      status: 200,
      title: serverShareMessages.confirmedTitle,
      text: serverShareMessages.confirmedText(subscriber.email, feedTitle),
    };
  }
  if (status === 'pending' && link.check === 'expired') {
    return {
      status: 410,
      title: serverShareMessages.expiredLinkTitle,
      text: serverShareMessages.expiredLinkText,
      link: subscribeAgain(subscriber),
    };
  }
  switch (status) {
    case 'confirmed':
      return {
        status: 200,
        title: serverShareMessages.alreadyConfirmedTitle,
        text: serverShareMessages.alreadyConfirmedText(subscriber.email, feedTitle),
      };
    case 'unsubscribed':
      return {
        status: 200,
        title: serverShareMessages.cancelledTitle,
        text: serverShareMessages.cancelledText(subscriber.email, feedTitle),
        link: subscribeAgain(subscriber),
      };
    default:
      status satisfies 'pending';
      return {
        status: 200,
        title: serverShareMessages.confirmTitle,
        text: serverShareMessages.confirmText(subscriber.email, feedTitle),
        button: { action: `${confirmPath}?t=${token}`, label: serverShareMessages.confirmButton },
      };
  }
}

/**
 * `/subscription/unsubscribe?t=…`. Production answers its POSTs in the HTTP front (one-click
 * unsubscribe, src/server/unsubscribe-post.ts); under `astro dev` the page does it.
 */
export async function unsubscribeLinkPage(
  database: DatabaseHandle,
  secret: string,
  { token, method, siteTitle, now = Date.now() }: LinkRequest,
): Promise<LinkPageView> {
  const link = await openSubscriptionLink(database, secret, 'unsubscribe', token, now);
  if (link.check !== 'valid') return invalid;
  const { subscriber } = link;
  const feedTitle = await feedTitleOf(database, subscriber, siteTitle);
  const status =
    method === 'POST' ? await unsubscribe(database, subscriber.id, now) : subscriber.status;
  if (status === 'unsubscribed') {
    return {
      status: 200,
      title: serverShareMessages.unsubscribedTitle,
      text: serverShareMessages.unsubscribedText(subscriber.email, feedTitle),
      link: subscribeAgain(subscriber),
    };
  }
  return {
    status: 200,
    title: serverShareMessages.unsubscribeTitle(feedTitle),
    text: serverShareMessages.unsubscribeText(subscriber.email, feedTitle),
    button: {
      action: `${unsubscribePath}?t=${token}`,
      label: serverShareMessages.unsubscribeButton,
    },
  };
}
