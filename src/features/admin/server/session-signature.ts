import { createHmac, timingSafeEqual } from 'node:crypto';
import { readCookie, sessionCookieName } from '../../../platform/cookies.ts';

/**
 * The session cookie holds the session's token and an HMAC of it under the site's secret,
 * `token.signature`, so the HTTP front tells a cookie this site gave from a made-up one in
 * memory, without a database read on every cached page (decision 0046). The token alone names
 * the session in the database; the signature only says the site issued it.
 */
function signature(secret: string, token: string): string {
  return createHmac('sha256', secret).update(`session\0${token}`).digest('base64url');
}

/** The session cookie's value for a token. */
export function signedSessionValue(secret: string, token: string): string {
  return `${token}.${signature(secret, token)}`;
}

/** The token a session cookie's value carries, signed or from before signatures (a bare token). */
export function sessionTokenOf(value: string): string {
  const dot = value.indexOf('.');
  return dot === -1 ? value : value.slice(0, dot);
}

/**
 * Whether the request's session cookie was signed by this site: the front's cheap test of
 * "perhaps the owner", which keeps a made-up cookie from bypassing the page cache. Whether the
 * session is still live only the database knows.
 */
export function carriesSignedSession(
  secret: string,
  cookieHeader: string | null | undefined,
): boolean {
  const value = readCookie(cookieHeader, sessionCookieName);
  const dot = value?.indexOf('.') ?? -1;
  if (value === undefined || dot === -1 || value.length > 100) return false;
  const expected = Buffer.from(signature(secret, value.slice(0, dot)));
  const given = Buffer.from(value.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected);
}
