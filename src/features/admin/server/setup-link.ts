import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Db } from '../../../platform/db/connect.ts';
import { adminMessages } from '../messages.ts';
import { tokenHash } from './token-hash.ts';
import { countAdmins, createAdmin, type newAdminSchema } from './users.ts';

/** A set-up link works for an hour after it is printed, and once. */
export const setupLinkLifetimeMs = 60 * 60 * 1000;

/**
 * Makes the one-time token of a set-up link, for a site with no administrator yet: the
 * server prints the link when it starts, and its page creates the first account.
 */
export async function createSetupLink(db: Db, now = Date.now()): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db
    .insertInto('setup_links')
    .values({
      token_hash: tokenHash(token),
      created_at: now,
      expires_at: now + setupLinkLifetimeMs,
      used_at: null,
    })
    .execute();
  // Links that can no longer be used are of no further interest.
  await db
    .deleteFrom('setup_links')
    .where('expires_at', '<', now - setupLinkLifetimeMs)
    .execute();
  return token;
}

/** Whether a set-up link's page should offer to create the first account. */
export async function setupLinkIsLive(db: Db, token: string, now = Date.now()): Promise<boolean> {
  if (token.length > 100 || (await countAdmins(db)) > 0) return false;
  const row = await db
    .selectFrom('setup_links')
    .select('token_hash')
    .where('token_hash', '=', tokenHash(token))
    .where('expires_at', '>', now)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export type SetupOutcome =
  | { outcome: 'created'; userId: number; email: string }
  | { outcome: 'refused'; message: string };

/**
 * Creates the first administrator through a set-up link. The link is spent in the same
 * transaction, so two people opening it at once cannot both create an account, and a link
 * is refused once any administrator exists. A refused account (a short password) leaves
 * the link unspent.
 */
export async function redeemSetupLink(
  db: Db,
  token: string,
  account: z.input<typeof newAdminSchema>,
  now = Date.now(),
): Promise<SetupOutcome> {
  if (token.length > 100) return { outcome: 'refused', message: adminMessages.setupLinkInvalid };
  return db.transaction().execute(async (trx) => {
    if ((await countAdmins(trx)) > 0) {
      return { outcome: 'refused', message: adminMessages.setupAdminExists };
    }
    const spent = await trx
      .updateTable('setup_links')
      .set({ used_at: now })
      .where('token_hash', '=', tokenHash(token))
      .where('expires_at', '>', now)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) {
      return { outcome: 'refused', message: adminMessages.setupLinkInvalid };
    }
    const user = await createAdmin(trx, account);
    return { outcome: 'created', userId: user.id, email: user.email };
  });
}
