import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer } from '../support/test-server.ts';

for (const database of testDatabases()) {
  describe(`three instances starting together on one empty ${database.name} database`, () => {
    it('all serve the site, which was prepared exactly once', async () => {
      const shared = mkdtempSync(join(tmpdir(), 'quire-boot-'));
      const url =
        database.name === 'postgres'
          ? (process.env.TEST_DATABASE_URL as string)
          : `sqlite:${join(shared, 'quire.db')}`;
      if (database.name === 'postgres') await (await database.open()).close();
      // Each instance also creates the schema itself: start from nothing at all.
      const handle = connectDatabase(
        url.startsWith('sqlite:')
          ? { kind: 'sqlite', file: url.slice('sqlite:'.length) }
          : { kind: 'postgres', url },
      );
      if (database.name === 'postgres') {
        const { sql } = await import('kysely');
        await sql`drop schema public cascade; create schema public`.execute(handle.db);
      }
      const env = {
        DATABASE_URL: url,
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: 'correct horse battery staple',
      };
      const started = await Promise.allSettled([
        startTestServer(env),
        startTestServer(env),
        startTestServer(env),
      ]);
      try {
        const failures = started.filter((s) => s.status === 'rejected');
        expect(failures.map((f) => String((f as PromiseRejectedResult).reason))).toEqual([]);
        for (const instance of started) {
          if (instance.status !== 'fulfilled') continue;
          expect((await fetch(`${instance.value.url}/about/`)).status).toBe(200);
        }

        const count = async (table: 'posts' | 'users' | 'secrets' | 'forms') =>
          Number(
            (
              await handle.db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          );
        const titles = await handle.db.selectFrom('posts').select('title').distinct().execute();
        expect(await count('posts')).toBe(titles.length);
        expect(await count('users')).toBe(1);
        expect(await count('secrets')).toBe(1);
        expect(await count('forms')).toBe(6);
        const coupons = await handle.db.selectFrom('form_coupons').select('code').execute();
        expect(coupons).toEqual([{ code: 'FIELDNOTES15' }]);
      } finally {
        await handle.db.destroy();
        for (const instance of started) {
          if (instance.status === 'fulfilled') await instance.value.stop();
        }
        rmSync(shared, { recursive: true, force: true });
      }
    }, 180_000);
  });
}
