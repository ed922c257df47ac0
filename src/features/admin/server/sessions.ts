import { createHash, randomBytes } from 'node:crypto';
import { readCookie, sessionCookieName } from '../../../platform/cookies.ts';
import type { Db } from '../../../platform/db/connect.ts';

export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/**
 * Starts a session for an administrator and returns its token, the session cookie's value.
 * Only the token's hash is stored, so a copy of the database signs no one in.
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
    })
    .execute();
  return token;
}

/** The administrator signed in by the request's session cookie, if it names a live session. */
export async function signedInUserId(
  db: Db,
  cookieHeader: string | null | undefined,
  now = Date.now(),
): Promise<number | undefined> {
  const token = readCookie(cookieHeader, sessionCookieName);
  if (!token || token.length > 100) return undefined;
  const row = await db
    .selectFrom('sessions')
    .select('user_id')
    .where('token_hash', '=', tokenHash(token))
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.user_id;
}
