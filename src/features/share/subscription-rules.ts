/**
 * E-mail subscriptions (seed §2.3, §5, §7 call 7): the subscription box's rules, here; the
 * subscription page and double opt-in in server/subscriptions.ts; the confirmation and
 * unsubscribe links in server/subscription-links.ts and server/link-pages.ts. A mail program's
 * one-click unsubscribe (RFC 8058) is answered before Astro, by src/server/unsubscribe-post.ts.
 */
import { shareMessages } from './messages.ts';

export const subscriptionFeedType = 8;
export const subscriptionPopup = { width: 1080, height: 760 } as const;

// A standard address pattern: local part, @, dot-separated domain labels and a TLD of 2+ letters.
const emailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Whether the subscription box may open the subscription page with this input. */
export function isSubscribableEmail(
  value: string,
  placeholder: string = shareMessages.emailPlaceholder,
): boolean {
  const email = value.trim();
  return email !== '' && email !== placeholder && email.length <= 254 && emailPattern.test(email);
}

export function subscriptionPagePath(feedId: number, email?: string): string {
  const path = `/subscription-form/${feedId}/${subscriptionFeedType}`;
  return email ? `${path}?email=${encodeURIComponent(email.trim())}` : path;
}

export function subscriptionPopupFeatures(): string {
  return `width=${subscriptionPopup.width},height=${subscriptionPopup.height},scrollbars=yes,resizable=yes`;
}
