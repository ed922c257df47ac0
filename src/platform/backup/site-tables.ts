import { type Kysely, sql } from 'kysely';
import type { DatabaseKind } from '../db/connect.ts';

/**
 * The site's tables as the migrated database has them (not as a list someone keeps), so a
 * table a later migration adds is backed up without anyone remembering to (decision 0057).
 */

/**
 * Tables left out of a backup, each with why. Everything else the migrations made is in it.
 * A name here that no longer exists fails `site-tables.test.ts`, so the list stays true.
 */
export const excludedTables: Readonly<Record<string, string>> = {
  sessions: 'sign-in sessions: a restored site signs everyone in again',
  setup_links: 'one-time links to create the first administrator, valid for an hour',
  rate_limits: 'per-minute counters of form submissions and subscriptions',
  sign_in_failures: 'wrong passwords of the last 15 minutes, kept only to slow down guessing',
  backup_runs:
    "the record of backups written to this server's folder: a restored site has neither the folder nor its files",
};

/**
 * Tables that are the database's own machinery rather than the site's data: the schema's
 * record (`kysely_migration`, kept in the manifest as the migration list), the start-up lock,
 * and on SQLite its own tables and the posts' search index, which triggers rebuild.
 */
const machineryTables = new Set(['kysely_migration', 'kysely_migration_lock', 'startup_lock']);

/**
 * Tables whose rows a start or a migration writes by itself into a new site (the signing
 * secret, counters): a site holding only these counts as empty, and a restore replaces them.
 */
export const startUpTables: ReadonlySet<string> = new Set(['secrets', 'counters']);

export type SiteColumn = { name: string; binary: boolean };

export type SiteTable = {
  name: string;
  /** Every stored column in the table's order; generated ones (search vectors) are left out. */
  columns: SiteColumn[];
  primaryKey: string[];
  /** The tables its foreign keys point to: loaded before it. */
  references: string[];
  /** Its generated id column (an identity on PostgreSQL, AUTOINCREMENT on SQLite), if any. */
  idColumn: string | undefined;
};

// biome-ignore lint/suspicious/noExplicitAny: reads tables whatever the schema types say
type AnyDb = Kysely<any>;

/** Every base table of the database that is not machinery, by name. */
async function allTableNames(db: AnyDb, kind: DatabaseKind): Promise<string[]> {
  if (kind === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db);
    return rows.map((row) => row.name);
  }
  // Virtual tables (FTS5) and their shadow tables are derived from `posts` by triggers.
  const { rows } = await sql<{ name: string }>`
    select name from pragma_table_list where schema = 'main' and type = 'table'
    and name not like 'sqlite\\_%' escape '\\'`.execute(db);
  return rows.map((row) => row.name);
}

async function describeTable(db: AnyDb, kind: DatabaseKind, name: string): Promise<SiteTable> {
  if (kind === 'postgres') {
    const columns = await sql<{ name: string; type: string; generated: string; key: number }>`
      select c.column_name as name, c.data_type as type, c.is_generated as generated,
        (select array_position(i.indkey::int2[], a.attnum)
          from pg_index i join pg_attribute a on a.attrelid = i.indrelid
          where i.indrelid = c.table_name::regclass and i.indisprimary
          and a.attname = c.column_name) as key
      from information_schema.columns c
      where c.table_schema = current_schema() and c.table_name = ${name}
      order by c.ordinal_position`.execute(db);
    const references = await sql<{ name: string }>`
      select distinct confrelid::regclass::text as name from pg_constraint
      where contype = 'f' and conrelid = ${name}::regclass`.execute(db);
    const identity = await sql<{ name: string }>`
      select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = ${name}
      and pg_get_serial_sequence(quote_ident(table_name), column_name) is not null`.execute(db);
    const stored = columns.rows.filter((column) => column.generated !== 'ALWAYS');
    return {
      name,
      columns: stored.map((column) => ({ name: column.name, binary: column.type === 'bytea' })),
      primaryKey: keyOrder(stored.filter((c) => c.key !== null).map((c) => [c.name, c.key])),
      references: references.rows.map((row) => row.name.replace(/^"|"$/g, '')),
      idColumn: identity.rows[0]?.name,
    };
  }
  // `hidden` is 2 or 3 for generated columns, which are derived and never inserted.
  const columns = await sql<{ name: string; type: string; pk: number; hidden: number }>`
    select name, type, pk, hidden from pragma_table_xinfo(${name}) order by cid`.execute(db);
  const references = await sql<{ name: string }>`
    select distinct "table" as name from pragma_foreign_key_list(${name})`.execute(db);
  const { rows: autoIncrement } = await sql<{ n: number }>`
    select count(*) as n from sqlite_schema
    where type = 'table' and name = ${name} and sql like '%autoincrement%'`.execute(db);
  const stored = columns.rows.filter((column) => column.hidden === 0);
  const primaryKey = keyOrder(stored.filter((c) => c.pk > 0).map((c) => [c.name, c.pk]));
  return {
    name,
    columns: stored.map((column) => ({
      name: column.name,
      binary: column.type.toLowerCase() === 'blob',
    })),
    primaryKey,
    references: references.rows.map((row) => row.name),
    idColumn: Number(autoIncrement[0]?.n) > 0 ? primaryKey[0] : undefined,
  };
}

const keyOrder = (columns: [string, number][]) =>
  columns.sort(([, a], [, b]) => a - b).map(([name]) => name);

export type SiteTables = {
  /** The tables a backup holds, each after the tables it refers to. */
  included: SiteTable[];
  /** Excluded tables this database has. */
  excluded: string[];
};

/**
 * The site's tables in the order a restore loads them (parents first), and the excluded ones.
 * A table without a primary key, or foreign keys in a cycle, cannot be read in a stable order
 * or loaded in one: both are refused here, and by the unit test, before any release has them.
 */
export async function readSiteTables(db: AnyDb, kind: DatabaseKind): Promise<SiteTables> {
  const names = (await allTableNames(db, kind)).filter((name) => !machineryTables.has(name));
  const excluded = names.filter((name) => name in excludedTables).sort();
  const tables = await Promise.all(
    names
      .filter((name) => !(name in excludedTables))
      .sort()
      .map((name) => describeTable(db, kind, name)),
  );
  for (const table of tables) {
    if (table.primaryKey.length === 0) {
      throw new Error(
        `The table ${table.name} has no primary key: a backup cannot read it in order`,
      );
    }
  }
  return { included: dependencyOrder(tables), excluded };
}

/** Tables sorted so that each comes after the (backed-up) tables it refers to. */
export function dependencyOrder(tables: SiteTable[]): SiteTable[] {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const placed = new Set<string>();
  const order: SiteTable[] = [];
  const visiting = new Set<string>();
  const place = (table: SiteTable) => {
    if (placed.has(table.name)) return;
    if (visiting.has(table.name)) {
      throw new Error(`The tables ${[...visiting].join(', ')} refer to each other in a cycle`);
    }
    visiting.add(table.name);
    for (const name of table.references) {
      const parent = byName.get(name);
      if (parent && parent !== table) place(parent);
    }
    visiting.delete(table.name);
    placed.add(table.name);
    order.push(table);
  };
  for (const table of tables) place(table);
  return order;
}
