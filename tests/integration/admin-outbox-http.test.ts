import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { enqueueMail, recordMailFailure } from '../../src/platform/mail/mail-outbox.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The Outbox screen over HTTP on the built site (issue 16): the mails not sent yet and those
 * given up on, with the server's last answer; sending one again now and discarding one, each
 * refused without a session or its CSRF token. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the Outbox screen over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let failedId = 0;
    let waitingId = 0;

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      const later = Date.now() + 3_600_000;
      failedId = await enqueueMail(handle.db, {
        to: 'reader@example.org',
        subject: 'Confirm your subscription',
        text: 'Please confirm.',
      });
      await recordMailFailure(handle.db, failedId, '550 5.1.1 mailbox unavailable', undefined);
      waitingId = await enqueueMail(handle.db, {
        to: ['owner@example.org', 'desk@example.org'],
        subject: 'New entry: Contact',
        text: 'An entry.',
      });
      await recordMailFailure(handle.db, waitingId, 'connect ECONNREFUSED 127.0.0.1:25', later);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const screen = async (auth = cookie) => {
      const response = await fetch(`${server.url}/admin/outbox`, {
        headers: auth ? { cookie: auth } : {},
        redirect: 'manual',
      });
      return { status: response.status, response, html: await response.text() };
    };
    const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const post = (fields: Record<string, string>, auth = cookie) =>
      fetch(`${server.url}/admin/outbox`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: server.url,
          'content-type': 'application/x-www-form-urlencoded',
          ...(auth ? { cookie: auth } : {}),
        },
        body: new URLSearchParams(fields),
      });
    const row = (id: number) =>
      handle.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();

    it('is for a signed-in administrator only', async () => {
      const anonymous = await screen('');
      expect([302, 303]).toContain(anonymous.status);
      expect(anonymous.response.headers.get('location')).toContain('/admin/sign-in');
      const response = await post({ action: 'discard', id: String(failedId) }, '');
      expect([302, 303, 403]).toContain(response.status);
      expect(await row(failedId)).toBeDefined();
    });

    it('lists the failed and waiting mails with the server’s last answer', async () => {
      const { status, html } = await screen();
      expect(status).toBe(200);
      expect(html).toContain('1 waiting, 1 failed.');
      expect(html).toContain('Confirm your subscription');
      expect(html).toContain('550 5.1.1 mailbox unavailable');
      expect(html).toContain('owner@example.org, desk@example.org');
      expect(html).toContain('connect ECONNREFUSED 127.0.0.1:25');
      // Failed first: the owner's attention goes there.
      expect(html.indexOf('Confirm your subscription')).toBeLessThan(
        html.indexOf('New entry: Contact'),
      );
      expect(html).toContain('href="/admin/outbox" aria-current="page"');
    });

    it('refuses an action without the session’s CSRF token', async () => {
      const response = await post({ action: 'discard', id: String(failedId), csrf: 'forged' });
      expect(response.status).toBe(403);
      expect(await row(failedId)).toBeDefined();
    });

    it('sends a mail again now, and discards one', async () => {
      const csrf = csrfOf((await screen()).html);
      const before = Date.now();
      const retried = await post({ action: 'retry', id: String(waitingId), csrf });
      expect(retried.status).toBe(303);
      expect(retried.headers.get('location')).toBe('/admin/outbox?notice=retried');
      const again = await row(waitingId);
      // Due now (the site may already have sent it to its outbox folder).
      expect(again?.status === 'sent' || (again?.next_attempt_at ?? Infinity) <= Date.now()).toBe(
        true,
      );
      expect(again?.next_attempt_at ?? 0).toBeGreaterThanOrEqual(before - 1000);

      const discarded = await post({ action: 'discard', id: String(failedId), csrf });
      expect(discarded.status).toBe(303);
      expect(await row(failedId)).toBeUndefined();
      const gone = await post({ action: 'discard', id: String(failedId), csrf });
      expect(gone.status).toBe(409);
      const notice = await fetch(`${server.url}/admin/outbox?notice=discarded`, {
        headers: { cookie },
      });
      expect(await notice.text()).toContain('The mail was discarded.');
    });
  });
}
