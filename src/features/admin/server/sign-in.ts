import type { Db } from '../../../platform/db/connect.ts';
import { peekRateLimit, type RateLimit, takeRateLimit } from '../../../platform/rate-limit.ts';
import { adminMessages } from '../messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';

/** Attempts from one client, right or wrong: slows a guesser spread over many accounts. */
export const signInClientRule: RateLimit = {
  scope: 'admin-sign-in-client',
  limit: 20,
  windowMs: 15 * 60 * 1000,
};
/** Wrong passwords for one address, from anywhere: slows a guesser spread over many clients. */
export const signInAccountRule: RateLimit = {
  scope: 'admin-sign-in-account',
  limit: 5,
  windowMs: 15 * 60 * 1000,
};

export type SignInOutcome =
  | { outcome: 'signed-in'; userId: number; token: string }
  | { outcome: 'refused'; message: string; retryAfterSeconds?: number };

/** Checked when the address has no account, so an unknown address takes as long as a known one. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks an administrator's e-mail address and password and starts a session. Every refusal
 * reads the same whether the address has an account or not; too many attempts from one client
 * or wrong passwords for one address are refused until their 15-minute window ends, whatever
 * the password (the counts live in the database, shared by every instance).
 */
export async function signIn(
  db: Db,
  secret: string,
  attempt: { email: string; password: string; client: string },
  now = Date.now(),
): Promise<SignInOutcome> {
  const throttled = (retryAfterSeconds: number): SignInOutcome => ({
    outcome: 'refused',
    message: adminMessages.signInThrottled(retryAfterSeconds),
    retryAfterSeconds,
  });
  const byClient = await takeRateLimit(db, secret, signInClientRule, attempt.client, now);
  if (!byClient.allowed) return throttled(byClient.retryAfterSeconds);
  const email = attempt.email.trim().toLowerCase().slice(0, 320);
  const byAccount = await peekRateLimit(db, secret, signInAccountRule, email, now);
  if (!byAccount.allowed) return throttled(byAccount.retryAfterSeconds);

  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  const password = attempt.password.slice(0, 200);
  decoyHash ??= hashPassword('decoy password, never anyone’s');
  const right = await verifyPassword(password, user?.password_hash ?? (await decoyHash));
  if (!user || !right) {
    await takeRateLimit(db, secret, signInAccountRule, email, now);
    return { outcome: 'refused', message: adminMessages.signInWrong };
  }
  return { outcome: 'signed-in', userId: user.id, token: await createSession(db, user.id, now) };
}
