import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
import { entryActions, entryMessages } from '../../src/features/forms/entry-review.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite, tableCells } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

const day = (d: number, h = 9) => Date.UTC(2026, 10, d, h, 0);

type Seed = {
  form_id?: number;
  status?: 'entry' | 'spam';
  spam_reason?: string | null;
  at: number;
  fields: { id: number; type: string; label: string; value: string }[];
  key: string;
};
const row = (seed: Seed) => ({
  form_id: seed.form_id ?? 1,
  status: seed.status ?? 'entry',
  spam_reason: seed.spam_reason ?? null,
  fields: JSON.stringify(seed.fields),
  page_url: '/contact/',
  visitor_id: `visitor-${seed.key}`,
  user_agent: 'Mozilla/5.0 (test)',
  started_at: seed.at - 42_000,
  submitted_at: seed.at,
  created_at: seed.at,
  fingerprint: `entries-screen-${seed.key}`,
});
const answers = (name: string, message: string) => [
  { id: 1, type: 'text', label: 'Name', value: name },
  { id: 2, type: 'textarea', label: 'Message', value: message },
];

/**
 * The Entries screens over HTTP on the built site (issue 16): the list with its filters and
 * seek paging, one entry, every action on one entry and in bulk (each refused without a
 * session or its CSRF token), the new-entries badge, and the streamed CSV download with
 * 100,000 entries. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the Entries screens over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      const { db } = handle;
      const insert = async (key: string, seed: Omit<Seed, 'key'>) => {
        const { id } = await db
          .insertInto('form_entries')
          .values(row({ ...seed, key }))
          .returning('id')
          .executeTakeFirstOrThrow();
        ids[key] = id;
      };
      await insert('ada', { at: day(20), fields: answers('Ada Lovelace', 'About the engine') });
      await insert('spam', {
        at: day(21),
        status: 'spam',
        spam_reason: 'honeypot',
        fields: answers('Cheap pills', 'Buy now'),
      });
      await insert('grace', { at: day(22), fields: answers('Grace Hopper', 'Name the bug') });
      const { id: fileId } = await db
        .insertInto('form_files')
        .values({
          entry_id: ids.grace ?? 0,
          form_id: 1,
          field_id: 3,
          storage_key: 'a'.repeat(32),
          backend: 'database',
          name: 'notes.txt',
          mime: 'text/plain',
          size: 5,
          complete: 1,
          created_at: day(22),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('form_file_chunks')
        .values({ file_id: fileId, seq: 0, bytes: Buffer.from('hello') })
        .execute();
      const summary = {
        rows: [
          {
            fieldId: 5,
            label: 'Workshop',
            choice: 'Sourdough',
            quantity: 2,
            unitPrice: 8500,
            amount: 17000,
          },
        ],
        subtotal: 17000,
        coupon: undefined,
        total: 17000,
      };
      const { id: orderId } = await db
        .insertInto('form_entries')
        .values({
          ...row({ key: 'order', at: day(23), fields: answers('Alan Turing', 'Two seats') }),
          payment_status: 'paid',
          payment_provider: 'offline',
          payment_reference: 'Q-1001',
          currency: 'EUR',
          total: 17000,
          order_summary: JSON.stringify(summary),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.order = orderId;
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const get = async (path: string, auth = cookie) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: auth ? { cookie: auth } : {},
        redirect: 'manual',
      });
      return { status: response.status, response, html: await response.text() };
    };
    const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? '';
    const post = (path: string, fields: [string, string][], auth = cookie) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: server.url,
          'content-type': 'application/x-www-form-urlencoded',
          ...(auth ? { cookie: auth } : {}),
        },
        body: new URLSearchParams(fields),
      });
    const entry = (id: number | undefined) =>
      handle.db
        .selectFrom('form_entries')
        .selectAll()
        .where('id', '=', id ?? 0)
        .executeTakeFirst();
    const listed = (html: string) =>
      [...html.matchAll(/href="\/admin\/entries\/(\d+)"/g)].map((match) => Number(match[1]));

    it('is for a signed-in administrator only', async () => {
      for (const path of ['/admin/entries', `/admin/entries/${ids.ada}`]) {
        const anonymous = await get(path, '');
        expect([302, 303], path).toContain(anonymous.status);
        expect(anonymous.response.headers.get('location')).toContain('/admin/sign-in');
      }
      const csv = await get('/admin/entries/export.csv?form=1', '');
      expect(csv.status).toBe(401);
      for (const action of entryActions) {
        for (const path of ['/admin/entries', `/admin/entries/${ids.ada}`]) {
          const response = await post(
            path,
            [
              ['action', action],
              ['confirm', 'yes'],
              ['id', String(ids.ada)],
            ],
            '',
          );
          expect([302, 303, 403], `${action} ${path}`).toContain(response.status);
          expect(response.headers.get('location') ?? '').not.toContain('done=');
        }
      }
      expect(await entry(ids.ada)).toMatchObject({ status: 'entry', starred: 0 });
    });

    it('downloads only a form that exists, as entries, spam or all', async () => {
      expect((await get('/admin/entries/export.csv?form=999')).status).toBe(404);
      expect((await get('/admin/entries/export.csv')).status).toBe(404);
      expect((await get('/admin/entries/export.csv?form=1&view=starred')).status).toBe(400);
      const spam = await get('/admin/entries/export.csv?form=1&view=spam');
      expect(spam.status).toBe(200);
      expect(spam.response.headers.get('x-entry-count')).toBe('1');
      expect(spam.html).toContain('Cheap pills');
      expect(spam.html).not.toContain('Ada Lovelace');
      const crossSite = await fetch(`${server.url}/admin/entries/export.csv?form=1`, {
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
    });

    it('refuses an action without the session’s CSRF token, changing nothing', async () => {
      for (const action of entryActions) {
        for (const path of ['/admin/entries', `/admin/entries/${ids.ada}`]) {
          const response = await post(path, [
            ['action', action],
            ['confirm', 'yes'],
            ['id', String(ids.ada)],
            ['csrf', 'forged'],
          ]);
          expect(response.status, `${action} ${path}`).toBe(403);
          expect(await response.text()).toContain(adminMessages.staleForm);
        }
      }
      expect(await entry(ids.ada)).toMatchObject({ status: 'entry', starred: 0 });
    });

    it('shows new entries in the sidebar’s badge until the list is seen', async () => {
      const before = await get('/admin/forms');
      expect(before.html).toMatch(
        /Entries<span class="admin-badge">3<span class="visually-hidden"> new/,
      );
      const list = await get('/admin/entries');
      expect(list.status).toBe(200);
      expect(list.response.headers.get('cache-control')).toBe('no-store');
      expect(list.html).not.toContain('admin-badge');
      expect((await get('/admin/forms')).html).not.toContain('admin-badge');
    });

    it('lists entries newest first, spam apart, with the payment and the form', async () => {
      const { html } = await get('/admin/entries');
      expect(listed(html)).toEqual([ids.order, ids.grace, ids.ada]);
      expect(html).toContain('3 entries, newest first.');
      expect(html).toContain('Paid · EUR 170.00');
      expect(html).toContain('Ada Lovelace · About the engine');
      expect(html).toContain('href="/admin/entries" aria-current="page"');
      const spam = await get('/admin/entries?view=spam');
      expect(listed(spam.html)).toEqual([ids.spam]);
      expect(spam.html).toContain(entryMessages.spamReasons.honeypot);
      expect(listed((await get('/admin/entries?view=all')).html)).toHaveLength(4);
      expect(listed((await get('/admin/entries?payment=paid')).html)).toEqual([ids.order]);
      expect(listed((await get('/admin/entries?form=2')).html)).toEqual([]);
    });

    it('searches the answers, not the labels, and filters by days', async () => {
      expect(listed((await get('/admin/entries?q=HOPPER')).html)).toEqual([ids.grace]);
      // "Name" is a label of every entry, and the answer of one.
      expect(listed((await get('/admin/entries?q=name')).html)).toEqual([ids.grace]);
      expect(listed((await get('/admin/entries?q=100%25')).html)).toEqual([]);
      const days = await get('/admin/entries?from=2026-11-20&to=2026-11-22');
      expect(listed(days.html)).toEqual([ids.grace, ids.ada]);
      const bad = await get('/admin/entries?from=2026-13-01');
      expect(bad.status).toBe(200);
      expect(bad.html).toContain(entryMessages.errors.badDate);
      expect(listed(bad.html)).toHaveLength(3);
    });

    it('shows an entry with every answer, its order, files, page, times and visitor', async () => {
      const { html, status } = await get(`/admin/entries/${ids.order}`);
      expect(status).toBe(200);
      expect(html).toContain('Alan Turing');
      // The order as the visitor's table showed it; taken in euros, on a site now in dollars.
      expect(tableCells(html.slice(html.indexOf('id="entry-order"')))).toEqual([
        ['Item', 'Quantity', 'Price'],
        ['Workshop: Sourdough', '2', '170.00 EUR'],
        ['Total', '170.00 EUR'],
      ]);
      expect(html).toContain('Q-1001');
      expect(html).toContain('visitor-order');
      expect(html).toContain('42 s');
      expect(html).toContain('href="/contact/"');
      const withFile = await get(`/admin/entries/${ids.grace}`);
      expect(withFile.html).toContain(`href="/admin/files/${'a'.repeat(32)}"`);
      const file = await fetch(`${server.url}/admin/files/${'a'.repeat(32)}`, {
        headers: { cookie },
      });
      expect(await file.text()).toBe('hello');
      const spam = await get(`/admin/entries/${ids.spam}`);
      expect(spam.html).toContain(entryMessages.detail.spamBecause);
      expect(spam.html).toContain(entryMessages.spamReasons.honeypot);
      expect((await get('/admin/entries/999999')).status).toBe(404);
    });

    it('marks one entry spam with the owner’s reason, back, stars and unstars it', async () => {
      const page = `/admin/entries/${ids.ada}`;
      const csrf = csrfOf((await get(page)).html);
      const act = async (action: string) => {
        const response = await post(page, [
          ['action', action],
          ['csrf', csrf],
        ]);
        expect(response.status, action).toBe(303);
        expect(response.headers.get('location')).toBe(`${page}?done=${action}&n=1`);
      };
      await act('spam');
      expect(await entry(ids.ada)).toMatchObject({ status: 'spam', spam_reason: 'owner' });
      const shown = await get(`${page}?done=spam&n=1`);
      expect(shown.html).toContain('1 entry marked as spam.');
      expect(shown.html).toContain(entryMessages.spamReasons.owner);
      await act('not-spam');
      expect(await entry(ids.ada)).toMatchObject({ status: 'entry', spam_reason: null });
      await act('star');
      expect(Number((await entry(ids.ada))?.starred)).toBe(1);
      expect(listed((await get('/admin/entries?view=starred')).html)).toEqual([ids.ada]);
      await act('unstar');
      expect(Number((await entry(ids.ada))?.starred)).toBe(0);
      const unknown = await post(page, [
        ['action', 'publish'],
        ['csrf', csrf],
      ]);
      expect(unknown.status).toBe(400);
      expect(await unknown.text()).toContain(entryMessages.errors.badAction);
    });

    it('applies an action to the ticked entries, and asks before deleting them', async () => {
      const csrf = csrfOf((await get('/admin/entries')).html);
      const none = await post('/admin/entries', [
        ['action', 'star'],
        ['csrf', csrf],
      ]);
      expect(none.status).toBe(400);
      expect(await none.text()).toContain(entryMessages.errors.noneSelected);
      const starred = await post('/admin/entries?view=all', [
        ['action', 'star'],
        ['id', String(ids.ada)],
        ['id', String(ids.order)],
        ['csrf', csrf],
      ]);
      expect(starred.status).toBe(303);
      expect(starred.headers.get('location')).toBe('/admin/entries?view=all&done=star&n=2');
      expect(listed((await get('/admin/entries?view=starred')).html)).toEqual([ids.order, ids.ada]);
      const spam = await post('/admin/entries', [
        ['action', 'spam'],
        ['id', String(ids.ada)],
        ['id', String(ids.spam)],
        ['csrf', csrf],
      ]);
      expect(spam.headers.get('location')).toBe('/admin/entries?done=spam&n=1');
      expect(await entry(ids.spam)).toMatchObject({ spam_reason: 'honeypot' });
      const back = await post('/admin/entries?view=spam', [
        ['action', 'not-spam'],
        ['id', String(ids.ada)],
        ['csrf', csrf],
      ]);
      expect(back.headers.get('location')).toBe('/admin/entries?view=spam&done=not-spam&n=1');

      // A delete asks first, then takes the entries and their files.
      const asked = await post('/admin/entries', [
        ['action', 'delete'],
        ['id', String(ids.grace)],
        ['id', String(ids.spam)],
        ['csrf', csrf],
      ]);
      expect(asked.status).toBe(200);
      const question = await asked.text();
      expect(question).toContain(entryMessages.deleteQuestion(2));
      expect(await entry(ids.grace)).toBeDefined();
      const deleted = await post('/admin/entries', [
        ['action', 'delete'],
        ['confirm', 'yes'],
        ['id', String(ids.grace)],
        ['id', String(ids.spam)],
        ['csrf', csrfOf(question)],
      ]);
      expect(deleted.headers.get('location')).toBe('/admin/entries?done=delete&n=2');
      expect(await entry(ids.grace)).toBeUndefined();
      expect(await entry(ids.spam)).toBeUndefined();
      const files = await handle.db.selectFrom('form_files').select('id').execute();
      const chunks = await handle.db.selectFrom('form_file_chunks').select('file_id').execute();
      expect(files).toEqual([]);
      expect(chunks).toEqual([]);
      const file = await fetch(`${server.url}/admin/files/${'a'.repeat(32)}`, {
        headers: { cookie },
      });
      expect(file.status).toBe(404);
    });

    it('deletes one entry from its page once confirmed', async () => {
      const page = `/admin/entries/${ids.ada}`;
      const csrf = csrfOf((await get(page)).html);
      const asked = await post(page, [
        ['action', 'delete'],
        ['csrf', csrf],
      ]);
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain(entryMessages.confirmDeleteOne);
      expect(await entry(ids.ada)).toBeDefined();
      const deleted = await post(page, [
        ['action', 'delete'],
        ['confirm', 'yes'],
        ['csrf', csrf],
      ]);
      expect(deleted.status).toBe(303);
      expect(deleted.headers.get('location')).toBe('/admin/entries?done=delete&n=1');
      expect(await entry(ids.ada)).toBeUndefined();
      const again = await post(page, [
        ['action', 'delete'],
        ['confirm', 'yes'],
        ['csrf', csrf],
      ]);
      expect(again.status).toBe(404);
    });

    describe('with 100,000 entries', () => {
      const count = 100_000;
      let firstId = 0;

      beforeAll(async () => {
        const { db } = handle;
        await db.deleteFrom('form_entries').execute();
        const filler = 'x'.repeat(300);
        const batch = 1000;
        for (let start = 0; start < count; start += batch) {
          const rows = [];
          for (let n = start; n < start + batch; n++) {
            rows.push(
              row({
                key: `bulk-${n}`,
                at: day(1) + n * 1000,
                fields: answers(`Sender ${n}`, `${n % 10 === 0 ? 'tenth ' : ''}${filler}`),
              }),
            );
          }
          await db.insertInto('form_entries').values(rows).execute();
        }
        const first = await db
          .selectFrom('form_entries')
          .select((eb) => eb.fn.min('id').as('id'))
          .executeTakeFirstOrThrow();
        firstId = Number(first.id);
        // On SQLite the inserts run on this process's event loop (node:sqlite is synchronous),
        // for longer than the server keeps an idle connection (5 s): let the loop see the
        // server close it, or the next request may go out on that socket ("other side closed").
        await new Promise((resolve) => setTimeout(resolve, 100));
      }, 300_000);

      it('pages on by seek, forward and back, counting without a search', async () => {
        const first = await get('/admin/entries');
        expect(first.html).toContain('More than 10,000 entries, newest first.');
        const firstIds = listed(first.html);
        expect(firstIds).toHaveLength(50);
        const older = /href="(\/admin\/entries\?before=\d+)"/.exec(first.html)?.[1] ?? '';
        const second = await get(older.replaceAll('&amp;', '&'));
        const secondIds = listed(second.html);
        expect(secondIds[0]).toBe((firstIds.at(-1) ?? 0) - 1);
        const newer = /href="(\/admin\/entries\?after=\d+)"/.exec(second.html)?.[1] ?? '';
        expect(listed((await get(newer)).html)).toEqual(firstIds);
        const last = await get(`/admin/entries?before=${firstId + 3}`);
        expect(listed(last.html)).toEqual([firstId + 2, firstId + 1, firstId]);
        expect(last.html).not.toContain('Older entries');
        const search = await get('/admin/entries?q=tenth');
        expect(listed(search.html)).toHaveLength(50);
        expect(search.html).toContain('Entries that match, newest first.');
      });

      it('streams the CSV: rows go out before the oldest are read', async () => {
        const open = async (query: string) => {
          const response = await fetch(`${server.url}/admin/entries/export.csv?${query}`, {
            headers: { cookie },
          });
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
          expect(response.headers.get('content-disposition')).toContain('attachment');
          expect(response.headers.get('x-entry-count')).toBe(String(count));
          return response.body?.getReader() as ReadableStreamDefaultReader<Uint8Array>;
        };
        const lines = async (reader: ReadableStreamDefaultReader<Uint8Array>, seen = '') => {
          const decoder = new TextDecoder();
          let newlines = 0;
          let chunks = 0;
          let head = seen;
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            chunks++;
            const text = decoder.decode(value, { stream: true });
            if (head.length < 4000) head += text;
            for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) newlines++;
          }
          return { newlines, chunks, head };
        };

        // All of it, with the columns of the form's fields, in chunks as it is written.
        const whole = await lines(await open('form=1'));
        expect(whole.newlines).toBe(count + 1);
        expect(whole.chunks).toBeGreaterThan(10);
        expect(whole.head).toContain(`,Sender ${count - 1},`);

        // The first rows arrive while the oldest are not read yet: entries deleted once the
        // download has begun are not in it, which a CSV built whole first would still hold. The
        // server reads ahead only what the connection's buffers hold (a few pages of entries).
        const reader = await open('form=1');
        const first = await reader.read();
        const start = new TextDecoder().decode(first.value);
        expect(start).toContain('Entry,Submitted (UTC),Status');
        await handle.db
          .deleteFrom('form_entries')
          .where('id', '<', firstId + 90_000)
          .execute();
        const rest = await lines(reader, start);
        const startLines = start.split('\n').length - 1;
        const rows = startLines + rest.newlines - 1;
        expect(rows).toBeGreaterThanOrEqual(count - 90_000);
        expect(rows).toBeLessThan(count / 2);
      }, 300_000);
    });
  });
}
