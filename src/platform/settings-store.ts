import type { z } from 'zod';
import type { Db } from './db/connect.ts';

/**
 * Site settings are stored one JSON document per group. Reading validates against the group's
 * schema, so a document written by an older version still yields every default.
 */
export async function readSettings<S extends z.ZodType>(
  db: Db,
  key: string,
  schema: S,
): Promise<z.output<S>> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  const stored = row ? safeJson(row.value) : {};
  const parsed = schema.safeParse(stored);
  return parsed.success ? parsed.data : schema.parse({});
}

export async function writeSettings<S extends z.ZodType>(
  db: Db,
  key: string,
  schema: S,
  value: z.input<S>,
): Promise<z.output<S>> {
  const valid = schema.parse(value);
  const json = JSON.stringify(valid);
  await db
    .insertInto('settings')
    .values({ key, value: json })
    .onConflict((c) => c.column('key').doUpdateSet({ value: json }))
    .execute();
  return valid;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}
