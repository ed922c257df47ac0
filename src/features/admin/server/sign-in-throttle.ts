import { createHmac } from 'node:crypto';
import type { Db } from '../../../platform/db/connect.ts';

/**
 * How many wrong passwords sign-in takes (decision 0046). Each is counted for `windowMs` after
 * it was sent, a sliding window, so no clock boundary lets a burst through and the wait a
 * refusal names is the real one. Only wrong passwords count, and only against the client that
 * sent them: a client that has not failed for an address is always let try it.
 */
export const signInLimits = {
  windowMs: 15 * 60 * 1000,
  /** From one client for one address. */
  perClientAndAddress: 5,
  /** From one client, whichever addresses: slows a guesser spread over many accounts. */
  perClient: 10,
  /** For one address from anywhere; beyond this the address is guarded… */
  perAddress: 10,
  /** …and each client gets this many for it, which slows a guesser spread over many clients. */
  perClientAndGuardedAddress: 2,
} as const;

export type SignInGate =
  | { allowed: false; retryAfterSeconds: number }
  | {
      allowed: true;
      /** The password was right: the client's failures for this address are forgotten. */
      succeeded: () => Promise<void>;
    };

/** Clients and addresses are stored only as keyed hashes, never as they are. */
function keyOf(secret: string, kind: 'client' | 'address', value: string): string {
  return createHmac('sha256', secret)
    .update(`sign-in-${kind}\0${value}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Lets one password for `address` from `client` be checked, or says how long until it may be.
 * The attempt is written down as a failure before the password is checked, so tries sent at
 * once all count; a right password takes it back with `succeeded`. Unknown addresses are
 * counted as known ones are, so a refusal tells nobody which addresses have accounts.
 */
export async function openSignInGate(
  db: Db,
  secret: string,
  attempt: { client: string; address: string },
  now = Date.now(),
): Promise<SignInGate> {
  const { windowMs } = signInLimits;
  const clientKey = keyOf(secret, 'client', attempt.client);
  const addressKey = keyOf(secret, 'address', attempt.address);
  const since = now - windowMs;
  const own = await db
    .insertInto('sign_in_failures')
    .values({ client_key: clientKey, account_key: addressKey, failed_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  // The other failures within the window, newest first.
  const otherFailures = () =>
    db
      .selectFrom('sign_in_failures')
      .where('failed_at', '>', since)
      .where('id', '!=', own.id)
      .orderBy('failed_at', 'desc')
      .orderBy('id', 'desc');
  const [byClient, guard] = await Promise.all([
    // The client's newest ten are enough: with ten, its own limit holds it longer than any
    // older failure could.
    otherFailures()
      .select(['account_key', 'failed_at'])
      .where('client_key', '=', clientKey)
      .limit(signInLimits.perClient)
      .execute(),
    // The address is guarded while it has this many failures from anywhere.
    otherFailures()
      .select('failed_at')
      .where('account_key', '=', addressKey)
      .limit(1)
      .offset(signInLimits.perAddress - 1)
      .executeTakeFirst(),
  ]);

  const clientTimes = byClient.map((row) => Number(row.failed_at));
  const pairTimes = byClient
    .filter((row) => row.account_key === addressKey)
    .map((row) => Number(row.failed_at));
  // A count of newest-first failures falls below `limit` when its limit-th newest leaves.
  const belowAt = (times: number[], limit: number) =>
    times.length < limit ? now : (times[limit - 1] as number) + windowMs;
  const guardEndsAt = guard ? Number(guard.failed_at) + windowMs : now;
  // For this address the client may have 2 failures, or 5 once the guard has lifted.
  const pairOpensAt = Math.min(
    belowAt(pairTimes, signInLimits.perClientAndGuardedAddress),
    Math.max(belowAt(pairTimes, signInLimits.perClientAndAddress), guardEndsAt),
  );
  const opensAt = Math.max(pairOpensAt, belowAt(clientTimes, signInLimits.perClient));

  // Forget old failures now and then, so the table stays as small as the last window.
  if (Math.random() < 0.01) {
    await db.deleteFrom('sign_in_failures').where('failed_at', '<=', since).execute();
  }
  if (opensAt > now) {
    // A refused try is no failure: hammering on a closed gate does not keep it closed.
    await db.deleteFrom('sign_in_failures').where('id', '=', own.id).execute();
    return { allowed: false, retryAfterSeconds: Math.ceil((opensAt - now) / 1000) };
  }
  return {
    allowed: true,
    succeeded: async () => {
      await db
        .deleteFrom('sign_in_failures')
        .where('client_key', '=', clientKey)
        .where('account_key', '=', addressKey)
        .execute();
    },
  };
}
