import type { Insertable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsMessages } from '../../src/features/stats/messages.ts';
import { statsScreenMessages } from '../../src/features/stats/screen-messages.ts';
import { foldDay } from '../../src/features/stats/server/rollup.ts';
import { dayOf, parseIsoDay } from '../../src/features/stats/stat-days.ts';
import type { StatsReport } from '../../src/features/stats/stats-report.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import type { StatHitsTable } from '../../src/platform/db/schema.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { runQuire } from '../support/quire-cli.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The Statistics screen over HTTP on the built site (issue 16): for a signed-in administrator
 * only, and every figure it shows equal to what `npm run quire -- stats --format json` prints for
 * the same period and filters, run as a separate process on the same database, with some days
 * folded into the rollups and others still raw. Once per database.
 */

const hour = 3_600_000;
const day = (date: string) => parseIsoDay(date) as number;

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
    screen_width: 1280,
    screen_height: 800,
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

/** Hits over 2026-11-01…10 (and the period before), varied in every dimension the screen lists. */
function traffic(): Insertable<StatHitsTable>[] {
  const hits: Insertable<StatHitsTable>[] = [];
  const paths = ['/', '/about/', '/posts/a-long-walk/', '/contact/'];
  const hosts = [null, 'news.example.com', 'search.example.org'];
  for (let d = 0; d < 20; d++) {
    const start = Date.UTC(2026, 9, 22 + d, 8);
    for (let n = 0; n < 3 + (d % 5) * 2; n++) {
      const visitor = `visitor-${(d + n) % 6}`;
      hits.push(
        hit({
          at: start + n * hour,
          path: paths[(d + n) % paths.length],
          title: `Title ${(d + n) % paths.length}`,
          referrer_host: hosts[n % hosts.length],
          utm_source: n % 3 === 0 ? 'newsletter' : null,
          utm_medium: n % 3 === 0 ? 'email' : null,
          utm_campaign: n % 4 === 0 ? 'autumn' : n % 4 === 1 ? 'winter' : null,
          utm_term: n % 5 === 0 ? 'walks' : null,
          utm_content: n % 6 === 0 ? 'header' : null,
          click_id: n % 4 === 2 ? 'gclid' : null,
          screen_width: n % 2 ? 390 : 1280,
          screen_height: n % 2 ? 844 : 800,
          visitor,
        }),
      );
      if (n % 3 === 1) {
        hits.push(
          hit({
            at: start + n * hour + 60_000,
            type: 'event',
            path: paths[(d + n) % paths.length],
            event_category: 'form',
            event_action: n % 2 ? 'submit' : 'start',
            event_label: n % 2 ? 'contact' : null,
            event_value: n % 2 ? 5 : null,
            visitor,
          }),
        );
      }
    }
  }
  return hits;
}

/** Every number in the report, named as the screen names its cells (`pages.0.views`). */
function reportFigures(report: StatsReport): Map<string, number> {
  const figures = new Map<string, number>();
  const add = (prefix: string, row: object) => {
    for (const [key, value] of Object.entries(row)) {
      if (typeof value === 'number') figures.set(`${prefix}.${key}`, value);
    }
  };
  const addAll = (prefix: string, rows: object[]) => {
    for (const [i, row] of rows.entries()) add(`${prefix}.${i}`, row);
  };
  add('totals', report.totals);
  addAll('daily', report.daily);
  addAll('pages', report.pages);
  addAll('referrers', report.referrers);
  for (const [param, rows] of Object.entries(report.utm)) addAll(`utm.${param}`, rows);
  addAll('clickIds', report.clickIds);
  addAll('events', report.events);
  addAll('screens', report.screens);
  addAll('drops', report.drops);
  return figures;
}

/** Every figure cell of the screen (`data-figure`), with its shown number. */
function shownFigures(html: string): Map<string, number> {
  const figures = new Map<string, number>();
  for (const match of html.matchAll(/data-figure="([^"]+)"[^>]*>([^<]*)</g)) {
    figures.set(match[1] as string, Number((match[2] as string).replace(/,/g, '')));
  }
  return figures;
}

/** The first cells of a table's rows, as text. */
/** The page titles under the top pages' addresses, in order. */
function pageTitles(html: string): string[] {
  const table = /<table[^>]*id="stats-pages"[\s\S]*?<\/table>/.exec(html)?.[0] ?? '';
  return [...table.matchAll(/<span class="stats-page-title">([^<]*)/g)].map((m) => m[1] as string);
}

function rowHeads(html: string, id: string): string[] {
  const table = new RegExp(`<table[^>]*id="${id}"[\\s\\S]*?</table>`).exec(html)?.[0] ?? '';
  return [...table.matchAll(/<th scope="row">(?:<a[^>]*>)?([^<]*)/g)].map((m) =>
    (m[1] as string).replace(/&amp;/g, '&').replace(/&#x27;/g, "'"),
  );
}

for (const database of testDatabases()) {
  describe(`the Statistics screen over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let databaseUrl = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie, databaseUrl } = site);
      const hits = traffic();
      for (let i = 0; i < hits.length; i += 100) {
        await handle.db
          .insertInto('stat_hits')
          .values(hits.slice(i, i + 100))
          .execute();
      }
      await handle.db
        .insertInto('stat_drops')
        .values([
          { day: day('2026-11-02'), reason: 'robot', count: 7 },
          { day: day('2026-11-03'), reason: 'owner', count: 2 },
          { day: day('2026-11-09'), reason: 'robot', count: 1 },
        ])
        .execute();
      // Some days folded into the rollups, the others read raw: the figures must not care.
      for (let d = day('2026-10-25'); d <= day('2026-11-05'); d++) await foldDay(handle, d);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    /**
     * The CLI itself, in its own process, on the site's database. Run without blocking this
     * process, so that connections the server closes meanwhile are seen closed, not reused.
     */
    const cli = async (args: string[]): Promise<StatsReport> => {
      const { code, stdout, stderr } = await runQuire(['stats', ...args, '--format', 'json'], {
        DATABASE_URL: databaseUrl,
      });
      expect(stderr).toBe('');
      expect(code).toBe(0);
      return JSON.parse(stdout) as StatsReport;
    };

    const screen = async (search: string) => {
      const response = await fetch(`${server.url}/admin/stats${search}`, { headers: { cookie } });
      return { status: response.status, html: await response.text(), response };
    };

    it('is for a signed-in administrator only', async () => {
      for (const search of ['', '?period=7d', '?period=custom&from=2026-11-01&to=2026-11-10']) {
        const response = await fetch(`${server.url}/admin/stats${search}`, { redirect: 'manual' });
        expect([302, 303]).toContain(response.status);
        expect(response.headers.get('location')).toContain('/admin/sign-in');
      }
      const signedOut = await fetch(`${server.url}/admin/stats`, {
        headers: { cookie: `${cookie.split('=')[0]}=not-a-session` },
        redirect: 'manual',
      });
      expect(signedOut.headers.get('location')).toContain('/admin/sign-in');
      const { status, html, response } = await screen('');
      expect(status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(html).toContain('href="/admin/stats" aria-current="page"');
    });

    it.each([
      ['all hits', '', []],
      ['a page', '&page=%2Fabout%2F', ['--filter', 'page=/about/']],
      [
        'a campaign and a screen',
        '&utm_campaign=autumn&screen=1280x800',
        ['--filter', 'utm_campaign=autumn', '--filter', 'screen=1280x800'],
      ],
      ['direct visits', '&referrer=', ['--filter', 'referrer=']],
      [
        'an event',
        '&event_category=form&event_action=start&event_label=',
        [
          '--filter',
          'event_category=form',
          '--filter',
          'event_action=start',
          '--filter',
          'event_label=',
        ],
      ],
    ])('shows the figures of the CLI, for %s', async (_, filters, filterArgs) => {
      const { status, html } = await screen(
        `?period=custom&from=2026-11-01&to=2026-11-10${filters}`,
      );
      const period = ['--from', '2026-11-01', '--to', '2026-11-10'];
      const expected = await cli([...period, ...filterArgs]);
      const before = await cli(['--from', '2026-10-22', '--to', '2026-10-31', ...filterArgs]);
      expect(status).toBe(200);
      expect(expected.totals.pageViews + expected.totals.events).toBeGreaterThan(0);
      const shown = shownFigures(html);
      expect(Object.fromEntries(shown)).toEqual(Object.fromEntries(reportFigures(expected)));
      expect(rowHeads(html, 'stats-pages')).toEqual(expected.pages.map((row) => row.path));
      expect(pageTitles(html)).toEqual(
        expected.pages.map((row) => row.title ?? statsMessages.noTitle),
      );
      expect(rowHeads(html, 'stats-referrers')).toEqual(
        expected.referrers.map((row) => row.host ?? '(direct or internal)'),
      );
      expect(rowHeads(html, 'stats-utm-campaign')).toEqual(
        expected.utm.utm_campaign.map((row) => row.value),
      );
      expect(rowHeads(html, 'stats-screens')).toEqual(expected.screens.map((row) => row.value));
      expect(rowHeads(html, 'stats-dropped')).toEqual(
        expected.drops.map((row) => statsScreenMessages.dropReasons[row.reason]),
      );
      if (filters === '') expect(expected.drops.length).toBeGreaterThan(0);
      for (const key of ['pageViews', 'visitors', 'events'] as const) {
        const change = new RegExp(`data-figure-before="totals.${key}"[^>]*>([^<]*)<`).exec(
          html,
        )?.[1];
        expect(change).toBe(statsScreenMessages.change(expected.totals[key], before.totals[key]));
      }
      expect(html).toContain('2026-10-22 to 2026-10-31');
    });

    it('filters to exactly the hits with the value, counted from the raw hits', async () => {
      const inPeriod = traffic().filter(
        (row) => row.day >= day('2026-11-01') && row.day <= day('2026-11-10'),
      );
      const about = inPeriod.filter((row) => row.path === '/about/');
      const autumnWide = inPeriod.filter(
        (row) => row.utm_campaign === 'autumn' && row.screen_width === 1280,
      );
      const { html } = await screen(
        '?period=custom&from=2026-11-01&to=2026-11-10&page=%2Fabout%2F',
      );
      const shown = shownFigures(html);
      expect(shown.get('totals.pageViews')).toBe(
        about.filter((row) => row.type === 'pageview').length,
      );
      expect(shown.get('totals.events')).toBe(about.filter((row) => row.type === 'event').length);
      expect(shown.get('pages.0.views')).toBe(shown.get('totals.pageViews'));
      expect(shown.has('pages.1.views')).toBe(false);
      const campaign = shownFigures(
        (
          await screen(
            '?period=custom&from=2026-11-01&to=2026-11-10&utm_campaign=autumn&screen=1280x800',
          )
        ).html,
      );
      expect(campaign.get('totals.pageViews')).toBe(autumnWide.length);
      expect(autumnWide.length).toBeGreaterThan(0);
    });

    it('links each row to the screen filtered by it, keeping the period', async () => {
      const { html } = await screen('?period=custom&from=2026-11-01&to=2026-11-10');
      expect(html).toContain(
        'href="/admin/stats?period=custom&amp;from=2026-11-01&amp;to=2026-11-10&amp;page=%2Fabout%2F"',
      );
      expect(html).toContain('&amp;utm_campaign=autumn"');
      expect(html).toContain('&amp;referrer="');
      expect(html).toContain('&amp;event_category=form&amp;event_action=start&amp;event_label="');
      const filtered = await screen('?period=7d&page=%2Fabout%2F&referrer=');
      expect(filtered.html).toContain('aria-label="Remove the filter Page: /about/"');
      expect(filtered.html).toContain('href="/admin/stats?period=7d&amp;referrer="');
    });

    it('explains a wrong period or filter and keeps what was typed', async () => {
      const backwards = await screen('?period=custom&from=2026-11-10&to=2026-11-01');
      expect(backwards.status).toBe(400);
      expect(backwards.html).toContain('The period starts after it ends');
      expect(backwards.html).toContain('value="2026-11-10"');
      const notADate = await screen('?period=custom&from=11%2F01%2F2026&to=2026-11-10');
      expect(notADate.status).toBe(400);
      expect(notADate.html).toContain('from must be a date written YYYY-MM-DD');
      const tooLong = await screen(`?page=${'x'.repeat(600)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.html).toContain('at most 512 characters');
    });
  });
}
