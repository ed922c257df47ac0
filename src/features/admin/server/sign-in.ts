import type { Db } from '../../../platform/db/connect.ts';
import { adminMessages } from '../messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { openSignInGate } from './sign-in-throttle.ts';

export type SignInOutcome =
  | { outcome: 'signed-in'; userId: number; token: string }
  | { outcome: 'refused'; message: string; retryAfterSeconds?: number };

/** Checked when the address has no account, so an unknown address takes as long as a known one. */
let decoyHash: Promise<string> | undefined;

/**
 * Checks an administrator's e-mail address and password and starts a session. Every refusal
 * reads the same whether the address has an account or not. A client that sent too many
 * wrong passwords is told how long to wait (sign-in-throttle.ts); wrong passwords from other
 * clients never keep the right one out (the counts live in the database, shared by every
 * instance).
 */
export async function signIn(
  db: Db,
  secret: string,
  attempt: { email: string; password: string; client: string },
  now = Date.now(),
): Promise<SignInOutcome> {
  const email = attempt.email.trim().toLowerCase().slice(0, 320);
  const gate = await openSignInGate(db, secret, { client: attempt.client, address: email }, now);
  if (!gate.allowed) {
    return {
      outcome: 'refused',
      message: adminMessages.signInThrottled(gate.retryAfterSeconds),
      retryAfterSeconds: gate.retryAfterSeconds,
    };
  }
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  const password = attempt.password.slice(0, 200);
  decoyHash ??= hashPassword('decoy password, never anyone’s');
  // An imported author awaiting an invitation has no password: checked as long as anyone's.
  const stored = user?.password_hash || (await decoyHash);
  const right = (await verifyPassword(password, stored)) && user?.password_hash !== '';
  if (!user || !right) return { outcome: 'refused', message: adminMessages.signInWrong };
  await gate.succeeded();
  return { outcome: 'signed-in', userId: user.id, token: await createSession(db, user.id, now) };
}
