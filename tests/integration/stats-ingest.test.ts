import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { createAdmin } from '../../src/features/admin/server/users.ts';
import { writeSiteSettings } from '../../src/features/site/server/site-settings-store.ts';
import { HitBatcher, type NewHit } from '../../src/features/stats/server/hit-batcher.ts';
import { writeStatsSettings } from '../../src/features/stats/server/stats-settings-store.ts';
import { DailySalts } from '../../src/features/stats/server/visitor-keys.ts';
import { dayIn, dayOf } from '../../src/features/stats/stat-days.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { createLogger } from '../../src/platform/log.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const visitorId = '0f8fad5b-d9cb-469f-a165-70867728950e';

function hitQuery(params: Record<string, string> = {}): string {
  const query = new URLSearchParams({ r: '5551234', t: 'pageview', p: '/hello/', ...params });
  return `/?qstat=1&${query}`;
}

function aHit(day: number, path: string): NewHit {
  return { at: day * 86_400_000, day, type: 'pageview', path, visitor: `h${path}` };
}

for (const database of testDatabases()) {
  describe(`stats storage on ${database.name}`, () => {
    it('says a hit is stored only once it is, and adds drop counts up', async () => {
      const handle = await database.open();
      try {
        const batcher = new HitBatcher({ db: handle.db, log: createLogger('silent') });
        const storedPaths = async () =>
          (await handle.db.selectFrom('stat_hits').select('path').execute()).map((row) => row.path);
        // A burst arriving together is written together, and a hit is said to be stored only
        // when its row can be read (looked at for one hit in a hundred).
        const burst = Array.from({ length: 1001 }, (_, i) =>
          batcher.add(aHit(20_000, `/p${i}/`)).then(async (stored) => ({
            stored,
            readable: i % 100 > 0 || (await storedPaths()).includes(`/p${i}/`),
          })),
        );
        const robots = [batcher.drop(20_000, 'robot'), batcher.drop(20_000, 'robot')];
        const invalid = batcher.drop(20_001, 'invalid');
        const answers = await Promise.all(burst);
        expect(answers.every((answer) => answer.stored && answer.readable)).toBe(true);
        expect(await Promise.all([...robots, invalid])).toEqual([true, true, true]);
        expect(await batcher.drop(20_000, 'robot')).toBe(true);
        expect(await storedPaths()).toHaveLength(1001);
        const drops = await handle.db
          .selectFrom('stat_drops')
          .selectAll()
          .orderBy('day')
          .orderBy('reason')
          .execute();
        expect(drops.map((d) => ({ ...d }))).toEqual([
          { day: 20_000, reason: 'robot', count: 3 },
          { day: 20_001, reason: 'invalid', count: 1 },
        ]);
      } finally {
        await handle.close();
      }
    });

    it('keeps hits whose write failed and says they are stored only once they are', async () => {
      const handle = await database.open();
      try {
        const batcher = new HitBatcher({
          db: handle.db,
          log: createLogger('silent'),
          maxWaiting: 2,
        });
        // The database refuses the write (the table is away for a moment)…
        await sql`alter table stat_hits rename to stat_hits_away`.execute(handle.db);
        const settled: boolean[] = [];
        const kept = batcher.add(aHit(20_000, '/kept/')).then((stored) => settled.push(stored));
        void batcher.drop(20_000, 'robot');
        await batcher.flush();
        expect(settled).toEqual([]);
        // …while it waits, hits past `maxWaiting` are not kept, and say so at once…
        void batcher.add(aHit(20_000, '/second/'));
        expect(await batcher.add(aHit(20_000, '/third/'))).toBe(false);
        await sql`alter table stat_hits_away rename to stat_hits`.execute(handle.db);
        // …and once the table is back, the kept hits and the counts are written once.
        await batcher.flush();
        await kept;
        expect(settled).toEqual([true]);
        const rows = await handle.db.selectFrom('stat_hits').select('path').orderBy('id').execute();
        expect(rows.map((row) => row.path)).toEqual(['/kept/', '/second/']);
        const drops = await handle.db
          .selectFrom('stat_drops')
          .select(['reason', 'count'])
          .orderBy('reason')
          .execute();
        expect(drops.map((row) => ({ ...row }))).toEqual([
          { reason: 'overload', count: 1 },
          { reason: 'robot', count: 1 },
        ]);
      } finally {
        await handle.close();
      }
    });

    it('shares one salt per day between instances and deletes the old ones', async () => {
      const handle = await database.open();
      try {
        const first = new DailySalts(handle.db);
        const second = new DailySalts(handle.db);
        const [a, b] = await Promise.all([first.saltFor(20_000), second.saltFor(20_000)]);
        expect(a).toBe(b);
        expect(a.length).toBeGreaterThanOrEqual(40);
        const next = await second.saltFor(20_001);
        expect(next).not.toBe(a);
        const kept = await handle.db.selectFrom('stat_salts').select('day').execute();
        expect(kept.map((row) => row.day)).toEqual([20_001]);
        // The day's salt is remembered: asking again reads nothing new.
        expect(await first.saltFor(20_000)).toBe(a);
      } finally {
        await handle.close();
      }
    });
  });
}

/**
 * `GET /?qstat=1` on the built site (SQLite): the answer, what is stored, and what is dropped
 * and why. The batch window is short so the rows appear quickly.
 */
describe('the page-view ingest over HTTP', () => {
  let server: TestServer;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    server = await startTestServer({ STATS_BATCH_MS: '100' });
    handle = connectDatabase({ kind: 'sqlite', file: join(server.dataDir, 'quire.db') });
  }, 90_000);
  afterAll(async () => {
    await handle?.db.destroy();
    await server?.stop();
  });

  const hit = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { headers: { 'user-agent': chrome, ...headers } });

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const value = await read();
      if (done(value) || Date.now() > deadline) return value;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const hitsFor = (path: string) =>
    until(
      () => handle.db.selectFrom('stat_hits').selectAll().where('path', '=', path).execute(),
      (rows) => rows.length > 0,
    );

  async function dropCount(reason: string): Promise<number> {
    const row = await handle.db
      .selectFrom('stat_drops')
      .select('count')
      .where('reason', '=', reason)
      .where('day', '=', dayOf(Date.now()))
      .executeTakeFirst();
    return row?.count ?? 0;
  }

  async function expectDropped(reason: string, send: () => Promise<Response>): Promise<void> {
    const before = await dropCount(reason);
    const response = await send();
    await expectPixel(response);
    const after = await until(
      () => dropCount(reason),
      (n) => n > before,
    );
    expect(after).toBe(before + 1);
  }

  async function expectPixel(response: Response): Promise<void> {
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/gif');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const body = new Uint8Array(await response.arrayBuffer());
    expect(new TextDecoder().decode(body.slice(0, 6))).toBe('GIF89a');
    expect(body.byteLength).toBeLessThanOrEqual(43);
  }

  it('answers with an uncached pixel and stores the hit without an address', async () => {
    const response = await hit(
      hitQuery({
        p: '/stored/',
        ref: 'https://news.example/story?id=7',
        ti: 'Stored',
        utm_source: 'letter',
        utm_medium: 'email',
        utm_campaign: 'autumn',
        utm_term: 'tea',
        utm_content: 'button',
        msclkid: 'secret-click',
        sw: '390',
        sh: '844',
        vw: '390',
        vh: '700',
        cs: 'UTF-8',
        cd: '30',
      }),
    );
    await expectPixel(response);
    const [row] = await hitsFor('/stored/');
    expect(row).toMatchObject({
      type: 'pageview',
      title: 'Stored',
      referrer: 'news.example/story',
      referrer_host: 'news.example',
      utm_source: 'letter',
      utm_medium: 'email',
      utm_campaign: 'autumn',
      utm_term: 'tea',
      utm_content: 'button',
      click_id: 'msclkid',
      screen_width: 390,
      screen_height: 844,
      viewport_width: 390,
      viewport_height: 700,
      charset: 'UTF-8',
      color_depth: 30,
      day: dayOf(Date.now()),
    });
    const stored = JSON.stringify(row);
    expect(stored).not.toContain('127.0.0.1');
    expect(stored).not.toContain('secret-click');
    expect(row?.visitor).toMatch(/^h[\w-]{22}$/);
  });

  it('stores an event', async () => {
    await hit(
      hitQuery({ t: 'event', p: '/event/', ec: 'Video', ea: 'play', el: 'Intro', ev: '3' }),
    );
    const [row] = await hitsFor('/event/');
    expect(row).toMatchObject({
      type: 'event',
      event_category: 'Video',
      event_action: 'play',
      event_label: 'Intro',
      event_value: 3,
    });
  });

  it('keys a visitor by _qvid only with consent, and otherwise by the same daily hash', async () => {
    await hit(hitQuery({ p: '/no-consent/' }), { cookie: `_qvid=${visitorId}` });
    await hit(hitQuery({ p: '/no-consent/' }), { cookie: `_qvid=${visitorId}` });
    await hit(hitQuery({ p: '/consent/' }), {
      cookie: `_qvid=${visitorId}; quire_consent=granted`,
    });
    const anonymous = await until(
      () =>
        handle.db
          .selectFrom('stat_hits')
          .select('visitor')
          .where('path', '=', '/no-consent/')
          .execute(),
      (rows) => rows.length === 2,
    );
    expect(anonymous[0]?.visitor).toMatch(/^h/);
    expect(anonymous[1]?.visitor).toBe(anonymous[0]?.visitor);
    const [consented] = await hitsFor('/consent/');
    expect(consented?.visitor).toMatch(/^q[\w-]{22}$/);
    expect(consented?.visitor).not.toContain(visitorId.slice(0, 8));
  });

  it('drops robots, prefetches and Do Not Track, counting each', async () => {
    await expectDropped('robot', () =>
      hit(hitQuery(), {
        'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) HeadlessChrome/142.0.0.0 Safari/537.36',
      }),
    );
    await expectDropped('robot', () => hit(hitQuery(), { 'user-agent': 'curl/8.5.0' }));
    await expectDropped('prefetch', () => hit(hitQuery(), { 'sec-purpose': 'prefetch' }));
    await expectDropped('do-not-track', () => hit(hitQuery(), { dnt: '1' }));
    await expectDropped('do-not-track', () => hit(hitQuery(), { 'sec-gpc': '1' }));
  });

  it("drops the owner's own signed-in visits", async () => {
    const admin = await createAdmin(handle.db, {
      email: 'owner@example.org',
      password: 'correct horse battery staple',
    });
    const token = await createSession(handle.db, admin.id);
    await expectDropped('owner', () => hit(hitQuery(), { cookie: `quire_session=${token}` }));
    // A made-up session counts as an ordinary visit.
    await hit(hitQuery({ p: '/forged-session/' }), { cookie: 'quire_session=made-up' });
    expect(await hitsFor('/forged-session/')).toHaveLength(1);
  });

  it('answers hostile hits with the pixel and counts them as dropped, never a 500', async () => {
    const hostile = [
      '/?qstat=1',
      hitQuery({ r: '' }),
      hitQuery({ t: '<script>' }),
      hitQuery({ p: 'javascript:alert(1)' }),
      hitQuery({ sw: 'wide', sh: 'NaN' }),
      hitQuery({ vw: '-1' }),
      hitQuery({ cd: '99999999999' }),
      hitQuery({ ref: '<script>alert(1)</script>' }),
      hitQuery({ ref: 'javascript:alert(document.cookie)' }),
      hitQuery({ ti: 'x'.repeat(5000) }),
      hitQuery({ t: 'event', ec: 'only-category' }),
      '/?qstat=1&r=1&t=pageview&p=%E0%A4%A',
    ];
    for (const path of hostile) {
      await expectDropped('invalid', () => hit(path));
    }
  });

  it('answers a 100 KB query with the pixel and counts it as too long', async () => {
    await expectDropped('too-long', () => hit(hitQuery({ ti: 'x'.repeat(100 * 1024) })));
  });

  it('keeps a script in a title as text', async () => {
    await hit(hitQuery({ p: '/script-title/', ti: '<script>alert(1)</script>\u001b[2J' }));
    const [row] = await hitsFor('/script-title/');
    expect(row?.title).toBe('<script>alert(1)</script> [2J');
  });

  it('answers HEAD without counting and leaves other home-page queries to the site', async () => {
    const head = await fetch(`${server.url}${hitQuery()}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/gif');
    const page = await fetch(`${server.url}/?qstat=12`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const other = await fetch(`${server.url}/?utm_source=x&qstat=1`);
    expect(other.headers.get('content-type')).toContain('text/html');
  });

  it('drops every hit while statistics are switched off', async () => {
    await writeStatsSettings(handle.db, { enabled: false });
    try {
      // The test server checks for changes on every request (CACHE_VERSION_CHECK_MS=0).
      await expectDropped('disabled', () => hit(hitQuery()));
    } finally {
      await writeStatsSettings(handle.db, { enabled: true });
    }
  });

  it('stores each hit under its calendar day in the site’s time zone', async () => {
    // Kiritimati is 14 hours ahead of UTC, Pago Pago 11 behind: one of them is on another day.
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      await writeSiteSettings(handle.db, { timeZone });
      try {
        const path = `/zone-${timeZone.split('/')[1]?.toLowerCase()}/`;
        const before = Date.now();
        await hit(hitQuery({ p: path }));
        const [row] = await hitsFor(path);
        const after = Date.now();
        expect([dayIn(before, timeZone), dayIn(after, timeZone)]).toContain(Number(row?.day));
      } finally {
        await writeSiteSettings(handle.db, { timeZone: 'UTC' });
      }
    }
    expect(dayIn(Date.now(), 'Pacific/Kiritimati')).not.toBe(
      dayIn(Date.now(), 'Pacific/Pago_Pago'),
    );
  });
});

describe('a clean shutdown', () => {
  it('writes every answered hit', async () => {
    // However slow the machine, no hit is answered 503 for being late.
    const server = await startTestServer({ STATS_BATCH_MS: '60000' });
    try {
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          fetch(`${server.url}${hitQuery({ p: `/shutdown/${i % 10}/` })}`, {
            headers: { 'user-agent': chrome },
          }).then((response) => response.status),
        ),
      );
      expect(answers.every((status) => status === 200)).toBe(true);
      await server.shutDown();
      const handle = connectDatabase({ kind: 'sqlite', file: join(server.dataDir, 'quire.db') });
      try {
        const row = await handle.db
          .selectFrom('stat_hits')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        expect(Number(row.n)).toBe(300);
      } finally {
        await handle.db.destroy();
      }
    } finally {
      await server.stop();
    }
  }, 90_000);
});
