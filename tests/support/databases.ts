import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../src/platform/config.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';

export type TestDatabase = {
  name: string;
  open: () => Promise<DatabaseHandle & { close: () => Promise<void> }>;
};

/**
 * The PostgreSQL database the tests may use: they drop its whole schema, so a database whose
 * name does not end in `test` (a site's own, given by mistake) is refused before any of it.
 */
export function testDatabaseUrl(url: string): string {
  let name: string;
  try {
    name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  } catch {
    throw new Error('TEST_DATABASE_URL is not a postgres:// URL');
  }
  if (!name.endsWith('test')) {
    throw new Error(
      `TEST_DATABASE_URL names the database "${name}"; the tests drop every table of the database they use, so its name must end in "test"`,
    );
  }
  return url;
}

/** SQLite always; PostgreSQL as well when TEST_DATABASE_URL is set. Each open() is empty and migrated. */
export function testDatabases(): TestDatabase[] {
  const list: TestDatabase[] = [
    {
      name: 'sqlite',
      open: async () => {
        const dir = mkdtempSync(join(tmpdir(), 'quire-db-'));
        const handle = connectDatabase({ kind: 'sqlite', file: join(dir, 'test.db') });
        await migrateToLatest(handle.db, handle.kind);
        return {
          ...handle,
          close: async () => {
            await handle.db.destroy();
            rmSync(dir, { recursive: true, force: true });
          },
        };
      },
    },
  ];
  const url = process.env.TEST_DATABASE_URL && testDatabaseUrl(process.env.TEST_DATABASE_URL);
  if (url) {
    list.push({
      name: 'postgres',
      open: async () => {
        const handle = connectDatabase({ kind: 'postgres', url });
        // A vitest worker's files share its database (postgres-per-worker.ts): start each empty.
        await sql`drop schema public cascade; create schema public`.execute(handle.db);
        await migrateToLatest(handle.db, handle.kind);
        return { ...handle, close: () => handle.db.destroy() };
      },
    });
  }
  return list;
}

/**
 * The database of a site whose data folder is `dataDir`, on this test database: the PostgreSQL
 * test database, or the SQLite file `quire.db` in that folder. `url` is its DATABASE_URL (for the
 * server and the command line); `config` is what `connectDatabase` takes, to open it from a test.
 */
export function siteDatabase(
  database: TestDatabase,
  dataDir: string,
): { url: string; config: Config['database'] } {
  if (database.name === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    return { url, config: { kind: 'postgres', url } };
  }
  const file = join(dataDir, 'quire.db');
  return { url: `sqlite:${file}`, config: { kind: 'sqlite', file } };
}
