import type { Db } from '../../../platform/db/connect.ts';
import { peekRateLimit, takeRateLimit } from '../../../platform/rate-limit.ts';
import { adminMessages } from '../messages.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { createSession } from './sessions.ts';
import { signInAccountRule } from './sign-in.ts';
import { newAdminSchema } from './users.ts';

export type PasswordChange =
  | { outcome: 'changed'; token: string }
  | { outcome: 'refused'; message: string; field: 'current' | 'next' };

/**
 * A signed-in administrator's new password. The current one must be given (a session left open
 * on a shared computer must not be enough), and wrong ones count towards the same lock-out as
 * sign-in. Every session of the account ends, and this device gets a new one.
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
  const limit = await peekRateLimit(db, secret, signInAccountRule, user.email, now);
  if (!limit.allowed) {
    return {
      outcome: 'refused',
      message: adminMessages.signInThrottled(limit.retryAfterSeconds),
      field: 'current',
    };
  }
  if (!(await verifyPassword(input.current.slice(0, 200), user.password_hash))) {
    await takeRateLimit(db, secret, signInAccountRule, user.email, now);
    return { outcome: 'refused', message: adminMessages.currentPasswordWrong, field: 'current' };
  }
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
