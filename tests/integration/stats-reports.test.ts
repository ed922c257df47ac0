import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Insertable, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatStatsReport } from '../../src/cli/stats-text.ts';
import { statsReport } from '../../src/features/stats/server/reports.ts';
import { foldCompleteDays, foldDay, trimRawHits } from '../../src/features/stats/server/rollup.ts';
import { dayOf, dayStart, isoDay, lastFoldableDay } from '../../src/features/stats/stat-days.ts';
import { StatsQueryError } from '../../src/features/stats/stats-query.ts';
import type { StatsReport } from '../../src/features/stats/stats-report.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { migrateToLatest } from '../../src/platform/db/migrate.ts';
import type { StatHitsTable } from '../../src/platform/db/schema.ts';
import { boot } from '../../src/server/boot.ts';
import { startStatsMaintenance } from '../../src/server/stats-maintenance.ts';
import { testDatabases } from '../support/databases.ts';
import { runQuire } from '../support/quire-cli.ts';

const hour = 3_600_000;
/** "Now" for folding: 2026-11-22 15:00 UTC. */
const now = Date.UTC(2026, 10, 22, 15);
const today = dayOf(now);

type HitInput = Partial<Insertable<StatHitsTable>> & { at: number };

function hit(input: HitInput): Insertable<StatHitsTable> {
  return {
    type: 'pageview',
    path: '/',
    title: null,
    referrer: null,
    referrer_host: null,
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_term: null,
    utm_content: null,
    click_id: null,
    screen_width: null,
    screen_height: null,
    viewport_width: null,
    viewport_height: null,
    charset: null,
    color_depth: null,
    event_category: null,
    event_action: null,
    event_label: null,
    event_value: null,
    visitor: 'visitor-a',
    ...input,
    day: dayOf(input.at),
  };
}

async function insertHits(handle: DatabaseHandle, hits: Insertable<StatHitsTable>[]) {
  for (let i = 0; i < hits.length; i += 200) {
    await handle.db
      .insertInto('stat_hits')
      .values(hits.slice(i, i + 200))
      .execute();
  }
}

/** A second, independent connection to the same database, as another process would have. */
async function connectAgain(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (handle.kind === 'postgres') {
    return connectDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL as string });
  }
  const main = await sql<{ name: string; file: string }>`pragma database_list`.execute(handle.db);
  const file = main.rows.find((row) => row.name === 'main')?.file as string;
  return connectDatabase({ kind: 'sqlite', file });
}

const paths = ['/', '/about/', '/2026/11/bread/', '/2026/10/walks/', '/contact/'];
const titles: Record<string, string> = {
  '/': 'Home',
  '/about/': 'About',
  '/2026/11/bread/': 'Sourdough bread',
  '/2026/10/walks/': 'Autumn walks',
};
const hosts = [null, null, 'news.example', 'search.example', 'friend.example'];
const screens: [number, number][] = [
  [1280, 800],
  [390, 844],
  [1920, 1080],
];

/**
 * Six days of traffic up to `now` (today's part unfolded): visitors that come back on several
 * days, page views with and without referrers, campaigns, click ids and screens, and events.
 */
function weekOfHits(): Insertable<StatHitsTable>[] {
  const hits: Insertable<StatHitsTable>[] = [];
  let n = 0;
  for (let back = 5; back >= 0; back--) {
    const day = today - back;
    const visitorsToday = 4 + back;
    for (let v = 0; v < visitorsToday; v++) {
      // Visitor 0 and 1 come every day: each day counts them again (sums of daily uniques).
      const visitor = `visitor-${v < 2 ? v : `${back}-${v}`}`;
      const pages = 1 + ((v + back) % 4);
      for (let p = 0; p < pages; p++) {
        n++;
        const path = paths[(v * 3 + p + back) % paths.length] as string;
        const screen = screens[v % screens.length] as [number, number];
        const campaign = v % 3 === 0 && p === 0;
        hits.push(
          hit({
            at: dayStart(day) + (back === 0 ? (n % 14) * hour : (n * 997_003) % (24 * hour)),
            path,
            title: titles[path] ?? null,
            referrer_host: p === 0 ? (hosts[(v + back) % hosts.length] ?? null) : null,
            referrer:
              p === 0 && hosts[(v + back) % hosts.length]
                ? `${hosts[(v + back) % hosts.length]}/some/page`
                : null,
            utm_source: campaign ? 'newsletter' : null,
            utm_medium: campaign ? 'email' : null,
            utm_campaign: campaign ? (back % 2 ? 'autumn' : 'winter') : null,
            utm_term: campaign && v === 3 ? 'bread' : null,
            utm_content: campaign && v === 0 ? 'header-link' : null,
            click_id: v === 2 && p === 0 ? 'gclid' : v === 5 && p === 0 ? 'fbclid' : null,
            screen_width: v === 4 ? null : screen[0],
            screen_height: v === 4 ? null : screen[1],
            visitor,
          }),
        );
        if ((v + p) % 3 === 0) {
          hits.push(
            hit({
              at: dayStart(day) + hour + p,
              type: 'event',
              path,
              event_category: 'video',
              event_action: p % 2 ? 'pause' : 'play',
              event_label: v % 2 ? 'intro' : null,
              event_value: v % 4 === 0 ? null : v * 10 - 25,
              visitor,
            }),
          );
        }
      }
    }
  }
  return hits;
}

type Row = { value: string; views: number; visitors: number };

/** What the report must say, computed the slow and obvious way from the hits themselves. */
function expectedFromHits(hits: Insertable<StatHitsTable>[], from: number, to: number) {
  const inPeriod = hits.filter((h) => (h.day as number) >= from && (h.day as number) <= to);
  const pageviews = inPeriod.filter((h) => h.type === 'pageview');
  const rows = (
    list: Insertable<StatHitsTable>[],
    keyOf: (h: Insertable<StatHitsTable>) => string | null | undefined,
  ): Row[] => {
    const groups = new Map<string, { views: number; visitors: Set<string> }>();
    for (const h of list) {
      const value = keyOf(h);
      if (value === null || value === undefined) continue;
      const group = groups.get(value) ?? { views: 0, visitors: new Set<string>() };
      group.views++;
      group.visitors.add(`${h.day}:${h.visitor}`);
      groups.set(value, group);
    }
    return [...groups]
      .map(([value, group]) => ({ value, views: group.views, visitors: group.visitors.size }))
      .sort(
        (a, b) =>
          b.views - a.views ||
          b.visitors - a.visitors ||
          (a.value < b.value ? -1 : a.value > b.value ? 1 : 0),
      );
  };
  const daily = [];
  for (let day = from; day <= to; day++) {
    const ofDay = inPeriod.filter((h) => h.day === day);
    daily.push({
      date: isoDay(day),
      pageViews: ofDay.filter((h) => h.type === 'pageview').length,
      visitors: new Set(ofDay.map((h) => h.visitor)).size,
      events: ofDay.filter((h) => h.type === 'event').length,
    });
  }
  return {
    daily,
    pages: rows(pageviews, (h) => h.path),
    referrers: rows(pageviews, (h) => h.referrer_host ?? ''),
    campaigns: rows(pageviews, (h) => h.utm_campaign),
    screens: rows(pageviews, (h) =>
      h.screen_width && h.screen_height ? `${h.screen_width}x${h.screen_height}` : null,
    ),
  };
}

const period = (fromBack: number, toBack = 0, limit?: number) => ({
  from: isoDay(today - fromBack),
  to: isoDay(today - toBack),
  ...(limit === undefined ? {} : { limit }),
});

const rawDays = async (handle: DatabaseHandle) =>
  (await handle.db.selectFrom('stat_hits').select('day').distinct().orderBy('day').execute()).map(
    (row) => Number(row.day),
  );

describe.each(testDatabases())('statistics reports on $name', ({ open }) => {
  let handle: DatabaseHandle & { close: () => Promise<void> };
  const others: DatabaseHandle[] = [];

  beforeEach(async () => {
    handle = await open();
  });
  afterEach(async () => {
    for (const other of others.splice(0)) await other.db.destroy();
    await handle.close();
  });

  it('counts what the hits say, and says the same before and after the days are folded', async () => {
    const hits = weekOfHits();
    await insertHits(handle, hits);
    const query = period(6, 0, 50);
    const before = await statsReport(handle, query);

    const expected = expectedFromHits(hits, today - 6, today);
    expect(before.period).toEqual({ from: query.from, to: query.to, days: 7 });
    expect(before.daily).toEqual(expected.daily);
    expect(before.daily[0]).toEqual({ date: query.from, pageViews: 0, visitors: 0, events: 0 });
    expect(before.totals).toEqual({
      pageViews: hits.filter((h) => h.type === 'pageview').length,
      // The sum of each day's unique visitors: visitor-0 and visitor-1 count once a day.
      visitors: expected.daily.reduce((sum, day) => sum + day.visitors, 0),
      events: hits.filter((h) => h.type === 'event').length,
    });
    expect(
      before.pages.map(({ path, views, visitors }) => ({ value: path, views, visitors })),
    ).toEqual(expected.pages);
    expect(before.pages.find((page) => page.path === '/2026/11/bread/')?.title).toBe(
      'Sourdough bread',
    );
    expect(before.pages.find((page) => page.path === '/contact/')?.title).toBeNull();
    expect(
      before.referrers.map((row) => ({
        value: row.host ?? '',
        views: row.views,
        visitors: row.visitors,
      })),
    ).toEqual(expected.referrers);
    expect(before.referrers.some((row) => row.host === null)).toBe(true);
    expect(before.utm.utm_campaign).toEqual(expected.campaigns);
    expect(before.utm.utm_source.map((row) => row.value)).toEqual(['newsletter']);
    expect(before.utm.utm_term.map((row) => row.value)).toEqual(['bread']);
    expect(before.clickIds.map((row) => row.value).sort()).toEqual(['fbclid', 'gclid']);
    expect(before.screens).toEqual(expected.screens);

    const foldedOnly = await statsReport(handle, period(3, 1, 2));

    const folded = await foldCompleteDays(handle, { now });
    // Every complete day from the first hit on; today is not over.
    expect(folded.map((day) => day.day)).toEqual([5, 4, 3, 2, 1].map((back) => today - back));
    expect(folded.reduce((sum, day) => sum + day.hits, 0)).toBe(
      hits.filter((h) => (h.day as number) < today).length,
    );
    expect(await statsReport(handle, query)).toEqual(before);
    expect(await statsReport(handle, period(3, 1, 2))).toEqual(foldedOnly);
    expect(foldedOnly.pages).toHaveLength(2);
  });

  it('gives the same report for any mix of folded and unfolded days', async () => {
    const hits = weekOfHits();
    await insertHits(handle, hits);
    const reports: StatsReport[] = [await statsReport(handle, period(6, 0, 3))];
    // Fold one day at a time, oldest last, so the folded days are not one block.
    for (const back of [2, 4, 1, 5, 3]) {
      expect(await foldDay(handle, today - back, now)).toBeGreaterThan(0);
      reports.push(await statsReport(handle, period(6, 0, 3)));
    }
    for (const report of reports) expect(report).toEqual(reports[0]);
    expect(reports[0]?.pages).toHaveLength(3);
  });

  it('folds each day once, whether folded twice or by three processes at once', async () => {
    await insertHits(handle, weekOfHits());
    const folders = [handle, await connectAgain(handle), await connectAgain(handle)];
    others.push(...folders.slice(1));
    const results = await Promise.all(folders.map((folder) => foldCompleteDays(folder, { now })));
    const foldedDays = results.flat().map((day) => day.day);
    expect(foldedDays.sort((a, b) => a - b)).toEqual([5, 4, 3, 2, 1].map((back) => today - back));
    expect(await foldCompleteDays(handle, { now })).toEqual([]);
    expect(await foldDay(handle, today - 3, now)).toBeUndefined();

    const claims = await handle.db
      .selectFrom('stat_rolled_days')
      .selectAll()
      .orderBy('day')
      .execute();
    expect(claims.map((claim) => Number(claim.day))).toEqual(foldedDays);
    // One total row per folded day and no duplicate rows anywhere (the primary key would refuse).
    const totals = await handle.db
      .selectFrom('stat_daily')
      .select(['day', 'views'])
      .where('dimension', '=', 'total')
      .orderBy('day')
      .execute();
    expect(totals.map((row) => Number(row.day))).toEqual(foldedDays);
    expect(
      await handle.db.selectFrom('stat_daily').select('day').where('day', '=', today).execute(),
    ).toEqual([]);
  });

  it('three processes folding the same day at the same moment fold it once', async () => {
    await insertHits(handle, weekOfHits());
    const folders = [handle, await connectAgain(handle), await connectAgain(handle)];
    others.push(...folders.slice(1));
    const day = today - 2;
    const results = await Promise.all(folders.map((folder) => foldDay(folder, day, now)));
    expect(results.filter((hits) => hits !== undefined)).toHaveLength(1);
    const rows = await handle.db
      .selectFrom('stat_daily')
      .select(['dimension', 'value', 'views'])
      .where('day', '=', day)
      .where('dimension', '=', 'page')
      .execute();
    const pageViews = (
      await handle.db
        .selectFrom('stat_hits')
        .select('path')
        .where('day', '=', day)
        .where('type', '=', 'pageview')
        .execute()
    ).length;
    expect(rows.reduce((sum, row) => sum + Number(row.views), 0)).toBe(pageViews);
  });

  it('a day whose fold fails stays unfolded and is folded by the next pass', async () => {
    await insertHits(handle, weekOfHits());
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('stat_rolled_days')
          .values({ day: today - 1, hits: 1, rolled_at: now })
          .execute();
        throw new Error('crash halfway');
      }),
    ).rejects.toThrow('crash halfway');
    expect((await foldCompleteDays(handle, { now })).map((day) => day.day)).toContain(today - 1);
  });

  it('deletes raw hits only of folded days past retention, in chunks, and keeps the numbers', async () => {
    const hits: Insertable<StatHitsTable>[] = [];
    for (let back = 10; back >= 0; back--) {
      for (let i = 0; i < 12; i++) {
        hits.push(
          hit({ at: dayStart(today - back) + i * hour, path: `/p${i % 4}/`, visitor: `v${i % 5}` }),
        );
      }
    }
    await insertHits(handle, hits);
    const before = await statsReport(handle, period(12));
    // Fold as of five days ago: days up to today-6 are folded, later ones are not.
    const folded = await foldCompleteDays(handle, { now: now - 5 * 24 * hour });
    expect(folded.map((day) => day.day)).toEqual([10, 9, 8, 7, 6].map((back) => today - back));

    const trimmed = await trimRawHits(handle, { now, rawDays: 3, chunkSize: 5 });
    // Kept: today and the 3 days before it, and the unfolded today-5 and today-4.
    expect(trimmed.days).toEqual([10, 9, 8, 7, 6].map((back) => today - back));
    expect(trimmed.deletedHits).toBe(5 * 12);
    expect(trimmed.lateHits).toBe(0);
    expect(await rawDays(handle)).toEqual([5, 4, 3, 2, 1, 0].map((back) => today - back));
    expect(await statsReport(handle, period(12))).toEqual(before);

    // Once folded, those days go too; the report still does not change.
    await foldCompleteDays(handle, { now });
    expect((await trimRawHits(handle, { now, rawDays: 3 })).deletedHits).toBe(2 * 12);
    expect(await rawDays(handle)).toEqual([3, 2, 1, 0].map((back) => today - back));
    expect(await statsReport(handle, period(12))).toEqual(before);
    expect(await trimRawHits(handle, { now, rawDays: 3 })).toEqual({
      days: [],
      deletedHits: 0,
      lateHits: 0,
    });
    // A hit written for a folded day (after the grace) is not counted; trimming says so.
    await insertHits(handle, [
      hit({ at: dayStart(today - 2) + hour }),
      hit({ at: dayStart(today - 2) + 2 * hour }),
    ]);
    await foldCompleteDays(handle, { now });
    expect(await statsReport(handle, period(12))).toEqual(before);
    expect(await trimRawHits(handle, { now: now + 2 * 24 * hour, rawDays: 3 })).toMatchObject({
      deletedHits: 12 + 12 + 2,
      lateHits: 2,
    });
  });

  it('counts a day from its first millisecond to its last, folded or not', async () => {
    const from = today - 3;
    const to = today - 1;
    await insertHits(handle, [
      hit({ at: dayStart(from) - 1, path: '/before/' }),
      hit({ at: dayStart(from), path: '/first/' }),
      hit({ at: dayStart(to + 1) - 1, path: '/last/' }),
      hit({ at: dayStart(to + 1), path: '/after/' }),
    ]);
    const query = { from: isoDay(from), to: isoDay(to) };
    const check = (report: StatsReport) => {
      expect(report.pages.map((page) => page.path).sort()).toEqual(['/first/', '/last/']);
      expect(report.daily.map((day) => day.pageViews)).toEqual([1, 0, 1]);
      expect(report.totals.pageViews).toBe(2);
    };
    check(await statsReport(handle, query));
    await foldCompleteDays(handle, { now });
    check(await statsReport(handle, query));
  });

  it('refuses bad periods with a clear message', async () => {
    await expect(statsReport(handle, { from: '2026-11-22', to: '2026-11-01' })).rejects.toThrow(
      StatsQueryError,
    );
    await expect(statsReport(handle, { from: '2022-01-01', to: '2026-11-01' })).rejects.toThrow(
      'a report covers at most 1,096 days',
    );
    await expect(statsReport(handle, { from: 'yesterday', to: '2026-11-01' })).rejects.toThrow(
      'from must be a date written YYYY-MM-DD',
    );
  });

  it('lists events by category, action and label with their count and value total', async () => {
    const event = (
      category: string,
      action: string,
      label: string | null,
      value: number | null,
      visitor: string,
      back = 1,
    ) =>
      hit({
        at: dayStart(today - back) + hour,
        type: 'event',
        event_category: category,
        event_action: action,
        event_label: label,
        event_value: value,
        visitor,
      });
    await insertHits(handle, [
      event('video', 'play', null, 5, 'a'),
      event('video', 'play', null, null, 'a'),
      event('video', 'play', null, 7, 'b', 0),
      event('video', 'play', 'intro', -3, 'a'),
      event('form', 'submit', 'contact', 1_000_000_000, 'c'),
      event('form', 'submit', 'contact', 1_000_000_000, 'c', 2),
      // A forged separator inside a part cannot move text from one part to the next.
      event('a\u001fb', 'c', null, 1, 'd'),
      hit({ at: dayStart(today - 1), path: '/' }),
    ]);
    const check = (report: StatsReport) => {
      expect(report.totals.events).toBe(7);
      expect(report.totals.pageViews).toBe(1);
      expect(report.events).toEqual([
        { category: 'video', action: 'play', label: null, count: 3, visitors: 2, valueTotal: 12 },
        {
          category: 'form',
          action: 'submit',
          label: 'contact',
          count: 2,
          visitors: 2,
          valueTotal: 2_000_000_000,
        },
        { category: 'a\ufffdb', action: 'c', label: null, count: 1, visitors: 1, valueTotal: 1 },
        {
          category: 'video',
          action: 'play',
          label: 'intro',
          count: 1,
          visitors: 1,
          valueTotal: -3,
        },
      ]);
      // Events are not page views: no page, referrer or screen rows come from them.
      expect(report.pages.map((page) => page.path)).toEqual(['/']);
    };
    const before = await statsReport(handle, period(3));
    check(before);
    await foldCompleteDays(handle, { now });
    check(await statsReport(handle, period(3)));
  });

  it('adds up the dropped hits of the period by reason', async () => {
    await handle.db
      .insertInto('stat_drops')
      .values([
        { day: today, reason: 'bot', count: 40 },
        { day: today - 1, reason: 'bot', count: 2 },
        { day: today - 1, reason: 'rate-limit', count: 7 },
        { day: today - 1, reason: 'invalid', count: 42 },
        { day: today - 9, reason: 'bot', count: 1000 },
        { day: today + 1, reason: 'bot', count: 1000 },
      ])
      .execute();
    expect((await statsReport(handle, period(2))).drops).toEqual([
      { reason: 'bot', count: 42 },
      { reason: 'invalid', count: 42 },
      { reason: 'rate-limit', count: 7 },
    ]);
    expect((await statsReport(handle, period(30, 10))).drops).toEqual([]);
  });

  it('returns hostile text as it was sent, and the text report shows it harmless', async () => {
    const hostile = '<script>alert(1)</script>\u001b[2J';
    await insertHits(handle, [
      hit({
        at: dayStart(today - 1),
        path: `/${hostile}`,
        title: `Title ${hostile}`,
        referrer_host: `evil.example${hostile}`,
        referrer: `evil.example${hostile}/x`,
        utm_campaign: hostile,
      }),
      hit({
        at: dayStart(today),
        type: 'event',
        event_category: hostile,
        event_action: 'x\u009b2J',
        event_label: hostile,
      }),
    ]);
    await foldCompleteDays(handle, { now });
    const report = await statsReport(handle, period(1));
    expect(report.pages).toEqual([
      { path: `/${hostile}`, title: `Title ${hostile}`, views: 1, visitors: 1 },
    ]);
    expect(report.referrers[0]?.host).toBe(`evil.example${hostile}`);
    expect(report.utm.utm_campaign[0]?.value).toBe(hostile);
    expect(report.events[0]).toMatchObject({
      category: hostile,
      action: 'x\u009b2J',
      label: hostile,
    });

    const text = formatStatsReport(report);
    expect(text.includes('\u001b') || text.includes('\u009b')).toBe(false);
    expect(text).toContain('/<script>alert(1)</script>\\x1b[2J');
    expect(text).toContain('evil.example<script>alert(1)</script>\\x1b[2J');
    expect(text).toContain('x\\x9b2J');
  });
});

describe('statistics maintenance in the server', () => {
  it('folds and trims shortly after start, and stops when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'quire-stats-'));
    const app = await boot({
      DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`,
      QUIRE_DEMO_CONTENT: 'never',
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      STATS_RAW_DAYS: '2',
    });
    try {
      const realToday = dayOf(Date.now());
      await insertHits(app.database, [
        hit({ at: dayStart(realToday - 5) + hour }),
        hit({ at: dayStart(realToday - 3) + hour }),
        hit({ at: Date.now() }),
      ]);
      const stop = startStatsMaintenance(app, { firstDelayMs: 0, intervalMs: 60_000 });
      // The pass folds, then trims: wait until only today's raw hit is left.
      for (let i = 0; i < 200; i++) {
        if ((await rawDays(app.database)).length === 1) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await stop();
      const claims = await app.database.db.selectFrom('stat_rolled_days').select('day').execute();
      // Yesterday too, unless the test runs in the first minutes after midnight.
      const last = lastFoldableDay(Date.now());
      expect(claims.map((claim) => Number(claim.day)).sort((a, b) => a - b)).toEqual(
        [5, 4, 3, 2, 1].map((back) => realToday - back).filter((day) => day <= last),
      );
      // Raw hits older than 2 days are gone; today's stays.
      expect(await rawDays(app.database)).toEqual([realToday]);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('quire stats on the command line', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quire-stats-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const quire = (args: string[]) =>
    runQuire(args, { DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`, STATS_RAW_DAYS: '60' });

  it('prints the report as text or JSON, folds on request, and refuses bad arguments', async () => {
    const handle = connectDatabase({ kind: 'sqlite', file: join(dir, 'quire.db') });
    await migrateToLatest(handle.db, handle.kind);
    const realToday = dayOf(Date.now());
    const hostile = '<script>x</script>\u001b[2J';
    await insertHits(handle, [
      hit({ at: dayStart(realToday - 3) + hour, path: `/${hostile}`, title: hostile }),
      hit({ at: dayStart(realToday - 3) + 2 * hour, path: '/about/', visitor: 'visitor-b' }),
      hit({ at: dayStart(realToday - 40) + hour, path: '/old/' }),
      hit({ at: Date.now(), path: '/about/' }),
    ]);
    const expected = await statsReport(handle, {
      from: isoDay(realToday - 6),
      to: isoDay(realToday),
    });
    await handle.db.destroy();

    const json = await quire(['stats', '--days', '7', '--format', 'json']);
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual(expected);

    const text = await quire(['stats', '--days', '7']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain(
      `Statistics ${isoDay(realToday - 6)} to ${isoDay(realToday)} (7 days, UTC)`,
    );
    expect(text.stdout).toMatch(/Page views +3\n/);
    expect(text.stdout).toContain('/<script>x</script>\\x1b[2J');
    expect(text.stdout).not.toContain('\u001b');

    const fold = await quire(['stats', 'fold']);
    expect(fold.code, fold.stderr).toBe(0);
    expect(fold.stdout).toMatch(/^Folded \d+ day\(s\), 3 hits: /);
    expect(fold.stdout).toContain('No raw hits before');
    expect(JSON.parse((await quire(['stats', '--days', '7', '--format', 'json'])).stdout)).toEqual(
      expected,
    );
    // The default period is the last 30 days: the hit 40 days ago is outside it.
    expect((await quire(['stats', '--format', 'json'])).stdout).not.toContain('/old/');

    const bad = await quire(['stats', '--days', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--days must be a whole number from 1 to 1096, not "0".');
    expect(bad.stdout).toBe('');
    const reversed = await quire(['stats', '--from', '2026-11-22', '--to', '2026-11-01']);
    expect(reversed.code).toBe(2);
    expect(reversed.stderr).toContain('The period starts after it ends');
    expect((await quire(['help'])).stdout).toContain('stats fold');
  });
});
