import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import { testDatabases } from '../support/databases.ts';

/**
 * The names released databases have recorded in `kysely_migration`. Renaming one makes those
 * databases refuse to start, so this list only ever grows at its end.
 */
const releasedMigrations = [
  '2026-11-21-001-content',
  '2026-11-21-002-forms-and-mail',
  '2026-11-21-003-subscriptions',
  '2026-11-22-004-stats',
  '2026-11-26-005-admin-sign-in',
  '2026-11-26-006-admin-preferences',
  '2026-11-26-007-post-seo',
  '2026-11-26-008-payments',
  '2026-11-27-009-form-files',
  '2026-11-27-010-captcha',
  '2026-11-27-011-entry-review',
  '2026-11-27-012-form-deletion',
  '2026-11-28-015-edit-revisions',
];

async function recordedMigrations(handle: DatabaseHandle) {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(handle.db);
  return rows;
}

for (const database of testDatabases()) {
  describe(`migrations on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle?.close());

    it('record the released names, in order', async () => {
      const recorded = await recordedMigrations(handle);
      expect(recorded.map((row) => row.name)).toEqual(releasedMigrations);
    });

    it('run again on a migrated database, run nothing and change nothing', async () => {
      const recorded = await recordedMigrations(handle);
      const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      await migrateToLatest(handle.db, handle.kind);
      expect(await recordedMigrations(handle)).toEqual(recorded);
      expect(await handle.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual(
        tables,
      );
    });
  });
}
