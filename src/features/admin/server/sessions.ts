import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie, sessionCookieName } from '../../../platform/cookies.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { sessionTokenOf } from './session-signature.ts';
import { tokenHash } from './token-hash.ts';

/** A session ends this long after it started, however much it is used (decision 0032). */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** …and sooner, once nobody has used it for this long. */
export const sessionIdleMs = 7 * 24 * 60 * 60 * 1000;
/** How stale `last_seen_at` may be before a request writes it again: a write a minute at most. */
const touchEveryMs = 60 * 1000;

/** The signed-in administrator of a request, and what names the session. */
export type AdminSession = { userId: number; tokenHash: string; expiresAt: number };

/**
 * Starts a session for an administrator and returns its token, which the session cookie
 * carries signed (`sessionCookie`). Only the token's hash is stored, so a copy of the database
 * signs no one in.
 */
export async function createSession(db: Db, userId: number, now = Date.now()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      token_hash: tokenHash(token),
      user_id: userId,
      created_at: now,
      expires_at: now + sessionLifetimeMs,
      last_seen_at: now,
    })
    .execute();
  return token;
}

async function liveSession(
  db: Db,
  cookieHeader: string | null | undefined,
  now: number,
): Promise<(AdminSession & { lastSeenAt: number }) | undefined> {
  const value = readCookie(cookieHeader, sessionCookieName);
  if (!value || value.length > 100) return undefined;
  const hash = tokenHash(sessionTokenOf(value));
  const row = await db
    .selectFrom('sessions')
    .select(['user_id', 'expires_at', 'last_seen_at'])
    .where('token_hash', '=', hash)
    .where('expires_at', '>', now)
    .where('last_seen_at', '>', now - sessionIdleMs)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    userId: row.user_id,
    tokenHash: hash,
    expiresAt: Number(row.expires_at),
    lastSeenAt: Number(row.last_seen_at),
  };
}

/**
 * The session a request's cookie names, if it is live; using it keeps it from ending idle.
 * Admin routes call this; a read that must not count as use calls `signedInUserId`.
 */
export async function readSession(
  db: Db,
  cookieHeader: string | null | undefined,
  now = Date.now(),
): Promise<AdminSession | undefined> {
  const session = await liveSession(db, cookieHeader, now);
  if (!session) return undefined;
  if (now - session.lastSeenAt >= touchEveryMs) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('token_hash', '=', session.tokenHash)
      .execute();
  }
  const { lastSeenAt: _, ...rest } = session;
  return rest;
}

/** The administrator signed in by the request's session cookie, if it names a live session. */
export async function signedInUserId(
  db: Db,
  cookieHeader: string | null | undefined,
  now = Date.now(),
): Promise<number | undefined> {
  return (await liveSession(db, cookieHeader, now))?.userId;
}

/** Signs out the one session the cookie names. */
export async function endSession(db: Db, cookieHeader: string | null | undefined): Promise<void> {
  const value = readCookie(cookieHeader, sessionCookieName);
  if (!value || value.length > 100) return;
  await db
    .deleteFrom('sessions')
    .where('token_hash', '=', tokenHash(sessionTokenOf(value)))
    .execute();
}

/** Signs an administrator out everywhere: every browser, every instance. */
export async function endAllSessions(db: Db, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * The session's CSRF token, which every admin write must carry (and the `nonce` of the
 * administrator's `/ajax` actions): derived from the session and the site's secret, so it
 * needs no storage, is the same on every instance and dies with the session.
 */
export function csrfToken(secret: string, session: AdminSession): string {
  return createHmac('sha256', secret).update(`csrf\0${session.tokenHash}`).digest('base64url');
}

/** Whether `given` is the session's CSRF token (compared in constant time). */
export function csrfTokenMatches(
  secret: string,
  session: AdminSession,
  given: string | null | undefined,
): boolean {
  if (typeof given !== 'string') return false;
  const expected = Buffer.from(csrfToken(secret, session));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
