import { randomBytes } from 'node:crypto';
import type { Db } from './db/connect.ts';

/**
 * Returns the named secret, creating a random one on first use. It lives in the database so
 * every instance of the site shares it; the environment can still supply it.
 */
export async function loadOrCreateSecret(
  db: Db,
  name: string,
  fromEnvironment?: string,
): Promise<string> {
  if (fromEnvironment) return fromEnvironment;
  // Insert-or-ignore, then read: two instances booting at once end up with the same value.
  await db
    .insertInto('secrets')
    .values({ name, value: randomBytes(32).toString('base64url') })
    .onConflict((c) => c.column('name').doNothing())
    .execute();
  const row = await db
    .selectFrom('secrets')
    .select('value')
    .where('name', '=', name)
    .executeTakeFirstOrThrow();
  return row.value;
}
