import { z } from 'zod';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { Role } from '../permissions.ts';
import { hashPassword } from './passwords.ts';

export const newAdminSchema = z.object({
  email: z.email('Enter a valid e-mail address.').transform((e) => e.toLowerCase()),
  password: z
    .string()
    .min(12, 'The password needs at least 12 characters.')
    .max(200, 'The password is at most 200 characters.'),
  name: z.string().trim().min(1).max(100).default('Site owner'),
});

export class UserError extends Error {
  override name = 'UserError';
}

/** Creates an administrator account; an existing address is refused, never overwritten. */
export function createAdmin(
  db: Db,
  input: z.input<typeof newAdminSchema>,
): Promise<{ id: number; email: string }> {
  return createUser(db, input, 'administrator');
}

/**
 * Creates a user with a role. The site's first user is the author of the posts that have none
 * (the demo's, an import's made before anyone signed up).
 */
export async function createUser(
  db: Db,
  input: z.input<typeof newAdminSchema>,
  role: Role,
): Promise<{ id: number; email: string }> {
  const parsed = newAdminSchema.safeParse(input);
  if (!parsed.success) throw new UserError(parsed.error.issues.map((i) => i.message).join(' '));
  const { email, password, name } = parsed.data;
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirst();
  if (existing) throw new UserError(`An account for ${email} already exists.`);
  const first = (await countUsers(db)) === 0;
  const row = await db
    .insertInto('users')
    .values({
      email,
      name,
      role,
      password_hash: await hashPassword(password),
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (first) {
    const adopted = await db
      .updateTable('posts')
      .set({ author_id: row.id })
      .where('author_id', 'is', null)
      .executeTakeFirst();
    // Their pages now name an author: the cached ones are out of date.
    if (Number(adopted.numUpdatedRows) > 0) await bumpContentVersion(db);
  }
  return { id: row.id, email };
}

/**
 * A user for an imported author (decision 0063): the account with this address when there is
 * one, else a new one with `role` and no password, so nobody can sign in to it until an
 * administrator invites its address and the invitation is accepted.
 */
export async function ensureUserAwaitingInvite(
  db: Db,
  input: { email: string; name: string },
  role: Role,
): Promise<number> {
  const email = newAdminSchema.shape.email.safeParse(input.email.trim());
  if (!email.success) throw new UserError(email.error.issues.map((i) => i.message).join(' '));
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email.data)
    .executeTakeFirst();
  if (existing) return existing.id;
  const row = await db
    .insertInto('users')
    .values({
      email: email.data,
      name: input.name.trim().slice(0, 100) || email.data,
      role,
      password_hash: '',
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The address an administrator signs in with. */
export async function findUserEmail(db: Db, userId: number): Promise<string> {
  const row = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.email;
}

/** How many administrators the site has: without one, the start prints a set-up link. */
export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'administrator')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Gives an administrator a new password (the CLI's reset, or a change in the admin) and ends
 * every session they have, so whoever knew the old one is signed out everywhere.
 */
export async function setAdminPassword(db: Db, email: string, password: string): Promise<void> {
  const parsed = newAdminSchema.shape.password.safeParse(password);
  if (!parsed.success) throw new UserError(parsed.error.issues.map((i) => i.message).join(' '));
  const address = email.trim().toLowerCase();
  const hash = await hashPassword(parsed.data);
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', address)
    .executeTakeFirst();
  if (!user) throw new UserError(`No administrator account has the address ${address}.`);
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('users').set({ password_hash: hash }).where('id', '=', user.id).execute();
    await trx.deleteFrom('sessions').where('user_id', '=', user.id).execute();
  });
}
