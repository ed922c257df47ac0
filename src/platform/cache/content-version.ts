import type { Db } from '../db/connect.ts';

/**
 * One number that changes whenever anything a page shows changes (content, settings). Every
 * app instance compares it with the version its cached pages were made under.
 */
export const contentVersionCounter = 'content_version';

export async function readContentVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('counters')
    .select('value')
    .where('name', '=', contentVersionCounter)
    .executeTakeFirst();
  return row ? Number(row.value) : 0;
}

export async function bumpContentVersion(db: Db): Promise<number> {
  await db
    .insertInto('counters')
    .values({ name: contentVersionCounter, value: 1 })
    .onConflict((c) =>
      c.column('name').doUpdateSet((eb) => ({ value: eb('counters.value', '+', 1) })),
    )
    .execute();
  return readContentVersion(db);
}
