import type { Db } from '../../../platform/db/connect.ts';
import { adminMessages } from '../messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { openSignInGate } from './sign-in-throttle.ts';
import { newAdminSchema } from './users.ts';

export type PasswordChange =
  | { outcome: 'changed'; token: string }
  | { outcome: 'refused'; message: string; field: 'current' | 'next' };

/**
 * A signed-in administrator's new password. The current one must be given (a session left open
 * on a shared computer must not be enough), and wrong ones are throttled as sign-in's are.
 * Every session of the account ends, and this device gets a new one.
 */
export async function changePassword(
  db: Db,
  secret: string,
  userId: number,
  input: { current: string; next: string; again: string },
  now = Date.now(),
): Promise<PasswordChange> {
  const user = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  // Wrong current passwords count for the address as a client of their own: they slow a
  // guesser holding a session, and never keep the owner from signing in.
  const gate = await openSignInGate(
    db,
    secret,
    { client: `password change by ${userId}`, address: user.email },
    now,
  );
  if (!gate.allowed) {
    return {
      outcome: 'refused',
      message: adminMessages.signInThrottled(gate.retryAfterSeconds),
      field: 'current',
    };
  }
  if (!(await verifyPassword(input.current.slice(0, 200), user.password_hash))) {
    return { outcome: 'refused', message: adminMessages.currentPasswordWrong, field: 'current' };
  }
  await gate.succeeded();
  const checked = newAdminSchema.shape.password.safeParse(input.next);
  if (!checked.success) {
    return { outcome: 'refused', message: checked.error.issues[0]?.message ?? '', field: 'next' };
  }
  if (input.next !== input.again) {
    return { outcome: 'refused', message: adminMessages.setupPasswordsDiffer, field: 'next' };
  }
  const hash = await hashPassword(checked.data);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', userId).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
  });
  return { outcome: 'changed', token: await createSession(db, userId, now) };
}
