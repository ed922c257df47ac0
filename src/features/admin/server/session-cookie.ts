import { readCookie, sessionCookieName } from '../../../platform/cookies.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { signedSessionValue } from './session-signature.ts';
import { sessionLifetimeMs, signedInUserId } from './sessions.ts';

/**
 * The session cookie: the token signed with the site's secret, so the front knows a made-up
 * one without the database; sent to every path, so the page cache and the statistics know the
 * owner on the public site too; never readable by scripts; not sent with cross-site requests
 * except top-level links; only over https when the site is served over https.
 */
export function sessionCookie(token: string, secret: string, siteUrl: string): string {
  return [
    `${sessionCookieName}=${signedSessionValue(secret, token)}`,
    'Path=/',
    `Max-Age=${Math.floor(sessionLifetimeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(siteUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');
}

/**
 * The signed cookie for a live session whose cookie was given before cookies were signed
 * (decision 0046), so its owner keeps the session and is known to the page cache again; else
 * undefined. Asked on admin screens only, which read the session from the database anyway.
 */
export async function resignedSessionCookie(
  db: Db,
  secret: string,
  siteUrl: string,
  cookieHeader: string | null,
): Promise<string | undefined> {
  const value = readCookie(cookieHeader, sessionCookieName);
  // A signed value has a dot; one whose signature is wrong was not made here, and stays so.
  if (value === undefined || value.includes('.')) return undefined;
  if ((await signedInUserId(db, cookieHeader)) === undefined) return undefined;
  return sessionCookie(value, secret, siteUrl);
}

/** Tells the browser to forget the session cookie. */
export function clearedSessionCookie(siteUrl: string): string {
  return [
    `${sessionCookieName}=`,
    'Path=/',
    'Max-Age=0',
    'HttpOnly',
    'SameSite=Lax',
    ...(siteUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');
}

/**
 * Where to go after signing in: an admin address the sign-in page was sent from, never
 * anywhere else (an open redirect would lend the site's name to a phishing page).
 */
export function afterSignInPath(next: string | null | undefined): string {
  if (!next || !/^\/admin(\/[A-Za-z0-9/_-]*)?$/.test(next)) return '/admin';
  return next;
}
