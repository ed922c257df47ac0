import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { signalGroupAndWait } from '../support/process-group.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const windowMs = 500;

type Sent = { sequence: number; sentAt: number; status: number | 'failed' };

/**
 * A steady stream of beacon hits, a few at a time, each carrying its sequence number in its
 * title; every answer is noted with the time the request was sent.
 */
function startHitStream(server: TestServer) {
  const sent: Sent[] = [];
  let next = 0;
  let stopped = false;
  const client = async () => {
    while (!stopped) {
      const sequence = next++;
      const sentAt = Date.now();
      let status: Sent['status'];
      try {
        const response = await fetch(
          `${server.url}/?qstat=1&r=${sequence}&t=pageview&p=/crash/&ti=hit-${sequence}`,
          { headers: { 'user-agent': chrome } },
        );
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 'failed'; // Cut off or refused: the visitor was told nothing.
      }
      sent.push({ sequence, sentAt, status });
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const clients = Array.from({ length: 4 }, client);
  return {
    sent,
    /** Resolves once `done` holds for what was answered so far (or after 20 s). */
    until: async (done: (sent: Sent[]) => boolean) => {
      const deadline = Date.now() + 20_000;
      while (!done(sent) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    stop: async () => {
      stopped = true;
      await Promise.all(clients);
    },
  };
}

for (const database of testDatabases()) {
  describe(`page-view hits and a crash (kill -9) on ${database.name}`, () => {
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    it('stores every hit it acknowledged, though the hits could not be written for longer than STATS_BATCH_MS', async () => {
      const empty = await database.open();
      await empty.close();
      const url = database.name === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
      server = await startTestServer(
        { STATS_BATCH_MS: String(windowMs), ...(url ? { DATABASE_URL: url } : {}) },
        { via: 'npm' },
      );
      const other = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
      const stream = startHitStream(server);
      try {
        await stream.until((sent) => sent.filter((hit) => hit.status === 200).length >= 20);

        // Another connection keeps the hits from being written: a long transaction holding
        // the table (PostgreSQL) or the database's write lock (SQLite), as a migration, a
        // bulk import or another instance's long write would.
        let locked!: () => void;
        const isLocked = new Promise<void>((resolve) => {
          locked = resolve;
        });
        let release!: () => void;
        const released = new Promise<void>((resolve) => {
          release = resolve;
        });
        const holding = other.db.transaction().execute(async (trx) => {
          if (url) await sql`lock table stat_hits in share mode`.execute(trx);
          else await trx.insertInto('settings').values({ key: 'crash-test', value: '1' }).execute();
          locked();
          await released;
        });
        await isLocked;
        const lockedAt = Date.now();

        // The stream goes on until the site has had to answer a hit sent during the lock, the
        // longest any can wait (STATS_BATCH_MS); then the site is killed, the lock still held.
        await stream.until((sent) =>
          sent.some((hit) => hit.sentAt > lockedAt && hit.status !== 200),
        );
        const killedAt = Date.now();
        await signalGroupAndWait(server.processGroup as number, 'SIGKILL', { timeoutMs: 30_000 });
        await stream.stop();
        release();
        await holding;

        const rows = await other.db
          .selectFrom('stat_hits')
          .select('title')
          .where('path', '=', '/crash/')
          .execute();
        const stored = new Set(rows.map((row) => row.title));
        const acknowledged = stream.sent.filter((hit) => hit.status === 200);
        const lost = acknowledged
          .filter((hit) => !stored.has(`hit-${hit.sequence}`))
          .map((hit) => ({ ...hit, sentBeforeKillMs: killedAt - hit.sentAt }));
        expect(acknowledged.length).toBeGreaterThanOrEqual(20);
        expect(lost).toEqual([]);
        // Nothing sent while the hits could not be written was acknowledged: those answered
        // got a 503, and the others were cut off by the kill.
        const sentDuringLock = stream.sent.filter((hit) => hit.sentAt > lockedAt);
        expect(sentDuringLock.length).toBeGreaterThan(0);
        expect(sentDuringLock.filter((hit) => hit.status === 200)).toEqual([]);
        expect(sentDuringLock.filter((hit) => hit.status === 503).length).toBeGreaterThan(0);
      } finally {
        await stream.stop();
        await other.db.destroy();
      }
    }, 120_000);
  });
}
