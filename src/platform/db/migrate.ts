import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { DatabaseKind, Db } from './connect.ts';
import { migrationList } from './migrations/migration-list.ts';

/** Runs, in order, the migrations this database has not run yet. */
export async function migrateToLatest(db: Db, kind: DatabaseKind): Promise<void> {
  const list: Record<string, Migration> = Object.fromEntries(
    migrationList.map(({ name, up }) => [name, { up: (migrationDb) => up(migrationDb, kind) }]),
  );
  const provider: MigrationProvider = { getMigrations: async () => list };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(
      `Database migration failed${name}: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}
