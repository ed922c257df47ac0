import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { connectDatabase } from '../../src/platform/db/connect.ts';
import { decodeHtml } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const password = 'correct horse battery staple';
const secret = 'demo-test-secret-0123456789abcdef0123456789';

/**
 * A clean start over HTTP, once per database: the first-run page starts an empty site under
 * the owner's title; a site that kept the demo shows its new title wherever the demo's showed
 * (footer, follow pop-up, form mails), and "Remove demo content" takes the demo away.
 */
for (const database of testDatabases()) {
  describe(`a clean start on ${database.name}`, () => {
    const servers: TestServer[] = [];
    afterAll(async () => {
      for (const server of servers) await server.stop();
    });
    const start = async (env: Record<string, string> = {}) => {
      const empty = await database.open();
      await empty.close();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      const server = await startTestServer({
        QUIRE_SECRET: secret,
        ...(url ? { DATABASE_URL: url } : {}),
        ...env,
      });
      servers.push(server);
      return server;
    };

    it('starts empty from the first-run page, under the title the owner gave, and stays so', async () => {
      // A database of its own that outlives the server, so the site can be started again.
      const folder = mkdtempSync(join(tmpdir(), 'quire-demo-restart-'));
      const own: Record<string, string> =
        database.name === 'sqlite' ? { DATABASE_URL: `sqlite:${join(folder, 'q.db')}` } : {};
      const server = await start(own);
      await server.waitForErrorOutput(/\/admin\/setup\/\S+/);
      const link = /(http:\/\/\S+\/admin\/setup\/\S+)/.exec(server.errorOutput())?.[1] ?? '';
      const setup = decodeHtml(await (await fetch(link)).text());
      expect(setup).toContain('The demo site');
      expect(setup).toContain('An empty site');
      const created = await fetch(link, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: new URLSearchParams({
          title: 'Ada’s Workshop',
          start: 'empty',
          name: 'Ada',
          email: 'ada@example.org',
          password,
          passwordAgain: password,
        }).toString(),
      });
      expect(created.status).toBe(303);
      const home = decodeHtml(await (await fetch(`${server.url}/`)).text());
      expect(home).toContain('© ');
      expect(home).toContain('Ada’s Workshop');
      expect(home).not.toContain('Field Notes');
      expect(home).not.toContain('Walking the Coast Path');
      expect((await fetch(`${server.url}/contact/`)).status).toBe(404);
      await server.stop();
      servers.pop();

      // Started again (an upgrade, a reboot): an empty site is not given the demo again.
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      const again = await startTestServer({
        QUIRE_SECRET: secret,
        ...(url ? { DATABASE_URL: url } : {}),
        ...own,
      });
      servers.push(again);
      const homeAgain = decodeHtml(await (await fetch(`${again.url}/`)).text());
      expect(homeAgain).toContain('Ada’s Workshop');
      expect(homeAgain).not.toContain('Walking the Coast Path');
      expect((await fetch(`${again.url}/contact/`)).status).toBe(404);
      await again.stop();
      servers.pop();
      rmSync(folder, { recursive: true, force: true });
    }, 90_000);

    it('shows a changed title wherever the demo’s showed, then removes the demo', async () => {
      const server = await start({
        QUIRE_ADMIN_EMAIL: 'ada@example.org',
        QUIRE_ADMIN_PASSWORD: password,
      });
      const signedIn = await fetch(`${server.url}/admin/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
        body: new URLSearchParams({ email: 'ada@example.org', password }).toString(),
      });
      const cookie =
        /quire_session=[^;]+/.exec(signedIn.headers.get('set-cookie') ?? '')?.[0] ?? '';
      const settingsPage = await (
        await fetch(`${server.url}/admin/settings`, { headers: { cookie } })
      ).text();
      const csrf = /name="csrf" value="([^"]+)"/.exec(settingsPage)?.[1] ?? '';
      expect(decodeHtml(settingsPage)).toMatch(
        /"demo":\{"posts":\d+,"pages":\d+,"forms":\d+,"images":\d+,"coupons":1\}/,
      );
      const call = async (path: string, body: unknown) => {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { cookie, 'x-csrf-token': csrf, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: response.status, reply: (await response.json()) as { message: string } };
      };
      const site = JSON.parse(decodeHtml(/data-props="([^"]+)"/.exec(settingsPage)?.[1] ?? '{}'))
        .values.site;
      expect(
        (
          await call('/admin/api/settings', {
            section: 'site',
            values: { ...site, title: 'Ada’s Workshop' },
          })
        ).status,
      ).toBe(200);

      const home = decodeHtml(await (await fetch(`${server.url}/`)).text());
      expect(home).toContain('Ada’s Workshop is written and illustrated slowly');
      expect(home).toContain('Enjoy Ada’s Workshop? Follow along');
      expect(home).not.toContain('Field Notes');

      // A contact form entry's mails carry the title as it is now.
      const contactFormId = 1;
      const body = new FormData();
      const now = Math.floor(Date.now() / 1000);
      for (const [name, value] of Object.entries({
        action: 'qforms_submit',
        'qforms[id]': String(contactFormId),
        'qforms[token]': issueFormToken(secret, contactFormId, Date.now() - 10_000).token,
        'qforms[fields][1][first]': 'Grace',
        'qforms[fields][1][last]': 'Hopper',
        'qforms[fields][2]': 'grace@example.org',
        'qforms[fields][3]': 'Compilers',
        'qforms[fields][4]': 'A note about compilers.',
        'qforms[fields][5][]': '1',
        start_timestamp: String(now - 30),
        end_timestamp: String(now),
        page_url: '/contact/',
      })) {
        body.append(name, value);
      }
      const sent = await fetch(`${server.url}/ajax`, {
        method: 'POST',
        body,
        headers: { origin: server.url },
      });
      expect((await sent.json()).success).toBe(true);
      const subjects = await waitForSubjects(server, database.name, 2);
      expect(subjects).toContain('Ada’s Workshop: a message from the contact form');
      expect(subjects).toContain('Your message to Ada’s Workshop');

      const removed = await call('/admin/api/demo/remove', { confirm: true });
      expect(removed.status).toBe(200);
      expect(removed.reply.message).toMatch(
        /^The demo content is gone: \d+ posts, \d+ pages, \d+ forms, \d+ images, 1 coupon and \d+ settings\.$/,
      );
      expect((await call('/admin/api/demo/remove', { confirm: true })).reply.message).toBe(
        'There is no demo content left to remove.',
      );
      const after = decodeHtml(await (await fetch(`${server.url}/`)).text());
      expect(after).toContain('Ada’s Workshop');
      expect(after).not.toContain('Walking the Coast Path');
      expect(after).not.toContain('is written and illustrated slowly');
      expect((await fetch(`${server.url}/contact/`)).status).toBe(404);
      // The entry sent through the demo's form stays readable.
      const entries = decodeHtml(
        await (await fetch(`${server.url}/admin/entries`, { headers: { cookie } })).text(),
      );
      expect(entries).toContain('Grace Hopper');
      const settingsAfter = decodeHtml(
        await (await fetch(`${server.url}/admin/settings`, { headers: { cookie } })).text(),
      );
      expect(settingsAfter).not.toContain('"demo":{');
    }, 90_000);
  });
}

/** The subjects of the mails the site wrote, read from its database's outbox. */
async function waitForSubjects(server: TestServer, kind: string, count: number): Promise<string[]> {
  const handle = connectDatabase(
    kind === 'postgres'
      ? { kind: 'postgres', url: process.env.TEST_DATABASE_URL as string }
      : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
  );
  try {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = await handle.db.selectFrom('mail_outbox').select('message').execute();
      const subjects = rows.map((row) => (JSON.parse(row.message) as { subject: string }).subject);
      if (subjects.length >= count || Date.now() > deadline) return subjects;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await handle.db.destroy();
  }
}
