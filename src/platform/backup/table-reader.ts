import { type RawBuilder, sql } from 'kysely';
import type { DatabaseKind } from '../db/connect.ts';
import { batchBinaryBytes } from './backup-format.ts';
import type { SiteTable } from './site-tables.ts';
import type { SnapshotDb } from './snapshot.ts';

export type Row = Record<string, unknown>;

const rowsPerQuery = 1000;

const columnList = (names: string[]) => sql.join(names.map((name) => sql.ref(name)));

/** `(a, b) > (x, y)`: after the last row read, in primary-key order. */
function keyAfter(
  table: SiteTable,
  last: Row | undefined,
  operator: '>' | '<=',
): RawBuilder<unknown> {
  if (!last) return sql`1 = 1`;
  const key = table.primaryKey;
  return sql`(${columnList(key)}) ${sql.raw(operator)} (${sql.join(key.map((k) => last[k]))})`;
}

/** Bytes of a binary column's value without reading it (SQLite and PostgreSQL keep the size). */
const sizeOf = (kind: DatabaseKind, column: string) =>
  kind === 'postgres'
    ? sql`coalesce(octet_length(${sql.ref(column)}), 0)`
    : sql`coalesce(length(${sql.ref(column)}), 0)`;

/**
 * A table's rows in primary-key order, a batch at a time: a thousand rows, or fewer when their
 * binary values (images, file chunks) would pass 8 MB, so memory stays small whatever the site.
 * Keyset paging, so the thousandth batch costs what the first did.
 */
export async function* readTableRows(
  db: SnapshotDb,
  kind: DatabaseKind,
  table: SiteTable,
): AsyncGenerator<Row[]> {
  const columns = columnList(table.columns.map((column) => column.name));
  const order = columnList(table.primaryKey);
  const binary = table.columns.filter((column) => column.binary).map((column) => column.name);
  let last: Row | undefined;
  for (;;) {
    let upTo = sql`1 = 1`;
    let limit = rowsPerQuery;
    if (binary.length > 0) {
      const sizes = sql.join(
        binary.map((name) => sizeOf(kind, name)),
        sql` + `,
      );
      const { rows: keys } = await sql<Row & { quire_size: number | string }>`
        select ${order}, ${sizes} as quire_size from ${sql.table(table.name)}
        where ${keyAfter(table, last, '>')} order by ${order} limit ${rowsPerQuery}`.execute(db);
      if (keys.length === 0) return;
      let bytes = 0;
      let take = 0;
      while (take < keys.length) {
        bytes += Number(keys[take]?.quire_size);
        if (take > 0 && bytes > batchBinaryBytes) break;
        take++;
      }
      upTo = keyAfter(table, keys[take - 1], '<=');
      limit = take;
    }
    const { rows } = await sql<Row>`
      select ${columns} from ${sql.table(table.name)}
      where ${keyAfter(table, last, '>')} and ${upTo}
      order by ${order} limit ${limit}`.execute(db);
    if (rows.length === 0) return;
    yield rows;
    last = rows.at(-1);
    if (binary.length === 0 && rows.length < rowsPerQuery) return;
  }
}
