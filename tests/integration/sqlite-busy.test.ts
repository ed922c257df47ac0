import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';

const dir = mkdtempSync(join(tmpdir(), 'quire-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const nextTimer = () => new Promise((resolve) => setTimeout(resolve, 1));

describe('SQLite shared by several processes', () => {
  it('waits for another connection’s write lock without freezing the event loop', async () => {
    const file = join(dir, 'shared.db');
    // Two connections to one file behave as two worker processes do.
    const first = connectDatabase({ kind: 'sqlite', file });
    const second = connectDatabase({ kind: 'sqlite', file });
    await migrateToLatest(first.db, first.kind);
    try {
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      let release!: () => void;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      // The first connection holds the write lock until the test lets it go.
      const holding = first.db.transaction().execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'a', value: '1' }).execute();
        locked();
        await released;
      });
      await isLocked;

      let inserted = false;
      const insert = second.db
        .insertInto('settings')
        .values({ key: 'b', value: '2' })
        .execute()
        .then(() => {
          inserted = true;
        });
      // Timers keep firing while the insert waits: it waits with timers, not inside SQLite.
      for (let tick = 0; tick < 10; tick++) await nextTimer();
      expect(inserted).toBe(false);

      release();
      await holding;
      await insert;
      const rows = await second.db.selectFrom('settings').select('key').orderBy('key').execute();
      expect(rows.map((r) => r.key)).toEqual(['a', 'b']);
    } finally {
      await first.db.destroy();
      await second.db.destroy();
    }
  });

  it('opens a new database another process is holding, waiting with timers', async () => {
    const file = join(dir, 'new.db');
    // Another worker, starting at the same moment, holds the new file's lock.
    const other = new DatabaseSync(file);
    other.exec('begin exclusive');
    const handle = connectDatabase({ kind: 'sqlite', file });
    try {
      let answered = false;
      const query = sql<{ one: number }>`select 1 as one`.execute(handle.db).then((result) => {
        answered = true;
        return result.rows;
      });
      for (let tick = 0; tick < 10; tick++) await nextTimer();
      expect(answered).toBe(false);
      other.exec('commit');
      expect(await query).toEqual([{ one: 1 }]);
    } finally {
      other.close();
      await handle.db.destroy();
    }
  });
});
