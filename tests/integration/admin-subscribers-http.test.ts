import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { siteFeedId, tagFeedId } from '../../src/features/share/feeds.ts';
import { subscriberAdminMessages as messages } from '../../src/features/share/subscriber-admin.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import type { SubscriberStatus } from '../../src/platform/db/schema.ts';
import { type MailMessage, parseStoredMailMessage } from '../../src/platform/mail/mail-message.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The Subscribers screen over HTTP on the built site (issue 16, point 3): the list per feed with
 * its status filter, search and paging; resending the confirmation mail (the subscription
 * page's mail, within its per-address limit) and removing; the CSV export and import. Every
 * action refused without a session or its CSRF token. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the Subscribers screen over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let topicFeed = 0;

    const add = async (feedId: number, email: string, status: SubscriberStatus, at = Date.now()) =>
      (
        await handle.db
          .insertInto('subscribers')
          .values({
            feed_id: feedId,
            email,
            status,
            created_at: at,
            confirmed_at: status === 'confirmed' ? at : null,
            unsubscribed_at: status === 'unsubscribed' ? at : null,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const subscriber = (feedId: number, email: string) =>
      handle.db
        .selectFrom('subscribers')
        .selectAll()
        .where('feed_id', '=', feedId)
        .where('email', '=', email)
        .executeTakeFirst();
    /** The mails queued for an address, oldest first. */
    const mailsTo = async (email: string): Promise<MailMessage[]> =>
      (await handle.db.selectFrom('mail_outbox').select('message').orderBy('id').execute())
        .map((row) => parseStoredMailMessage(row.message))
        .filter((mail) => mail.to === email);

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      await savePost(handle, {
        type: 'post',
        title: 'Tomatoes in November',
        body: 'Still ripening.',
        status: 'published',
        tags: ['Gardening'],
      });
      const tag = await handle.db
        .selectFrom('tags')
        .select('id')
        .where('name', '=', 'Gardening')
        .executeTakeFirstOrThrow();
      topicFeed = tagFeedId(tag.id);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const get = async (path: string, auth = cookie) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: auth ? { cookie: auth } : {},
        redirect: 'manual',
      });
      return { status: response.status, response, body: await response.text() };
    };
    const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const csrf = async () => csrfOf((await get('/admin/subscribers')).body);
    const act = (fields: Record<string, string>, auth = cookie) =>
      fetch(`${server.url}/admin/subscribers`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: server.url,
          'content-type': 'application/x-www-form-urlencoded',
          ...(auth ? { cookie: auth } : {}),
        },
        body: new URLSearchParams(fields),
      });
    const upload = async (
      file: string | Uint8Array<ArrayBuffer> | undefined,
      fields: Record<string, string>,
      auth = cookie,
    ) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.set(name, value);
      if (file !== undefined) {
        form.set('file', new Blob([file], { type: 'text/csv' }), 'people.csv');
      }
      const response = await fetch(`${server.url}/admin/subscribers/import`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: server.url, ...(auth ? { cookie: auth } : {}) },
        body: form,
      });
      return { status: response.status, response, html: await response.text() };
    };
    const decode = (html: string) =>
      html
        .replace(/&quot;/g, '"')
        .replace(/&#x27;|&#39;/g, "'")
        .replace(/&amp;/g, '&');

    it('is for a signed-in administrator only, every action included', async () => {
      const id = await add(siteFeedId, 'guarded@example.org', 'pending');
      for (const path of [
        '/admin/subscribers',
        '/admin/subscribers/import',
        '/admin/subscribers/export.csv',
      ]) {
        const anonymous = await get(path, '');
        expect(anonymous.status, path).toBe(303);
        expect(anonymous.response.headers.get('location')).toContain('/admin/sign-in');
        expect(anonymous.body).not.toContain('guarded@example.org');
      }
      for (const action of ['remove', 'resend']) {
        const response = await act({ action, id: String(id), confirm: 'yes' }, '');
        expect([302, 303, 403]).toContain(response.status);
      }
      const imported = await upload('email\nsneaked@example.org\n', { feed: '1' }, '');
      expect([302, 303, 403]).toContain(imported.status);
      expect(await subscriber(siteFeedId, 'guarded@example.org')).toBeDefined();
      expect(await subscriber(siteFeedId, 'sneaked@example.org')).toBeUndefined();
      expect(await mailsTo('guarded@example.org')).toEqual([]);
    });

    it('refuses every action without the session’s CSRF token', async () => {
      const id = await add(siteFeedId, 'forged@example.org', 'pending');
      for (const action of ['remove', 'resend']) {
        const response = await act({ action, id: String(id), csrf: 'forged', confirm: 'yes' });
        expect(response.status).toBe(403);
        expect(await response.text()).toContain(adminMessages.staleForm);
      }
      const imported = await upload('forged-import@example.org\n', { feed: '1', csrf: 'forged' });
      expect(imported.status).toBe(403);
      expect(imported.html).toContain(adminMessages.staleForm);
      expect(await subscriber(siteFeedId, 'forged@example.org')).toBeDefined();
      expect(await subscriber(siteFeedId, 'forged-import@example.org')).toBeUndefined();
      expect(await mailsTo('forged@example.org')).toEqual([]);
    });

    it('lists subscribers per feed, by status, by search, a page at a time', async () => {
      await add(siteFeedId, 'list-pending@example.org', 'pending');
      await add(siteFeedId, 'list-confirmed@example.org', 'confirmed');
      await add(siteFeedId, 'list-gone@example.org', 'unsubscribed');
      await add(topicFeed, 'list-topic@example.org', 'confirmed');
      await add(topicFeed, 'odd_name%@example.org', 'pending');

      const all = await get('/admin/subscribers');
      expect(all.status).toBe(200);
      expect(all.response.headers.get('cache-control')).toContain('no-store');
      expect(all.body).toContain('href="/admin/subscribers" aria-current="page"');
      for (const email of ['list-pending', 'list-confirmed', 'list-gone', 'list-topic']) {
        expect(all.body).toContain(`${email}@example.org`);
      }
      expect(all.body).toContain('Topic: Gardening');

      const topic = await get(`/admin/subscribers?feed=${topicFeed}`);
      expect(topic.body).toContain('list-topic@example.org');
      expect(topic.body).not.toContain('list-confirmed@example.org');
      expect(topic.body).toContain('2 subscribers match.');
      expect(topic.body).toContain('In this feed: 1 confirmed, 1 pending, 0 unsubscribed.');

      const confirmed = await get(`/admin/subscribers?feed=${siteFeedId}&status=confirmed`);
      expect(confirmed.body).toContain('list-confirmed@example.org');
      expect(confirmed.body).not.toContain('list-pending@example.org');
      expect(confirmed.body).not.toContain('list-topic@example.org');

      // Case does not matter; % and _ are letters, not wildcards.
      const search = await get('/admin/subscribers?q=LIST-GONE');
      expect(search.body).toContain('list-gone@example.org');
      expect(search.body).toContain('1 subscriber match.');
      const literal = await get('/admin/subscribers?q=_name%25');
      expect(literal.body).toContain('odd_name%@example.org');
      expect(literal.body).toContain('1 subscriber match.');
      expect((await get('/admin/subscribers?q=%25')).body).toContain('1 subscriber match.');

      // 30 more in one topic: two pages, newest first.
      const base = Date.now() - 60_000;
      for (let n = 1; n <= 30; n++) {
        await add(topicFeed, `page-${String(n).padStart(2, '0')}@example.org`, 'pending', base + n);
      }
      const first = await get(`/admin/subscribers?feed=${topicFeed}&q=page-`);
      expect(first.body).toContain('30 subscribers match, page 1 of 2.');
      expect(first.body).toContain('page-30@example.org');
      expect(first.body).not.toContain('page-05@example.org');
      expect(decode(first.body)).toContain(
        `href="/admin/subscribers?feed=${topicFeed}&q=page-&page=2"`,
      );
      const second = await get(`/admin/subscribers?feed=${topicFeed}&q=page-&page=2`);
      expect(second.body).toContain('page-05@example.org');
      expect(second.body).not.toContain('page-30@example.org');
      // Nonsense in the address is ignored, never an error.
      expect((await get('/admin/subscribers?feed=x&status=maybe&page=-3')).status).toBe(200);
    });

    it('resends a pending subscriber the real confirmation mail, within the per-address limit', async () => {
      const id = await add(topicFeed, 'resend@example.org', 'pending');
      const token = await csrf();
      const back = `feed=${topicFeed}&status=pending`;
      const response = await act({ action: 'resend', id: String(id), csrf: token, back });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe(
        `/admin/subscribers?feed=${topicFeed}&status=pending&notice=resent`,
      );
      const notice = await get(response.headers.get('location') as string);
      expect(notice.body).toContain(messages.noticeResent);
      const [mail] = await mailsTo('resend@example.org');
      expect(mail?.subject).toMatch(/^Confirm your subscription to Gardening on /);
      const link = /https?:\/\/\S+(\/subscription\/confirm\?t=[\w.-]+)/.exec(mail?.text ?? '');
      expect(link).not.toBeNull();
      expect(mail?.headers?.['List-Unsubscribe']).toMatch(/\/subscription\/unsubscribe\?t=/);
      // The link is the subscription page's own: it opens the confirmation of this subscriber.
      const page = await get((link as RegExpExecArray)[1] as string, '');
      expect(page.status).toBe(200);
      expect(page.body).toContain('resend@example.org');

      // 3 confirmation mails per address a day, whoever asks: two more, then no more.
      for (let n = 0; n < 2; n++) {
        expect((await act({ action: 'resend', id: String(id), csrf: token })).status).toBe(303);
      }
      const limited = await act({ action: 'resend', id: String(id), csrf: token });
      expect(limited.status).toBe(429);
      expect(decode(await limited.text())).toContain(messages.addressLimited);
      expect(await mailsTo('resend@example.org')).toHaveLength(3);

      // Confirmed and unsubscribed people are never sent one.
      for (const status of ['confirmed', 'unsubscribed'] as const) {
        const other = await add(topicFeed, `resend-${status}@example.org`, status);
        const refused = await act({ action: 'resend', id: String(other), csrf: token });
        expect(refused.status).toBe(409);
        expect(decode(await refused.text())).toContain(messages.notPending(status));
        expect(await mailsTo(`resend-${status}@example.org`)).toEqual([]);
      }
      const missing = await act({ action: 'resend', id: '999999', csrf: token });
      expect(missing.status).toBe(409);
      const nonsense = await act({ action: 'explode', id: String(id), csrf: token });
      expect(nonsense.status).toBe(400);
    });

    it('removes a subscriber for good', async () => {
      const id = await add(siteFeedId, 'remove-me@example.org', 'confirmed');
      const token = await csrf();
      // A Remove asks first, naming the address and its feed; nothing is removed yet.
      const asked = await act({ action: 'remove', id: String(id), csrf: token });
      expect(asked.status).toBe(200);
      const question = decode(await asked.text());
      expect(question).toContain('Remove remove-me@example.org from');
      expect(question).toContain('name="confirm" value="yes"');
      expect(await subscriber(siteFeedId, 'remove-me@example.org')).toBeDefined();
      const removed = await act({ action: 'remove', id: String(id), csrf: token, confirm: 'yes' });
      expect(removed.status).toBe(303);
      expect(removed.headers.get('location')).toBe('/admin/subscribers?notice=removed');
      expect(await subscriber(siteFeedId, 'remove-me@example.org')).toBeUndefined();
      expect((await get('/admin/subscribers?notice=removed')).body).toContain(
        messages.noticeRemoved,
      );
      const again = await act({ action: 'remove', id: String(id), csrf: token, confirm: 'yes' });
      expect(again.status).toBe(409);
      const askedAgain = await act({ action: 'remove', id: String(id), csrf: token });
      expect(askedAgain.status).toBe(409);
      expect(decode(await again.text())).toContain(messages.subscriberGone);
    });

    it('exports the filtered subscribers as CSV, formulas escaped', async () => {
      await add(topicFeed, 'export-a@example.org', 'confirmed');
      await add(topicFeed, 'export-b@example.org', 'unsubscribed');
      await add(topicFeed, '=cmd@example.org', 'confirmed');
      const { status, response, body } = await get(
        `/admin/subscribers/export.csv?feed=${topicFeed}&status=confirmed`,
      );
      expect(status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get('cache-control')).toContain('no-store');
      const lines = body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toBe('email,feed,feed_id,status,subscribed_at,confirmed_at,unsubscribed_at');
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^export-a@example\\.org,Topic: Gardening,${topicFeed},confirmed,\\d{4}-.+Z,\\d{4}-.+Z,$`,
          ),
        ),
      );
      expect(body).not.toContain('export-b@example.org');
      expect(body).toContain("'=cmd@example.org");
      expect(lines.slice(1).every((line) => line.includes(',confirmed,'))).toBe(true);
    });

    it('imports a CSV into one feed as pending without mail, each bad line reported and the good ones kept', async () => {
      await add(siteFeedId, 'import-confirmed@example.org', 'confirmed');
      await add(siteFeedId, 'import-left@example.org', 'unsubscribed');
      const csv = [
        'Name,E-mail,Note',
        'Ann,Import-Ann@Example.org,first',
        'Bo,not-an-address,',
        '',
        'Cy,import-cy@example.org,"says ""hi"", twice"',
        'Ann again,import-ann@example.org,',
        'Dee,import-confirmed@example.org,',
        'Eve,import-left@example.org,',
        'Fay,,',
      ].join('\r\n');
      const token = await csrf();
      const { status, html } = await upload(`\uFEFF${csv}\r\n`, {
        feed: '1',
        csrf: token,
        mode: 'pending',
      });
      expect(status).toBe(200);
      const text = decode(html);
      expect(text).toContain(
        '(the whole site): 2 addresses added as pending, 0 confirmation mails sent; 1 already on the list, 1 left unsubscribed, 3 lines refused.',
      );
      expect(text).toMatch(
        /<th scope="row">3<\/th><td>“not-an-address” is not an e-mail address\.<\/td>/,
      );
      expect(text).toMatch(
        /<th scope="row">6<\/th><td>The same address as line 2; imported once\.<\/td>/,
      );
      expect(text).toMatch(/<th scope="row">7<\/th><td>Already subscribed \(confirmed\)\.<\/td>/);
      expect(text).toContain(`<th scope="row">8</th><td>${messages.keptUnsubscribed}</td>`);
      expect(text).toMatch(/<th scope="row">9<\/th><td>No address in this line\.<\/td>/);
      expect((await subscriber(siteFeedId, 'import-ann@example.org'))?.status).toBe('pending');
      expect((await subscriber(siteFeedId, 'import-cy@example.org'))?.status).toBe('pending');
      expect((await subscriber(siteFeedId, 'import-left@example.org'))?.status).toBe(
        'unsubscribed',
      );
      expect((await subscriber(siteFeedId, 'import-confirmed@example.org'))?.status).toBe(
        'confirmed',
      );
      expect(await mailsTo('import-ann@example.org')).toEqual([]);
      expect(await mailsTo('import-cy@example.org')).toEqual([]);
      // Importing the same file again adds nobody and sends nothing.
      const again = await upload(csv, { feed: '1', csrf: token, mode: 'pending', send: 'yes' });
      expect(decode(again.html)).toContain(
        '0 addresses added as pending, 0 confirmation mails sent; 3 already on the list',
      );
      expect(await mailsTo('import-ann@example.org')).toEqual([]);
    });

    it('sends confirmation mails to imported people only when asked', async () => {
      const token = await csrf();
      const { html } = await upload('email\nmailed-1@example.org\nmailed-2@example.org\n', {
        feed: String(topicFeed),
        csrf: token,
        mode: 'pending',
        send: 'yes',
      });
      expect(decode(html)).toContain('2 addresses added as pending, 2 confirmation mails sent;');
      for (const email of ['mailed-1@example.org', 'mailed-2@example.org']) {
        const mails = await mailsTo(email);
        expect(mails).toHaveLength(1);
        expect(mails[0]?.subject).toMatch(/^Confirm your subscription to Gardening on /);
        expect(mails[0]?.text).toMatch(/\/subscription\/confirm\?t=/);
        expect((await subscriber(topicFeed, email))?.status).toBe('pending');
      }
    });

    it('imports people already confirmed when the owner has their consent, mailing nobody', async () => {
      const token = await csrf();
      const { html } = await upload('consent-1@example.org\nconsent-2@example.org', {
        feed: String(topicFeed),
        csrf: token,
        mode: 'confirmed',
        send: 'yes',
      });
      expect(decode(html)).toContain('2 addresses added as confirmed; 0 already on the list');
      for (const email of ['consent-1@example.org', 'consent-2@example.org']) {
        const row = await subscriber(topicFeed, email);
        expect(row?.status).toBe('confirmed');
        expect(Number(row?.confirmed_at)).toBeGreaterThan(0);
        expect(await mailsTo(email)).toEqual([]);
      }
    });

    it('says clearly what is wrong with a file, and keeps what it could read', async () => {
      const token = await csrf();
      const none = await upload(undefined, { feed: '1', csrf: token });
      expect(none.status).toBe(400);
      expect(none.html).toContain(messages.noFile);
      const binary = await upload(new Uint8Array([0xff, 0xfe, 0x00, 0x41]), {
        feed: '1',
        csrf: token,
      });
      expect(binary.status).toBe(422);
      expect(decode(binary.html)).toContain(messages.notText);
      const noFeed = await upload('x@example.org', { feed: '555', csrf: token });
      expect(noFeed.status).toBe(400);
      expect(noFeed.html).toContain(messages.pickFeed);
      const big = await upload('a'.repeat(1024 * 1024 + 1), { feed: '1', csrf: token });
      expect(big.status).toBe(413);
      expect(big.html).toContain(messages.fileTooLarge(1024 * 1024));
      const empty = await upload('email\n\n', { feed: '1', csrf: token });
      expect(empty.html).toContain(messages.emptyFile);
      const unclosed = await upload(
        'before-quote@example.org\n"after-quote@example.org\nlost@example.org\n',
        {
          feed: '1',
          csrf: token,
        },
      );
      expect(decode(unclosed.html)).toContain(messages.unclosedQuote(2));
      expect(await subscriber(siteFeedId, 'before-quote@example.org')).toBeDefined();
      expect(await subscriber(siteFeedId, 'lost@example.org')).toBeUndefined();
    });

    it('imports its own export into another feed', async () => {
      const exported = await get(`/admin/subscribers/export.csv?feed=${topicFeed}&q=consent-`);
      const token = await csrf();
      const { html } = await upload(exported.body, { feed: '1', csrf: token, mode: 'confirmed' });
      expect(decode(html)).toContain('2 addresses added as confirmed;');
      expect((await subscriber(siteFeedId, 'consent-1@example.org'))?.status).toBe('confirmed');
    });
  });
}
