import { createHmac } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { Db } from './db/connect.ts';
import type { Database } from './db/schema.ts';

export type RateLimit = { scope: string; limit: number; windowMs: number };

/** The client is stored only as a keyed hash, never as an address. */
export function rateLimitKey(secret: string, rule: RateLimit, client: string): string {
  return createHmac('sha256', secret)
    .update(`${rule.scope}\0${client}`)
    .digest('base64url')
    .slice(0, 32);
}

/**
 * Counts one attempt by a client in a fixed time window and says whether it is within the
 * limit. Pass the transaction of the write it guards, so the two cost one commit. The count
 * lives in the database, so every worker and instance shares it; the client
 * is stored only as a keyed hash, never as an address.
 */
export async function takeRateLimit(
  db: Db | Transaction<Database>,
  secret: string,
  rule: RateLimit,
  client: string,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = rateLimitKey(secret, rule, client);
  const windowStart = now - (now % rule.windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: windowStart, hits: 1 })
    .onConflict((c) =>
      c.column('key').doUpdateSet({
        hits: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.hits + 1 else 1 end`,
        window_start: sql<number>`excluded.window_start`,
      }),
    )
    .returning('hits')
    .executeTakeFirstOrThrow();
  // Forget finished windows now and then, so the table stays as small as the active clients.
  if (Math.random() < 0.01) {
    await db
      .deleteFrom('rate_limits')
      .where('window_start', '<', now - 86_400_000)
      .execute();
  }
  const allowed = Number(row.hits) <= rule.limit;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}

/**
 * Whether a client is within the limit now, without counting an attempt: checked before
 * costly work whose attempt the same rule counts later (a form's passwords are hashed only for
 * a sender still within its submission limit).
 */
export async function peekRateLimit(
  db: Db,
  secret: string,
  rule: RateLimit,
  client: string,
  now = Date.now(),
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const windowStart = now - (now % rule.windowMs);
  const row = await db
    .selectFrom('rate_limits')
    .select('hits')
    .where('key', '=', rateLimitKey(secret, rule, client))
    .where('window_start', '=', windowStart)
    .executeTakeFirst();
  const allowed = Number(row?.hits ?? 0) < rule.limit;
  return {
    allowed,
    retryAfterSeconds: allowed ? 0 : Math.ceil((windowStart + rule.windowMs - now) / 1000),
  };
}
