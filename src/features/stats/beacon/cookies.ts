/** The part of `document` that cookies need: the page's own, or a stand-in in tests. */
export type CookieJar = { cookie: string; location: { protocol: string } };

/** The value of one cookie, when the page has it. */
export function readCookie(jar: CookieJar, name: string): string | undefined {
  return jar.cookie.match(`(^|; )${name}=([^;]*)`)?.[2];
}

/**
 * Sets a first-party cookie for `days` (0 deletes it): for the whole site, sent on top-level
 * navigations from other sites (Lax), and only over HTTPS when the page came that way.
 */
export function writeCookie(jar: CookieJar, name: string, value: string, days: number): void {
  jar.cookie = `${name}=${value}; max-age=${days * 86_400}; path=/; SameSite=Lax${jar.location.protocol === 'https:' ? '; Secure' : ''}`;
}
