import type { ShareNetwork } from './share-settings.ts';

/** Display names of the networks (brand names are not translated). */
export const networkNames: Record<ShareNetwork, string> = {
  facebook: 'Facebook',
  x: 'X',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  whatsapp: 'WhatsApp',
  telegram: 'Telegram',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
  wechat: 'WeChat',
  email: 'e-mail',
  rss: 'RSS',
  copy: 'link',
};

/**
 * The texts of the sharing module (locale en) that code running in the browser shows: the share
 * island (icon bar, pop-up, copy link, compact sheet) and the subscription box's script. This
 * object is bundled into every page's JavaScript, so a text only the server renders belongs in
 * `serverShareMessages` below (decision 0007).
 */
export const shareMessages = {
  barLabel: 'Share and follow',
  iconLabel(network: ShareNetwork, action: 'share' | 'follow'): string {
    if (network === 'copy') return 'Copy link';
    if (network === 'rss') return 'Subscribe to the RSS feed';
    if (network === 'pinterest' && action === 'share') return 'Pin It on Pinterest';
    if (network === 'email') return action === 'share' ? 'Share by e-mail' : 'Subscribe by e-mail';
    return action === 'share'
      ? `Share on ${networkNames[network]}`
      : `Follow on ${networkNames[network]}`;
  },
  compactButton: 'Share',
  sheetTitle: 'Share this page',
  sheetNativeShare: 'Share with an app…',
  sheetClose: 'Close',
  followLabel: 'Follow',
  linkCopied: 'Link copied to clipboard.',
  copyFailed: 'Could not copy the link. Press Ctrl+C to copy it.',
  pageAddress: 'Address of this page',
  close: 'Close',
  subscribe: 'Subscribe by e-mail',
  facebookPage: 'Our page on Facebook',
  /** The subscription box's placeholder, which its script tells from a typed address. */
  emailPlaceholder: 'Enter your email',
  invalidSubscriptionEmail: 'Please enter email address',
} as const;

/**
 * The texts of the sharing module (locale en) that only the server renders: the subscription
 * box's markup, the subscription pages and subscriber mails.
 */
export const serverShareMessages = {
  // The subscription box (in the sidebar) and the subscription page.
  subscribeTitle: 'Subscribe by e-mail',
  subscribeText: 'New posts in your inbox. No spam, unsubscribe at any time.',
  subscribeButton: 'Subscribe',
  emailLabel: 'Your e-mail address',

  /** A feed as a reader knows it: the site, or one of its topics. */
  feedTitle: (siteTitle: string, tagName?: string) =>
    tagName === undefined ? siteTitle : `${tagName} on ${siteTitle}`,

  subscribeHeading: (feedTitle: string) => `Subscribe to ${feedTitle}`,
  subscribeToTopic: 'Subscribe to this topic',
  unknownFeedTitle: 'No such feed',
  unknownFeedText:
    'There is nothing to subscribe to at this address. The topic may have been removed; you can still subscribe to the whole site from its sidebar.',

  confirmationSentTitle: 'Thank you!',
  confirmationSentText: (email: string, feedTitle: string) =>
    `We have sent a message to ${email}. Open the link in it within 7 days to confirm that you want new posts from ${feedTitle}; nothing else is sent until you do.`,
  alreadySubscribedTitle: 'You are already on the list',
  alreadySubscribedText: (email: string, feedTitle: string) =>
    `${email} already receives new posts from ${feedTitle}; there is nothing more to do.`,
  addressLimitedTitle: 'Please check your inbox',
  addressLimitedText: (email: string) =>
    `We have already sent several confirmation messages to ${email} today. Please look for them (also in the spam folder), or try again tomorrow.`,
  tooManyRequests: (minutes: number) =>
    `Too many subscription requests from your connection. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,

  invalidLinkTitle: 'This link is not valid',
  invalidLinkText:
    'The link may be incomplete: some mail programs break long links. Copy the whole link from the message into the address bar, or subscribe again.',
  expiredLinkTitle: 'This link has expired',
  expiredLinkText:
    'Confirmation links work for 7 days. Subscribe again and we will send you a new one.',
  subscribeAgain: 'Subscribe again',
  homeLink: 'Go to the home page',

  confirmTitle: 'Confirm your subscription',
  confirmText: (email: string, feedTitle: string) =>
    `Press the button to receive new posts from ${feedTitle} at ${email}.`,
  confirmButton: 'Confirm subscription',
  confirmedTitle: 'Subscription confirmed',
  confirmedText: (email: string, feedTitle: string) =>
    `${email} will receive new posts from ${feedTitle}. Every message has a link to unsubscribe.`,
  alreadyConfirmedTitle: 'You are already subscribed',
  alreadyConfirmedText: (email: string, feedTitle: string) =>
    `${email} already receives new posts from ${feedTitle}; there is nothing more to do.`,
  cancelledTitle: 'This subscription was cancelled',
  cancelledText: (email: string, feedTitle: string) =>
    `${email} unsubscribed from ${feedTitle}. To receive new posts again, subscribe again.`,

  unsubscribeTitle: (feedTitle: string) => `Unsubscribe from ${feedTitle}?`,
  unsubscribeText: (email: string, feedTitle: string) =>
    `${email} will no longer receive new posts from ${feedTitle}.`,
  unsubscribeButton: 'Unsubscribe',
  unsubscribedTitle: 'You are unsubscribed',
  unsubscribedText: (email: string, feedTitle: string) =>
    `${email} will receive no more messages from ${feedTitle}. Changed your mind? You can subscribe again at any time.`,
  /** The plain answer to a mail program's one-click unsubscribe (RFC 8058). */
  oneClickDone: 'You are unsubscribed.',
  oneClickInvalid: 'This unsubscribe link is not valid.',

  confirmationMailSubject: (feedTitle: string) => `Confirm your subscription to ${feedTitle}`,
  confirmationMailText: (p: { email: string; feedTitle: string; confirmUrl: string }) =>
    `Hello,\n\nSomeone, hopefully you, asked to receive new posts from ${p.feedTitle} at ${p.email}.\nTo confirm, open this link within 7 days:\n\n${p.confirmUrl}\n\nIf you did not ask for this, ignore this message and you will not hear from us again.\n`,
  newPostIntro: (feedTitle: string) => `A new post on ${feedTitle}:`,
  readPost: 'Read the post',
  mailFooter: (email: string, feedTitle: string) =>
    `You receive this because ${email} subscribed to new posts from ${feedTitle}.`,
  unsubscribeLinkLabel: 'Unsubscribe',
} as const;
