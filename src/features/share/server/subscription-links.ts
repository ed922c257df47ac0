import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a confirmation link works; unsubscribe links never expire. */
export const confirmationLinkLifetimeMs = 7 * 86_400_000;

export const confirmPath = '/subscription/confirm';
export const unsubscribePath = '/subscription/unsubscribe';

/**
 * What the subscription pages read of a POST: an e-mail address (the subscription form), or
 * the one-click unsubscribe of a mail program (RFC 8058), a few dozen bytes.
 */
export const subscriptionPostLimits = { maxBytes: 16 * 1024, maxFields: 20 } as const;

export type LinkPurpose = 'confirm' | 'unsubscribe';

/** What a link is signed over: the subscription, so it cannot be moved to another one. */
export type SignedSubscriber = { id: number; feedId: number; email: string };

/** A link's `t` parameter taken apart; the signature is not checked yet. */
export type LinkToken = { id: number; expiresAt: number | undefined; signature: string };

export type LinkCheck = 'valid' | 'forged' | 'expired';

const signature = (
  secret: string,
  purpose: LinkPurpose,
  { id, feedId, email }: SignedSubscriber,
  expiresAt: number | undefined,
) =>
  createHmac('sha256', secret)
    .update(`qshare-subscription:${purpose}:${id}:${feedId}:${email}:${expiresAt ?? ''}`)
    .digest('base64url');

/**
 * The `t` parameter of a confirmation link: `id.expiresAt.signature`, expiring after
 * `confirmationLinkLifetimeMs` (the time is in seconds, to keep links short).
 */
export function confirmToken(secret: string, subscriber: SignedSubscriber, now: number): string {
  const expiresAt = Math.floor((now + confirmationLinkLifetimeMs) / 1000);
  return `${subscriber.id}.${expiresAt}.${signature(secret, 'confirm', subscriber, expiresAt)}`;
}

/** The `t` parameter of an unsubscribe link: `id.signature`; it does not expire. */
export function unsubscribeToken(secret: string, subscriber: SignedSubscriber): string {
  return `${subscriber.id}.${signature(secret, 'unsubscribe', subscriber, undefined)}`;
}

export function confirmUrl(
  siteUrl: string,
  secret: string,
  subscriber: SignedSubscriber,
  now: number,
): string {
  return `${siteUrl}${confirmPath}?t=${confirmToken(secret, subscriber, now)}`;
}

export function unsubscribeUrl(
  siteUrl: string,
  secret: string,
  subscriber: SignedSubscriber,
): string {
  return `${siteUrl}${unsubscribePath}?t=${unsubscribeToken(secret, subscriber)}`;
}

/** Takes a link's `t` apart, or returns undefined when it cannot be one of ours. */
export function parseLinkToken(purpose: LinkPurpose, token: unknown): LinkToken | undefined {
  if (typeof token !== 'string') return undefined;
  const match =
    purpose === 'confirm'
      ? /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token)
      : /^(\d{1,15})\.()([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const id = Number(match[1]);
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return {
    id,
    expiresAt: match[2] === '' ? undefined : Number(match[2]),
    signature: match[3] as string,
  };
}

/**
 * Checks a parsed link against the subscription its id names (undefined when there is none).
 * The signature is checked before the expiry, so a link with a moved expiry time is forged.
 */
export function checkLinkToken(
  secret: string,
  purpose: LinkPurpose,
  token: LinkToken,
  subscriber: SignedSubscriber | undefined,
  now: number,
): LinkCheck {
  if (!subscriber || subscriber.id !== token.id) return 'forged';
  const expected = Buffer.from(signature(secret, purpose, subscriber, token.expiresAt));
  if (!timingSafeEqual(expected, Buffer.from(token.signature))) return 'forged';
  if (token.expiresAt !== undefined && now > token.expiresAt * 1000) return 'expired';
  return 'valid';
}
