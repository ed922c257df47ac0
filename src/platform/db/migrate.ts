import { sql } from 'kysely';
import {
  type Migration,
  type MigrationProvider,
  type MigrationResultSet,
  Migrator,
} from 'kysely/migration';
import { ConfigError } from '../config.ts';
import type { DatabaseKind, Db } from './connect.ts';
import { migrationList } from './migrations/migration-list.ts';
import type { MigrationStep } from './migrations/schema-sql.ts';

type MigrationEntry = { name: string; up: MigrationStep };

/**
 * Runs, in order, the migrations this database has not run yet, all in one transaction on
 * either database: one that fails leaves the schema as it was before, and the start stops
 * with one line saying so. A database that has run migrations this build does not know (a
 * newer Quire's) is left alone, and the start stops saying what to do.
 */
export async function migrateToLatest(
  db: Db,
  kind: DatabaseKind,
  migrations: readonly MigrationEntry[] = migrationList,
): Promise<void> {
  await migrate(db, kind, migrations, (migrator) => migrator.migrateToLatest());
}

/**
 * Runs this build's migrations up to and including `name`, and no later one: a restore loads an
 * older backup into the schema it was made in, then migrates the rest (decision 0057).
 */
export async function migrateUpTo(db: Db, kind: DatabaseKind, name: string): Promise<void> {
  await migrate(db, kind, migrationList, (migrator) => migrator.migrateTo(name));
}

async function migrate(
  db: Db,
  kind: DatabaseKind,
  migrations: readonly MigrationEntry[],
  run: (migrator: Migrator) => Promise<MigrationResultSet>,
): Promise<void> {
  const { unknown } = await readSchemaState(db, migrations);
  if (unknown.length > 0) {
    throw new ConfigError(
      `The database was migrated by a newer Quire (it has run ${unknown.join(', ')}, which this build does not know): start that build again, or restore the backup made before the upgrade`,
    );
  }
  const list: Record<string, Migration> = Object.fromEntries(
    migrations.map(({ name, up }) => [name, { up: (migrationDb) => up(migrationDb, kind) }]),
  );
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await run(migrator);
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` ${failed.migrationName}` : '';
    const reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
    throw new ConfigError(
      `Database migration${name} failed: ${reason}; every migration of this start was undone, so the database is as it was and the previous build still runs on it`,
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
export async function readSchemaState(
  db: Db,
  migrations: readonly MigrationEntry[] = migrationList,
): Promise<SchemaState> {
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
  const known = new Set(migrations.map((m) => m.name));
  const done = new Set(ran);
  return {
    applied: migrations.map((m) => m.name).filter((name) => done.has(name)),
    pending: migrations.map((m) => m.name).filter((name) => !done.has(name)),
    unknown: ran.filter((name) => !known.has(name)),
  };
}
