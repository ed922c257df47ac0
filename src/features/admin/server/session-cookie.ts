import { sessionCookieName } from '../../../platform/cookies.ts';
import { sessionLifetimeMs } from './sessions.ts';

/**
 * The session cookie: sent to every path, so the page cache and the statistics know the owner
 * on the public site too; never readable by scripts; not sent with cross-site requests except
 * top-level links; only over https when the site is served over https.
 */
export function sessionCookie(token: string, siteUrl: string): string {
  return [
    `${sessionCookieName}=${token}`,
    'Path=/',
    `Max-Age=${Math.floor(sessionLifetimeMs / 1000)}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(siteUrl.startsWith('https:') ? ['Secure'] : []),
  ].join('; ');
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
