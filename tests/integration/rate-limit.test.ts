import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { takeRateLimit } from '../../src/platform/rate-limit.ts';
import { testDatabases } from '../support/databases.ts';

for (const database of testDatabases()) {
  describe(`rate limit on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle?.close());

    const rule = { scope: 'test', limit: 2, windowMs: 60_000 };
    const start = 1_800_000_000_000;

    it('allows the limit per window per client, then refuses until the next window', async () => {
      const take = (client: string, now: number) =>
        takeRateLimit(handle.db, 'secret', rule, client, now);
      expect((await take('10.0.0.1', start)).allowed).toBe(true);
      expect((await take('10.0.0.1', start + 1)).allowed).toBe(true);
      expect(await take('10.0.0.1', start + 2)).toEqual({ allowed: false, retryAfterSeconds: 60 });
      expect((await take('10.0.0.2', start + 3)).allowed).toBe(true);
      expect((await take('10.0.0.1', start + 60_000)).allowed).toBe(true);
    });

    it('counts concurrent attempts exactly', async () => {
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          takeRateLimit(handle.db, 'secret', { ...rule, limit: 4 }, 'burst', start),
        ),
      );
      expect(results.filter((r) => r.allowed)).toHaveLength(4);
    });

    it('stores a keyed hash, never the client address', async () => {
      const rows = await handle.db.selectFrom('rate_limits').select('key').execute();
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.key).not.toContain('10.0.0');
    });
  });
}
