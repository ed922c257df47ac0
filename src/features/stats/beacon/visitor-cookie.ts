import { visitorCookieDays, visitorCookieName } from '../visitor-consent.ts';
import { type CookieJar, readCookie, writeCookie } from './cookies.ts';

/**
 * A random UUID v4 made with `crypto.getRandomValues`, which browsers have on every origin
 * (`crypto.randomUUID` only in secure contexts, so not on a plain-http site). Each 0 and 1 of
 * the template becomes a random hex digit, the 8 the variant (8, 9, a or b); the 4 stays.
 */
export function newVisitorId(): string {
  return '10000000-1000-4000-8000-100000000000'.replace(/[018]/g, (digit) =>
    (+digit ^ (crypto.getRandomValues(new Uint8Array(1))[0]! & (15 >> (+digit / 4)))).toString(16),
  );
}

/**
 * On a page view or an answer to the banner: when the page may keep `_qvid`, writes it again
 * (the same id, or a new one) for another 3999 days, so that browsers that cap cookie lifetimes
 * (Chromium: 400 days) keep it while the visitor returns; when it may not, deletes it.
 */
export function keepVisitorId(jar: CookieJar, allowed: boolean): void {
  const id = readCookie(jar, visitorCookieName);
  if (allowed) writeCookie(jar, visitorCookieName, id || newVisitorId(), visitorCookieDays);
  else if (id) writeCookie(jar, visitorCookieName, '', 0);
}
