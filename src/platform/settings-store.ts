import type { z } from 'zod';
import { bumpContentVersion } from './cache/content-version.ts';
import type { Db } from './db/connect.ts';
import type { Logger } from './log.ts';

/**
 * Site settings are stored one JSON document per group. Reading validates against the group's
 * schema, so a document written by an older version still yields every default, and a value
 * that is no longer valid gives way to its default alone: the group's other values stay.
 */
export async function readSettings<S extends z.ZodType>(
  db: Db,
  key: string,
  schema: S,
  log: Pick<Logger, 'warn'>,
): Promise<z.output<S>> {
  const stored = await readStored(db, key);
  const { value, problems } = parseKeepingValid(schema, stored.document);
  if (problems.length > 0) reportOnce(log, key, stored.text, problems);
  return value;
}

/**
 * Saves changes to a settings group and refreshes the pages, in one transaction that holds the
 * group's row from the read to the write, so two saves at once (two workers, two instances)
 * each keep the other's changes.
 */
export async function saveSettings<S extends z.ZodType>(
  db: Db,
  key: string,
  schema: S,
  changes: Partial<z.input<S>>,
): Promise<z.output<S>> {
  return db.transaction().execute(async (trx) => {
    // Touching the row locks it (PostgreSQL); SQLite's transactions take the write lock first.
    await trx
      .insertInto('settings')
      .values({ key, value: '{}' })
      .onConflict((c) => c.column('key').doUpdateSet((eb) => ({ value: eb.ref('settings.value') })))
      .execute();
    const current = parseKeepingValid(schema, (await readStored(trx, key)).document).value;
    const saved = schema.parse({ ...(current as object), ...changes });
    await trx
      .updateTable('settings')
      .set({ value: JSON.stringify(saved) })
      .where('key', '=', key)
      .execute();
    await bumpContentVersion(trx);
    return saved;
  });
}

async function readStored(db: Db, key: string): Promise<{ text: string; document: unknown }> {
  const row = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return { text: '', document: {} };
  try {
    return { text: row.value, document: JSON.parse(row.value) };
  } catch {
    return { text: row.value, document: {} };
  }
}

type Path = readonly PropertyKey[];

/**
 * Parses a stored document, dropping each value the schema refuses (its default applies, or
 * the item leaves its list) until the rest parses; says what was dropped.
 */
export function parseKeepingValid<S extends z.ZodType>(
  schema: S,
  document: unknown,
): { value: z.output<S>; problems: string[] } {
  let current: unknown = structuredClone(document);
  const problems: string[] = [];
  // Each round drops at least one value; a document has far fewer than this.
  for (let round = 0; round < 200; round++) {
    const result = schema.safeParse(current);
    if (result.success) return { value: result.data, problems };
    const issue = result.error.issues[0];
    if (!issue) break;
    // A value this loop dropped itself was reported when it was dropped.
    const droppedHere =
      valueAt(current, issue.path) === undefined && valueAt(document, issue.path) !== undefined;
    if (!droppedHere) {
      problems.push(`${issue.path.map(String).join('.') || '(the whole group)'}: ${issue.message}`);
    }
    if (issue.code === 'unrecognized_keys') {
      for (const extra of issue.keys) current = dropAt(current, [...issue.path, extra]);
      continue;
    }
    // A required value that is missing cannot be dropped: what holds it goes instead.
    let path: Path = issue.path;
    while (path.length > 0 && valueAt(current, path) === undefined) path = path.slice(0, -1);
    current = dropAt(current, path);
  }
  return { value: schema.parse({}), problems };
}

function valueAt(document: unknown, path: Path): unknown {
  let value = document;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The document without the value at `path`: an object loses the key, a list the item. */
function dropAt(document: unknown, path: Path): unknown {
  if (path.length === 0 || document === null || typeof document !== 'object') return {};
  const [first, ...rest] = path as [PropertyKey, ...PropertyKey[]];
  const container = document as Record<PropertyKey, unknown>;
  if (rest.length === 0) {
    if (Array.isArray(document)) document.splice(Number(first), 1);
    else delete container[first];
    return document;
  }
  const inner = container[first];
  if (inner === null || typeof inner !== 'object') delete container[first];
  else container[first] = dropAt(inner, rest);
  return document;
}

/** Each distinct stored document's problems are logged once per logger, not on every read. */
const reported = new WeakMap<object, Set<string>>();

function reportOnce(log: Pick<Logger, 'warn'>, key: string, text: string, problems: string[]) {
  const seen = reported.get(log) ?? new Set<string>();
  reported.set(log, seen);
  const id = `${key}\0${text}`;
  if (seen.has(id)) return;
  if (seen.size > 100) seen.clear();
  seen.add(id);
  log.warn(`Stored settings "${key}" have invalid values; their defaults apply until saved`, {
    problems,
  });
}
