import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { Role } from '../permissions.ts';
import { userAdminMessages as m } from '../user-messages.ts';
import { hashPassword } from './passwords.ts';
import { tokenHash } from './token-hash.ts';
import { createUser, newAdminSchema, UserError } from './users.ts';

/** An invitation link works for 7 days, and once. */
export const inviteLifetimeMs = 7 * 24 * 60 * 60 * 1000;

export type UserRow = {
  id: number;
  name: string;
  email: string;
  role: string;
  createdAt: number;
  posts: number;
};

/** Every user with their role and how many posts they wrote, administrators first. */
export async function listUsers(db: Db): Promise<UserRow[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin('posts', 'posts.author_id', 'users.id')
    .select(['users.id', 'users.name', 'users.email', 'users.role', 'users.created_at'])
    .select((eb) => eb.fn.count<number>('posts.id').as('posts'))
    .groupBy(['users.id', 'users.name', 'users.email', 'users.role', 'users.created_at'])
    .orderBy('users.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    createdAt: Number(row.created_at),
    posts: Number(row.posts),
  }));
}

export type InviteRow = { id: number; email: string; role: string; expiresAt: number };

/** Invitations not yet accepted, revoked or run out. */
export async function listInvites(db: Db, now = Date.now()): Promise<InviteRow[]> {
  const rows = await db
    .selectFrom('user_invites')
    .select(['id', 'email', 'role', 'expires_at'])
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, expiresAt: Number(row.expires_at) }));
}

const inviteEmail = z.email(m.emailInvalid).transform((email) => email.trim().toLowerCase());

/**
 * Invites someone with a role: returns the link's token, which only the mail carries (its hash
 * is stored). An address that has an account, or a live invitation, is refused.
 */
export async function inviteUser(
  db: Db,
  input: { email: string; role: Role; invitedBy: number },
  now = Date.now(),
): Promise<{ id: number; email: string; token: string }> {
  const parsed = inviteEmail.safeParse(input.email.trim());
  if (!parsed.success) throw new UserError(m.emailInvalid);
  const email = parsed.data;
  const user = await db
    .selectFrom('users')
    .select(['id', 'password_hash'])
    .where('email', '=', email)
    .executeTakeFirst();
  // An imported author has an account without a password: the invitation gives it one.
  if (user && user.password_hash !== '') throw new UserError(m.alreadyUser(email));
  const live = (await listInvites(db, now)).find((invite) => invite.email === email);
  if (live) throw new UserError(m.alreadyInvited(email));
  const token = randomBytes(24).toString('base64url');
  const row = await db
    .insertInto('user_invites')
    .values({
      email,
      role: input.role,
      token_hash: tokenHash(token),
      invited_by: input.invitedBy,
      created_at: now,
      expires_at: now + inviteLifetimeMs,
      accepted_at: null,
      revoked_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, token };
}

/** A new link for a pending invitation, valid 7 days again; the old link stops working. */
export async function renewInvite(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<{ email: string; role: string; token: string } | undefined> {
  const token = randomBytes(24).toString('base64url');
  const invite = await db
    .updateTable('user_invites')
    .set({ token_hash: tokenHash(token), expires_at: now + inviteLifetimeMs })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .returning(['email', 'role'])
    .executeTakeFirst();
  return invite && { ...invite, token };
}

export async function revokeInvite(db: Db, id: number, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('user_invites')
    .set({ revoked_at: now })
    .where('id', '=', id)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The invitation a link names, while it can still be accepted. */
export async function liveInvite(
  db: Db,
  token: string,
  now = Date.now(),
): Promise<{ id: number; email: string; role: string } | undefined> {
  if (token.length > 100) return undefined;
  return db
    .selectFrom('user_invites')
    .select(['id', 'email', 'role'])
    .where('token_hash', '=', tokenHash(token))
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Accepts an invitation: the account is made with the invited address and role, and the link
 * is spent in the same transaction, so it makes one account however often it is sent.
 */
export async function acceptInvite(
  db: Db,
  token: string,
  account: { name: string; password: string },
  now = Date.now(),
): Promise<{ userId: number; email: string } | undefined> {
  return db.transaction().execute(async (trx) => {
    const invite = await liveInvite(trx, token, now);
    if (!invite) return undefined;
    const spent = await trx
      .updateTable('user_invites')
      .set({ accepted_at: now })
      .where('id', '=', invite.id)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return undefined;
    const role = (['administrator', 'editor', 'author'] as const).find((r) => r === invite.role);
    const awaiting = await trx
      .selectFrom('users')
      .select('id')
      .where('email', '=', invite.email)
      .where('password_hash', '=', '')
      .executeTakeFirst();
    if (awaiting) {
      const parsed = inviteAccountSchema.safeParse(account);
      if (!parsed.success) {
        throw new UserError(parsed.error.issues.map((i) => i.message).join(' '));
      }
      await trx
        .updateTable('users')
        .set({
          name: parsed.data.name,
          role: role ?? 'author',
          password_hash: await hashPassword(parsed.data.password),
        })
        .where('id', '=', awaiting.id)
        .execute();
      // An imported author's posts name them: with the name they chose now.
      await bumpContentVersion(trx);
      return { userId: awaiting.id, email: invite.email };
    }
    const user = await createUser(
      trx,
      { email: invite.email, name: account.name, password: account.password },
      role ?? 'author',
    );
    return { userId: user.id, email: user.email };
  });
}

/** The account fields an invitation's page takes (the address comes from the invitation). */
export const inviteAccountSchema = newAdminSchema.pick({ password: true, name: true });

async function administrators(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'administrator')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Gives a user another role; the last administrator keeps theirs, so the site always has one. */
export async function changeRole(db: Db, userId: number, role: Role): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select('role')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw new UserError(m.noSuchUser);
    if (user.role === 'administrator' && role !== 'administrator') {
      if ((await administrators(trx)) <= 1) throw new UserError(m.lastAdministrator);
    }
    await trx.updateTable('users').set({ role }).where('id', '=', userId).execute();
  });
}

/**
 * Removes a user, handing their posts to another (`heir`); their sessions end with them. The
 * last administrator cannot be removed, nor can anyone remove themselves here.
 */
export async function removeUser(
  db: Db,
  input: { userId: number; heirId: number; by: number },
): Promise<{ posts: number }> {
  if (input.userId === input.by) throw new UserError(m.notYourself);
  if (input.heirId === input.userId) throw new UserError(m.heirIsRemoved);
  return db.transaction().execute(async (trx) => {
    const [user, heir] = await Promise.all(
      [input.userId, input.heirId].map((id) =>
        trx.selectFrom('users').select(['id', 'role']).where('id', '=', id).executeTakeFirst(),
      ),
    );
    if (!user) throw new UserError(m.noSuchUser);
    if (!heir) throw new UserError(m.noSuchHeir);
    if (user.role === 'administrator' && (await administrators(trx)) <= 1) {
      throw new UserError(m.lastAdministrator);
    }
    const moved = await trx
      .updateTable('posts')
      .set({ author_id: heir.id })
      .where('author_id', '=', user.id)
      .executeTakeFirst();
    await trx
      .updateTable('media')
      .set({ uploaded_by: heir.id })
      .where('uploaded_by', '=', user.id)
      .execute();
    await trx.deleteFrom('admin_preferences').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('users').where('id', '=', user.id).execute();
    const posts = Number(moved.numUpdatedRows);
    // Their posts now name the heir.
    if (posts > 0) await bumpContentVersion(trx);
    return { posts };
  });
}
