import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { connectDatabase, postgresApplicationName } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { livingMembers } from '../support/process-group.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** What a database restart, a failover or a pooler's idle timeout does to the app. */
/** Ends the site's connections; the backends' process ids. */
async function terminateAppConnections(url: string): Promise<number[]> {
  const admin = connectDatabase({ kind: 'postgres', url }, { applicationName: 'quire-test' });
  try {
    const { rows } = await sql<{ pid: number }>`
      select pid, pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = ${postgresApplicationName}
        and datname = current_database() and pid <> pg_backend_pid()`.execute(admin.db);
    return rows.map((row) => row.pid);
  } finally {
    await admin.db.destroy();
  }
}

type Outcome = { kind: 'page' | 'hit' | 'entry'; status: number | 'failed'; message?: string };

const secret = 'connection-loss-test-secret-0123456789abcdef';

/** A contact form submission with a message of its own, as the island sends it. */
function submission(i: number): FormData {
  const now = Math.floor(Date.now() / 1000);
  const body = new FormData();
  const fields: Record<string, string> = {
    action: 'qforms_submit',
    'qforms[id]': '1',
    'qforms[token]': issueFormToken(secret, 1, Date.now() - 30_000).token,
    'qforms[submission_id]': `loss-${i}-${Math.random().toString(36).slice(2)}`,
    'qforms[fields][1][first]': 'Ada',
    'qforms[fields][1][last]': 'Lovelace',
    'qforms[fields][2]': 'ada@example.org',
    'qforms[fields][3]': 'Connections',
    'qforms[fields][4]': `Sent while connections drop, number ${i}.`,
    'qforms[fields][5][]': '1',
    start_timestamp: String(now - 30),
    end_timestamp: String(now),
    page_url: '/contact/',
  };
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
}

/** One request of the mixed load: a page (which reads the database), a hit, or an entry. */
async function request(server: TestServer, i: number): Promise<Outcome> {
  const kind = i % 5 === 0 ? 'entry' : i % 2 === 0 ? 'page' : 'hit';
  try {
    if (kind === 'entry') {
      const response = await fetch(`${server.url}/ajax`, {
        method: 'POST',
        body: submission(i),
        headers: { origin: server.url },
      });
      const answer = (await response.json()) as { success: boolean };
      return {
        kind,
        status: answer.success ? response.status : 0,
        message: `Sent while connections drop, number ${i}.`,
      };
    }
    const path =
      kind === 'page'
        ? i % 4 === 0
          ? '/'
          : '/about/'
        : `/?qstat=1&r=1&t=pageview&p=/loss/${i % 7}/&ti=loss-${i}`;
    const response = await fetch(`${server.url}${path}`, { headers: { 'user-agent': chrome } });
    await response.arrayBuffer();
    return { kind, status: response.status, message: kind === 'hit' ? `loss-${i}` : undefined };
  } catch {
    return { kind, status: 'failed' };
  }
}

const postgres = testDatabases().filter((database) => database.name === 'postgres');

for (const database of postgres) {
  describe('PostgreSQL connections dropped under the site', () => {
    const url = process.env.TEST_DATABASE_URL as string;
    let server: TestServer | undefined;
    afterEach(async () => {
      await server?.stop();
      server = undefined;
    });

    it('under load: no process dies, every request is answered, every acknowledged hit is stored', async () => {
      const empty = await database.open();
      await empty.close();
      server = await startTestServer(
        {
          DATABASE_URL: url,
          WEB_CONCURRENCY: '2',
          QUIRE_SECRET: secret,
          FORM_SUBMISSIONS_PER_MINUTE: '100000',
        },
        { via: 'npm' },
      );
      const group = server.processGroup as number;
      const processesBefore = livingMembers(group).sort();

      const total = 1200;
      const concurrency = 16;
      const outcomes: Outcome[] = [];
      let next = 0;
      const dropsAt = new Set([Math.floor(total / 3), Math.floor((2 * total) / 3)]);
      const terminated: Promise<number[]>[] = [];
      const client = async () => {
        while (next < total) {
          const i = next++;
          if (dropsAt.has(i)) terminated.push(terminateAppConnections(url));
          outcomes.push(await request(server as TestServer, i));
        }
      };
      await Promise.all(Array.from({ length: concurrency }, client));
      const dropped = await Promise.all(terminated);
      // The drops really cut the app's connections, twice.
      expect(dropped.every((pids) => pids.length > 0)).toBe(true);

      expect(livingMembers(group).sort()).toEqual(processesBefore);
      // A hit is acknowledged (200) once stored; one its connection's loss kept from being
      // stored within STATS_BATCH_MS is answered 503, and stays queued.
      const failures = outcomes.filter(
        (o) => o.status !== 200 && !(o.kind === 'hit' && o.status === 503),
      );
      expect(failures).toEqual([]);

      // The site answers from fresh connections.
      expect((await fetch(`${server.url}/about/`)).status).toBe(200);

      const answeredHits = outcomes.filter((o) => o.kind === 'hit').map((o) => o.message);
      await server.shutDown();
      const handle = connectDatabase({ kind: 'postgres', url }, { applicationName: 'quire-test' });
      try {
        // Every hit is stored once: those acknowledged before they were answered, the others
        // when the database took them, at the latest when the site stopped.
        const hits = await handle.db
          .selectFrom('stat_hits')
          .select('title')
          .where('path', 'like', '/loss/%')
          .execute();
        expect(hits.map((hit) => hit.title).sort()).toEqual(answeredHits.sort());
        // Every submission answered as received is stored, once.
        const stored = await handle.db
          .selectFrom('form_entries')
          .select('fields')
          .where('form_id', '=', 1)
          .execute();
        const messages = stored.map((entry) => entry.fields);
        for (const sent of outcomes.filter((o) => o.kind === 'entry')) {
          expect(messages.filter((fields) => fields.includes(sent.message as string))).toHaveLength(
            1,
          );
        }
      } finally {
        await handle.db.destroy();
      }
    }, 240_000);

    it('while idle, with one process: it keeps running and answers at once', async () => {
      const empty = await database.open();
      await empty.close();
      server = await startTestServer({ DATABASE_URL: url, WEB_CONCURRENCY: '1' }, { via: 'npm' });
      const group = server.processGroup as number;
      const processesBefore = livingMembers(group).sort();
      expect((await fetch(`${server.url}/about/`)).status).toBe(200);

      for (let round = 0; round < 2; round++) {
        const ended = await terminateAppConnections(url);
        expect(ended.length).toBeGreaterThan(0);
        // Wait until the ended backends are gone. Not until the site has no connection at all:
        // its background work may open a fresh one at any moment, and on a busy machine the
        // check would miss the short time with none.
        await waitUntil(
          async () => !(await appConnections(url)).some((pid) => ended.includes(pid)),
        );
        expect(livingMembers(group).sort()).toEqual(processesBefore);
        expect((await fetch(`${server.url}/about/`)).status).toBe(200);
        expect((await fetch(`${server.url}/`)).status).toBe(200);
      }
    }, 240_000);
  });
}

/** The process ids of the site's connections' backends. */
async function appConnections(url: string): Promise<number[]> {
  const admin = connectDatabase({ kind: 'postgres', url }, { applicationName: 'quire-test' });
  try {
    const { rows } = await sql<{ pid: number }>`
      select pid from pg_stat_activity
      where application_name = ${postgresApplicationName} and datname = current_database()
        and pid <> pg_backend_pid()`.execute(admin.db);
    return rows.map((row) => row.pid);
  } finally {
    await admin.db.destroy();
  }
}

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('The condition did not hold within 10 s');
}
