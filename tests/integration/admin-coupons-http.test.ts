import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
import {
  couponAdminMessages as c,
  paymentAdminMessages as p,
} from '../../src/features/payments/messages.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import {
  type AdminSite,
  adminRequests,
  csrfOf,
  decodeHtml,
  startAdminSite,
  tableCells,
} from '../support/admin-site.ts';
import { postAjax } from '../support/ajax-post.ts';
import { bookingFormId as booking, bookingOrderFields } from '../support/booking-order.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The owner's shop chores over HTTP on the built site (issue 28, point 6): the Coupons screen
 * (list with uses, add, change terms and days, delete once confirmed, every refusal in place),
 * and recording an order's payment on its entry, forward only. Every write refused without a
 * session or its CSRF token. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the shop's chores in the admin over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const get = (path: string, auth = cookie) => adminRequests({ server, cookie }).get(path, auth);
    const post = (path: string, fields: Record<string, string>, auth = cookie) =>
      adminRequests({ server, cookie }).post(path, fields, auth);
    const decode = decodeHtml;
    const csrf = async () => csrfOf((await get('/admin/coupons')).body);
    const coupon = (code: string) =>
      handle.db.selectFrom('form_coupons').selectAll().where('code', '=', code).executeTakeFirst();
    const term = {
      kind: 'percent',
      value: '',
      formId: '',
      maxUses: '',
      startsOn: '',
      endsOn: '',
    };

    it('adds coupons as the owner writes them: a percentage or an amount in dollars, days of the site', async () => {
      const token = await csrf();
      const added = await post('/admin/coupons', {
        ...term,
        csrf: token,
        action: 'add',
        code: 'spring-15',
        value: '12.5',
        formId: String(booking),
        maxUses: '3',
        startsOn: '2026-12-01',
        endsOn: '2026-12-24',
      });
      expect(added.status).toBe(303);
      expect(added.response.headers.get('location')).toBe(
        '/admin/coupons?notice=added&code=SPRING-15',
      );
      expect(await coupon('SPRING-15')).toMatchObject({
        kind: 'percent',
        amount: 1250,
        form_id: booking,
        max_uses: 3,
        uses: 0,
        // The site's time zone is UTC: the first day's start, the day after the last.
        starts_at: Date.UTC(2026, 11, 1),
        ends_at: Date.UTC(2026, 11, 25),
      });
      await post('/admin/coupons', {
        ...term,
        csrf: token,
        action: 'add',
        code: 'FIVER',
        kind: 'fixed',
        value: '5.00',
      });
      expect(await coupon('FIVER')).toMatchObject({ kind: 'fixed', amount: 500, max_uses: null });
      const list = decode((await get('/admin/coupons?notice=added&code=FIVER')).body);
      expect(list).toContain('The coupon FIVER was added.');
      expect(list).toContain('12.5% off');
      expect(list).toContain('$5.00 off');
      expect(list).toContain('Workshop booking');
      expect(list).toContain('0 of 3');
      expect(list).toContain('0, no limit');
      expect(list).toContain('1 Dec 2026 to 24 Dec 2026');
    });

    it('refuses what it cannot keep, in place, with nothing typed lost', async () => {
      const token = await csrf();
      const cases: Array<[Record<string, string>, string, string]> = [
        [{ code: 'BAD', value: '120' }, 'coupon-value-error', c.percentWrong],
        [
          { code: 'BAD', kind: 'fixed', value: '-5' },
          'coupon-value-error',
          'Enter an amount above 0',
        ],
        [{ code: 'BAD', value: '10', maxUses: '0' }, 'coupon-maxUses-error', c.usesWrong],
        [
          { code: 'BAD', value: '10', startsOn: '2026-12-24', endsOn: '2026-12-01' },
          'coupon-endsOn-error',
          c.endsBeforeStart,
        ],
        [{ code: 'BAD', value: '10', formId: '999' }, 'coupon-formId-error', c.formWrong],
        [{ code: 'no spaces', value: '10' }, 'coupon-code-error', 'A code is 1 to 40 letters'],
        [{ code: 'fiver', value: '10' }, 'coupon-code-error', 'There is already a coupon'],
      ];
      for (const [fields, errorId, message] of cases) {
        const { status, body } = await post('/admin/coupons', {
          ...term,
          csrf: token,
          action: 'add',
          ...fields,
        });
        expect(status, JSON.stringify(fields)).toBe(422);
        const html = decode(body);
        expect(html).toContain(c.fixErrors);
        expect(html).toMatch(new RegExp(`id="${errorId}"[^>]*>[^<]*${message.slice(0, 20)}`));
        expect(html).toContain(`value="${fields.value}"`);
      }
      expect(await coupon('BAD')).toBeUndefined();
    });

    it('changes a coupon’s terms, never its limit below the uses taken, and deletes it once confirmed', async () => {
      const { id } = (await coupon('SPRING-15')) ?? { id: 0 };
      await handle.db.updateTable('form_coupons').set({ uses: 2 }).where('id', '=', id).execute();
      const edit = decode((await get(`/admin/coupons/${id}`)).body);
      expect(edit).toContain('Change the coupon SPRING-15');
      expect(edit).toContain('value="12.5"');
      expect(edit).toContain('value="2026-12-24"');
      const token = csrfOf(edit);
      const below = await post(`/admin/coupons/${id}`, {
        ...term,
        csrf: token,
        action: 'save',
        code: 'SPRING-15',
        value: '20',
        maxUses: '1',
      });
      expect(below.status).toBe(422);
      expect(decode(below.body)).toContain('cannot be lower than the uses already taken');
      const saved = await post(`/admin/coupons/${id}`, {
        ...term,
        csrf: token,
        action: 'save',
        code: 'SPRING-15',
        value: '20',
        maxUses: '5',
        endsOn: '2027-01-31',
      });
      expect(saved.status).toBe(303);
      expect(await coupon('SPRING-15')).toMatchObject({
        amount: 2000,
        max_uses: 5,
        uses: 2,
        form_id: null,
        starts_at: null,
        ends_at: Date.UTC(2027, 1, 1),
      });
      const asked = await post(`/admin/coupons/${id}`, { csrf: token, action: 'delete' });
      expect(asked.status).toBe(200);
      expect(decode(asked.body)).toContain('Delete the coupon SPRING-15?');
      expect(await coupon('SPRING-15')).toBeDefined();
      const deleted = await post(`/admin/coupons/${id}`, {
        csrf: token,
        action: 'delete',
        confirm: 'yes',
      });
      expect(deleted.status).toBe(303);
      expect(await coupon('SPRING-15')).toBeUndefined();
      expect((await get(`/admin/coupons/${id}`)).status).toBe(404);
    });

    it('refuses every coupon write without a session or its CSRF token', async () => {
      const anonymous = await get('/admin/coupons', '');
      expect(anonymous.status).toBe(303);
      expect(anonymous.response.headers.get('location')).toContain('/admin/sign-in');
      const fields = { ...term, action: 'add', code: 'STOLEN', value: '50' };
      const noToken = await post('/admin/coupons', fields);
      expect(noToken.status).toBe(403);
      expect(decode(noToken.body)).toContain(adminMessages.staleForm);
      // Signed out, a post is sent to sign in, and nothing is added.
      const signedOut = await post('/admin/coupons', { ...fields, csrf: await csrf() }, '');
      expect(signedOut.status).toBe(303);
      expect(signedOut.response.headers.get('location')).toContain('/admin/sign-in');
      expect(await coupon('STOLEN')).toBeUndefined();
    });

    it('records an order’s payment on its entry, forward only, and refuses it without the token', async () => {
      const secret = (
        await handle.db
          .selectFrom('secrets')
          .select('value')
          .where('name', '=', 'app')
          .executeTakeFirstOrThrow()
      ).value;
      const { answer } = await postAjax(
        server.url,
        bookingOrderFields(
          secret,
          { first: 'Owen', last: 'Paid', email: 'owen@example.org' },
          { 'qforms[fields][11]': 'FIELDNOTES15' },
        ),
      );
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      const entry = await handle.db
        .selectFrom('form_entries')
        .select(['id', 'payment_status'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(entry.payment_status).toBe('awaiting');
      const page = decode((await get(`/admin/entries/${entry.id}`)).body);
      // The order as the buyer's table showed it, in the site's dollars.
      expect(tableCells(page.slice(page.indexOf('id="entry-order"')))).toEqual([
        ['Item', 'Quantity', 'Price'],
        ['Workshop: Knife sharpening (Sunday 10:00–13:00)', '1', '$45.00'],
        ['Materials fee', '1', '$7.50'],
        ['Coupon FIELDNOTES15', '-$7.88'],
        ['Total', '$44.62'],
      ]);
      expect(page).toContain('data-admin-island="RecordPayment"');
      expect(page).toContain(p.recordLabel);
      const token = csrfOf(page);
      const record = (status: string, auth = cookie, csrfToken = token) =>
        fetch(`${server.url}/admin/api/entries/${entry.id}/payment`, {
          method: 'POST',
          headers: {
            origin: server.url,
            'content-type': 'application/json',
            'x-csrf-token': csrfToken,
            ...(auth ? { cookie: auth } : {}),
          },
          body: JSON.stringify({ status }),
        }).then(async (response) => ({ status: response.status, body: await response.json() }));
      expect((await record('paid', cookie, 'forged')).status).toBe(403);
      expect((await record('paid', '')).status).toBe(401);
      expect(await record('paid')).toEqual({
        status: 200,
        body: { ok: true, message: 'The payment is recorded as paid.', status: 'paid' },
      });
      expect((await record('paid')).body.message).toBe('The payment was already paid.');
      expect(await record('failed')).toEqual({
        status: 409,
        body: {
          ok: false,
          message:
            'A payment that is paid cannot become failed: a payment status only moves forward.',
          status: 'paid',
        },
      });
      expect((await record('refunded')).body).toMatchObject({ ok: true, status: 'refunded' });
      expect((await record('paid')).status).toBe(409);
      expect((await record('awaiting')).status).toBe(400);
      const stored = await handle.db
        .selectFrom('form_entries')
        .select('payment_status')
        .where('id', '=', entry.id)
        .executeTakeFirstOrThrow();
      expect(stored.payment_status).toBe('refunded');
    });
  });
}
