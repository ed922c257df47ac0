import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { migrateToLatest } from '../../src/platform/db/migrations.ts';

const dir = mkdtempSync(join(tmpdir(), 'quire-busy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('SQLite shared by several processes', () => {
  it('waits for another connection’s write lock without freezing the event loop', async () => {
    const file = join(dir, 'shared.db');
    // Two connections to one file behave as two worker processes do.
    const first = connectDatabase({ kind: 'sqlite', file });
    const second = connectDatabase({ kind: 'sqlite', file });
    await migrateToLatest(first.db, first.kind);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    try {
      const holding = first.db.transaction().execute(async (trx) => {
        await trx.insertInto('settings').values({ key: 'a', value: '1' }).execute();
        await new Promise((resolve) => setTimeout(resolve, 300));
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      const started = Date.now();
      ticks = 0;
      // Blocked by the first connection's transaction until it commits.
      await second.db.insertInto('settings').values({ key: 'b', value: '2' }).execute();
      const waited = Date.now() - started;
      await holding;
      expect(waited).toBeGreaterThanOrEqual(200);
      // A timer every 10 ms kept running while the insert waited: the wait used timers.
      expect(ticks).toBeGreaterThanOrEqual(10);
      const rows = await second.db.selectFrom('settings').select('key').orderBy('key').execute();
      expect(rows.map((r) => r.key)).toEqual(['a', 'b']);
    } finally {
      clearInterval(timer);
      await first.db.destroy();
      await second.db.destroy();
    }
  });
});
