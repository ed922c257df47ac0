import { sql } from 'kysely';
import {
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely/migration';
import type { DatabaseKind, Db } from './connect.ts';
import { migrationList } from './migrations/migration-list.ts';

/** Runs, in order, the migrations this database has not run yet. */
export async function migrateToLatest(db: Db, kind: DatabaseKind): Promise<void> {
  await migrate(db, kind, (migrator) => migrator.migrateToLatest());
}

/**
 * Runs this build's migrations up to and including `name`, and no later one: a restore loads an
 * older backup into the schema it was made in, then migrates the rest (decision 0057).
 */
export async function migrateUpTo(db: Db, kind: DatabaseKind, name: string): Promise<void> {
  await migrate(db, kind, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Db,
  kind: DatabaseKind,
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const list: Record<string, Migration> = Object.fromEntries(
    migrationList.map(({ name, up }) => [name, { up: (migrationDb) => up(migrationDb, kind) }]),
  );
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

/** Where a database's schema stands against this build's migrations. */
export type SchemaState = {
  /** This build's migrations the database has run, oldest first. */
  applied: string[];
  /** This build's migrations it has not run yet: the next start runs them. */
  pending: string[];
  /** Migrations it has run that this build does not know: a newer Quire made it. */
  unknown: string[];
};

/** Reads, without changing anything, which migrations a database has run. */
export async function readSchemaState(db: Db): Promise<SchemaState> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const ran = tables.some((t) => t.name === 'kysely_migration')
    ? (
        await db
          .selectFrom('kysely_migration' as never)
          .select(sql<string>`name`.as('name'))
          .orderBy(sql`name`)
          .execute()
      ).map((row) => row.name)
    : [];
  const known = new Set(migrationList.map((m) => m.name));
  const done = new Set(ran);
  return {
    applied: migrationList.map((m) => m.name).filter((name) => done.has(name)),
    pending: migrationList.map((m) => m.name).filter((name) => !done.has(name)),
    unknown: ran.filter((name) => !known.has(name)),
  };
}
