import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { migrateToLatest } from '../../src/platform/db/migrations.ts';

export type TestDatabase = {
  name: string;
  open: () => Promise<DatabaseHandle & { close: () => Promise<void> }>;
};

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
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    list.push({
      name: 'postgres',
      open: async () => {
        const handle = connectDatabase({ kind: 'postgres', url });
        // The suites share one PostgreSQL database: start each from an empty schema.
        await sql`drop schema public cascade; create schema public`.execute(handle.db);
        await migrateToLatest(handle.db, handle.kind);
        return { ...handle, close: () => handle.db.destroy() };
      },
    });
  }
  return list;
}
