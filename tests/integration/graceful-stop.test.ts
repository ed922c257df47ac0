import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { signalGroupAndWait } from '../support/process-group.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** Sends `count` page-view hits at once; resolves with how many were answered with the pixel. */
async function sendHits(server: TestServer, prefix: string, count: number): Promise<number> {
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      fetch(`${server.url}/?qstat=1&r=1&t=pageview&p=${prefix}${i % 10}/`, {
        headers: { 'user-agent': chrome },
      }).then(
        async (response) =>
          response.status === 200 && (await response.arrayBuffer()).byteLength > 0,
        () => false, // Refused or cut off: the visitor was told nothing.
      ),
    ),
  );
  return answers.filter(Boolean).length;
}

for (const database of testDatabases()) {
  describe(`a graceful stop of npm run serve on ${database.name}`, () => {
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    for (const workers of ['1', '2']) {
      it(`stores every acknowledged page view with WEB_CONCURRENCY=${workers} when the whole process group gets SIGTERM`, async () => {
        const empty = await database.open();
        await empty.close();
        const url = database.name === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
        server = await startTestServer(
          {
            WEB_CONCURRENCY: workers,
            // However slow the machine, no hit is answered 503 for being late: each one's
            // answer waits for its write, which the stop must let finish.
            STATS_BATCH_MS: '60000',
            ...(url ? { DATABASE_URL: url } : {}),
          },
          { via: 'npm' },
        );
        const before = await sendHits(server, '/before-stop/', 400);
        expect(before).toBe(400);
        // Hits still arriving while the stop begins: those answered must be kept as well.
        const during = sendHits(server, '/during-stop/', 200);
        await signalGroupAndWait(server.processGroup as number, 'SIGTERM', {
          timeoutMs: 90_000,
        });
        const answeredDuring = await during;

        const handle = connectDatabase(
          url
            ? { kind: 'postgres', url }
            : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
        );
        try {
          const stored = async (prefix: string) =>
            Number(
              (
                await handle.db
                  .selectFrom('stat_hits')
                  .select((eb) => eb.fn.countAll<number>().as('n'))
                  .where('path', 'like', `${prefix}%`)
                  .executeTakeFirstOrThrow()
              ).n,
            );
          expect(await stored('/before-stop/')).toBe(400);
          expect(await stored('/during-stop/')).toBe(answeredDuring);
        } finally {
          await handle.db.destroy();
        }
      }, 180_000);
    }
  });
}
