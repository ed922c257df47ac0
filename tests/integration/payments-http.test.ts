import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { formMessages } from '../../src/features/forms/messages.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { viewMessages } from '../../src/features/forms/view-messages.ts';
import { paymentMessages } from '../../src/features/payments/messages.ts';
import { createCoupon } from '../../src/features/payments/server/coupons.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { postAjax } from '../support/ajax-post.ts';
import { cardBookingDefinition } from '../support/card-booking.ts';
import { testDatabases } from '../support/databases.ts';
import { runQuire } from '../support/quire-cli.ts';
import { startTestSite, type TestServer, type TestSite } from '../support/test-server.ts';

const secret = 'payments-http-test-secret-0123456789abcdef';
/** The demo's Workshop booking form (demo/forms.json). */
const booking = 3;
const contact = 1;

/**
 * Orders over HTTP on the built site, with the demo's Workshop booking form and the offline
 * provider: the server's own summary and total, refused tampering, coupons (their last use
 * taken once by concurrent orders), card details never kept, the command line's view of
 * orders and the purchase they count once paid. Once per database.
 */
for (const database of testDatabases()) {
  describe(`payment forms over HTTP on ${database.name}`, () => {
    let site: TestSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let databaseUrl: string;

    beforeAll(async () => {
      site = await startTestSite(database, {
        QUIRE_SECRET: secret,
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: 'correct horse battery staple',
        FORM_SUBMISSIONS_PER_MINUTE: '1000',
        // Tests that count a visitor's calls name their own address.
        TRUST_PROXY: '1',
      });
      ({ server, handle, databaseUrl } = site);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const now = () => Math.floor(Date.now() / 1000);
    const ajax = (fields: Record<string, string | string[]>) => postAjax(server.url, fields);

    let counter = 0;
    /**
     * A booking: knife sharpening for 2 ($90.00), lunch ($12.50), the materials fee ($7.50):
     * $110.00 before a coupon.
     */
    const order = (overrides: Record<string, string | string[]> = {}) => ({
      action: 'qforms_submit',
      'qforms[id]': String(booking),
      'qforms[token]': issueFormToken(secret, booking, Date.now() - 60_000).token,
      'qforms[submission_id]': `test-${++counter}-${Math.random()}`,
      'qforms[fields][1][first]': 'Ada',
      'qforms[fields][1][last]': 'Lovelace',
      'qforms[fields][2]': 'ada@example.org',
      'qforms[fields][3]': `Booking ${counter}`,
      'qforms[fields][5][value]': 'knives',
      'qforms[fields][5][quantity]': '2',
      'qforms[fields][6][]': 'lunch',
      'qforms[fields][7][value]': '',
      'qforms[fields][7][quantity]': '1',
      'qforms[fields][9]': '',
      'qforms[fields][11]': '',
      start_timestamp: String(now() - 60),
      end_timestamp: String(now()),
      page_url: '/workshop-booking/',
      ...overrides,
    });
    const entryCount = async () =>
      Number(
        (
          await handle.db
            .selectFrom('form_entries')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('form_id', '=', booking)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const cli = (...args: string[]) => runQuire(args, { DATABASE_URL: databaseUrl });

    it('renders prices in the site currency and a total to send back; a bank-transfer form shows no card field', async () => {
      const html = await (await fetch(`${server.url}/workshop-booking/`)).text();
      expect(html).toContain('$85.00');
      expect(html).toContain('Starter kit – $30.00');
      expect(html).toContain('name="qforms[fields][5][quantity]"');
      // The materials fee is always in the order: $7.50 until the visitor chooses more.
      expect(html).toMatch(/name="qforms\[total\]" value="750"/);
      expect(html).toContain('<table class="qforms-order-summary">');
      expect(html).not.toMatch(/autocomplete="cc-/i);
    });

    it('takes an offline order: the server’s summary and total, awaiting payment, never called booked, mailed at once with the instructions', async () => {
      const { status, answer } = await ajax(
        order({
          'qforms[total]': '11000',
          // A card field the form does not have is not kept.
          'qforms[fields][13][brand]': 'visa',
          'qforms[fields][13][last4]': '4242',
          'qforms[fields][13][token]': '',
        }),
      );
      expect(status).toBe(200);
      expect(answer.success).toBe(true);
      const entry = await handle.db
        .selectFrom('form_entries')
        .selectAll()
        .where('form_id', '=', booking)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const confirmation = answer.data.confirmation as string;
      expect(confirmation).toContain('Thank you, your places are held.');
      expect(confirmation).toContain(
        `Your order number is ${entry.id}. We have received it, and it is awaiting your payment of $110.00.`,
      );
      expect(confirmation).toContain('IBAN GB33');
      // The form's message says "booked": that is for a paid order only.
      expect(confirmation).not.toContain('booked');
      expect(entry).toMatchObject({
        payment_status: 'awaiting',
        payment_provider: 'offline',
        currency: 'USD',
        card_brand: null,
        card_last4: null,
        coupon_code: null,
      });
      expect(Number(entry.total)).toBe(11000);
      expect(JSON.parse(entry.order_summary ?? '{}')).toEqual({
        rows: [
          {
            fieldId: 5,
            label: 'Workshop',
            choice: 'Knife sharpening (Sunday 10:00–13:00)',
            quantity: 2,
            unitPrice: 4500,
            amount: 9000,
          },
          {
            fieldId: 6,
            label: 'Extras',
            choice: 'Lunch from the bakery',
            quantity: 1,
            unitPrice: 1250,
            amount: 1250,
          },
          {
            fieldId: 8,
            label: 'Materials fee',
            choice: '',
            quantity: 1,
            unitPrice: 750,
            amount: 750,
          },
        ],
        subtotal: 11000,
        total: 11000,
      });
      const fields = JSON.parse(entry.fields) as Array<{ id: number; value: string }>;
      expect(fields.find((f) => f.id === 5)?.value).toBe(
        'Knife sharpening (Sunday 10:00–13:00) × 2  $90.00',
      );
      const mails = await handle.db.selectFrom('mail_outbox').select('message').execute();
      const visitorMail = mails
        .map((m) => m.message)
        .find((m) => m.includes(`Your order ${entry.id} at Field Notes`));
      expect(visitorMail).toBeDefined();
      expect(visitorMail).toContain('Total  $110.00');
      expect(visitorMail).toContain('Please pay by bank transfer');
      expect(visitorMail).toContain('Payment: awaiting payment');
      // Mailed at once: an offline order waits for nothing before its mails go.
      const held = await handle.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('status', '=', 'held')
        .execute();
      expect(held).toHaveLength(0);
      const ownerMail = mails
        .map((m) => m.message)
        .find((m) => m.includes(`New order ${entry.id}: Workshop booking`));
      expect(ownerMail).toContain('owner@example.org');
    });

    it('refuses a total other than the one it computes, and stores nothing', async () => {
      const before = await entryCount();
      const { status, answer } = await ajax(order({ 'qforms[total]': '100' }));
      expect(status).toBe(409);
      expect(answer.success).toBe(false);
      expect(answer.data.errors.general.header).toBe(
        'The total has changed to $110.00. Please check the order summary and submit again.',
      );
      expect(await entryCount()).toBe(before);
    });

    it('refuses quantities out of range, unknown choices, a price below the minimum and a missing payment', async () => {
      const before = await entryCount();
      const cases: Array<[Record<string, string | string[]>, string, string]> = [
        [
          { 'qforms[fields][5][quantity]': '7' },
          '5[quantity]',
          'Please enter a quantity from 1 to 6.',
        ],
        [
          { 'qforms[fields][5][quantity]': '0' },
          '5[quantity]',
          'Please enter a quantity from 1 to 6.',
        ],
        [{ 'qforms[fields][5][value]': 'free-lunch' }, '5', formMessages.invalidChoice],
        [{ 'qforms[fields][6][]': ['lunch', 'caviar'] }, '6', formMessages.invalidChoice],
        [
          { 'qforms[fields][6][]': ['lunch', 'notebook', 'apron'] },
          '6',
          'You have exceeded the number of allowed selections: 2.',
        ],
        [{ 'qforms[fields][9]': '2.99' }, '9', 'Amount entered is less than the required minimum.'],
        [{ 'qforms[fields][5][value]': '' }, '5', 'Payment is required.'],
        [{ 'qforms[fields][11]': 'NOSUCHCODE' }, '11', formMessages.couponInvalid],
      ];
      for (const [overrides, key, message] of cases) {
        const { status, answer } = await ajax(order(overrides));
        expect(status, JSON.stringify(overrides)).toBe(422);
        expect(answer.data.errors.field[key], JSON.stringify(overrides)).toBe(message);
      }
      expect(await entryCount()).toBe(before);
    });

    it('checks coupons by their dates, uses and form, and applies the demo’s code with the order', async () => {
      const check = (code: string, formId = booking) =>
        ajax({ action: 'qforms_check_coupon', form_id: String(formId), code });
      expect((await check('fieldnotes15')).answer).toEqual({
        success: true,
        data: { code: 'FIELDNOTES15', kind: 'percent', amount: 1500 },
      });
      const day = 86_400_000;
      await createCoupon(handle.db, {
        code: 'LATER',
        kind: 'fixed',
        amount: 500,
        startsAt: Date.now() + day,
      });
      await createCoupon(handle.db, {
        code: 'GONE',
        kind: 'fixed',
        amount: 500,
        endsAt: Date.now() - day,
      });
      await createCoupon(handle.db, {
        code: 'CONTACTONLY',
        kind: 'fixed',
        amount: 500,
        formId: contact,
      });
      const used = await createCoupon(handle.db, {
        code: 'USED',
        kind: 'fixed',
        amount: 500,
        maxUses: 1,
      });
      await handle.db.updateTable('form_coupons').set({ uses: 1 }).where('id', '=', used).execute();
      // Not yet valid, expired, another form's, used up, unknown: one answer, so trying codes
      // tells nobody which exist.
      for (const code of ['LATER', 'GONE', 'CONTACTONLY', 'USED', 'NOSUCHCODE', 'what?']) {
        const { answer } = await check(code);
        expect(answer).toEqual({
          success: false,
          data: { message: paymentMessages.couponInvalid },
        });
      }
      expect((await check('FIELDNOTES15', contact)).status).toBe(404);

      // 15% of $110.00 is $16.50.
      const { answer } = await ajax(
        order({ 'qforms[fields][11]': 'fieldnotes15', 'qforms[total]': '9350' }),
      );
      expect(answer.success).toBe(true);
      const entry = await handle.db
        .selectFrom('form_entries')
        .select(['total', 'coupon_code', 'order_summary'])
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(Number(entry.total)).toBe(9350);
      expect(entry.coupon_code).toBe('FIELDNOTES15');
      expect(JSON.parse(entry.order_summary ?? '{}').coupon).toEqual({
        code: 'FIELDNOTES15',
        discount: 1650,
      });
    });

    it('gives the last use of a coupon to one of 20 orders sent at once', async () => {
      await createCoupon(handle.db, { code: 'LASTONE', kind: 'fixed', amount: 1000, maxUses: 1 });
      const before = await entryCount();
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          ajax(order({ 'qforms[fields][11]': 'LASTONE', 'qforms[total]': '10000' })),
        ),
      );
      const accepted = results.filter((r) => r.answer.success);
      const refused = results.filter((r) => !r.answer.success);
      expect(accepted).toHaveLength(1);
      expect(refused).toHaveLength(19);
      for (const r of refused)
        expect(r.answer.data.errors.field['11']).toBe(paymentMessages.couponInvalid);
      expect(await entryCount()).toBe(before + 1);
      const coupon = await handle.db
        .selectFrom('form_coupons')
        .select('uses')
        .where('code', '=', 'LASTONE')
        .executeTakeFirstOrThrow();
      expect(coupon.uses).toBe(1);
    }, 60_000);

    it('lists orders with their payment in the CLI, exports them as CSV, and counts a purchase once when paid', async () => {
      const entry = await handle.db
        .selectFrom('form_entries')
        .select(['id', 'total'])
        .where('form_id', '=', booking)
        .where('payment_status', '=', 'awaiting')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const list = await cli('entries', 'list', '--form', String(booking), '--limit', '1');
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout).toContain(`#${entry.id}`);
      expect(list.stdout).toMatch(/Payment: AWAITING {2}USD \d+\.\d\d {2}\(offline/);
      expect(list.stdout).toContain(
        'Workshop: Knife sharpening (Sunday 10:00–13:00) × 2  USD 90.00',
      );

      const file = join(server.dataDir, 'orders.csv');
      const exported = await cli('entries', 'export', '--form', String(booking), file);
      expect(exported.code, exported.stderr).toBe(0);
      const csv = readFileSync(file, 'utf8');
      expect(csv.split('\n')[0]).toContain(
        'Payment status,Total,Currency,Order summary,Coupon,Card',
      );
      expect(csv).toContain('awaiting,');

      const purchases = () =>
        handle.db
          .selectFrom('stat_hits')
          .selectAll()
          .where('event_action', '=', 'purchase')
          .execute();
      expect(await purchases()).toHaveLength(0);
      const paid = await cli('entries', 'payment', String(entry.id), 'paid');
      expect(paid.code, paid.stderr).toBe(0);
      expect(paid.stdout).toContain(`Entry ${entry.id}: payment paid.`);
      const again = await cli('entries', 'payment', String(entry.id), 'paid');
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain(`Entry ${entry.id} was already paid.`);
      const refunded = await cli('entries', 'payment', String(entry.id), 'refunded');
      expect(refunded.code, refunded.stderr).toBe(0);
      // Forward only: a refunded order is never paid again.
      expect(await cli('entries', 'payment', String(entry.id), 'paid')).toMatchObject({
        code: 2,
        stderr: expect.stringContaining('moves forward only'),
      });
      const counted = await purchases();
      expect(counted).toHaveLength(1);
      expect(counted[0]).toMatchObject({
        type: 'event',
        event_category: 'ecommerce',
        event_label: 'USD',
        path: '/workshop-booking/',
      });
      expect(Number(counted[0]?.event_value)).toBe(Number(entry.total));
      const row = await handle.db
        .selectFrom('form_entries')
        .select('payment_status')
        .where('id', '=', entry.id)
        .executeTakeFirstOrThrow();
      expect(row.payment_status).toBe('refunded');
      expect(await cli('entries', 'payment', String(entry.id), 'gone')).toMatchObject({
        code: 2,
      });
      // Seven runs of the command line, each a Node process loading TypeScript: seconds each
      // on a busy machine.
    }, 120_000);

    /** A one-page offline shop whose owner kept the contact form's default thanks. */
    const ticketShop = async (slug: string) => {
      const id = (
        await saveForm(handle, {
          title: `Tickets ${slug}`,
          fields: [
            { id: 1, type: 'email', label: 'Email', required: true },
            { id: 2, type: 'payment-single', label: 'Ticket', price: 2500 },
            { id: 3, type: 'payment-single', label: 'Gift', priceType: 'user' },
            { id: 4, type: 'payment-coupon', label: 'Coupon' },
            { id: 5, type: 'payment-total', label: 'Total' },
          ],
        })
      ).id;
      await savePost(handle, {
        type: 'page',
        title: `Tickets ${slug}`,
        slug,
        body: `[form id="${id}"]\n`,
        status: 'published',
      });
      const send = (overrides: Record<string, string> = {}) =>
        ajax({
          action: 'qforms_submit',
          'qforms[id]': String(id),
          'qforms[token]': issueFormToken(secret, id, Date.now() - 60_000).token,
          'qforms[submission_id]': `ticket-order-${slug}-0001`,
          'qforms[fields][1]': `${slug}@example.org`,
          'qforms[fields][2][quantity]': '1',
          'qforms[fields][3]': '',
          'qforms[fields][4]': '',
          start_timestamp: String(now() - 60),
          end_timestamp: String(now()),
          page_url: `/${slug}/`,
          ...overrides,
        });
      const entries = () =>
        handle.db.selectFrom('form_entries').selectAll().where('form_id', '=', id).execute();
      return { id, send, entries };
    };

    it('confirms an order with order wording, never the contact form’s “Thanks for contacting us!”', async () => {
      const shop = await ticketShop('tickets-wording');
      const { answer } = await shop.send();
      expect(answer.success).toBe(true);
      const confirmation = answer.data.confirmation as string;
      expect(confirmation).toContain('Thank you for your order.');
      expect(confirmation).toContain('awaiting your payment of $25.00');
      expect(confirmation).not.toContain('Thanks for contacting us');
    });

    it('refuses a pay-what-you-want amount below zero instead of charging it as a positive one', async () => {
      const shop = await ticketShop('tickets-negative');
      const { status, answer } = await shop.send({ 'qforms[fields][3]': '-50' });
      expect(status).toBe(422);
      expect(answer.data.errors.field['3']).toBe('Please enter an amount, such as $25.00.');
      expect(await shop.entries()).toHaveLength(0);
    });

    it('never answers an order judged spam as placed: the visitor is asked to send it again, and then it is placed', async () => {
      const shop = await ticketShop('tickets-spam');
      // Sent a second after the form was served: faster than a person fills it in.
      const tooFast = {
        'qforms[token]': issueFormToken(secret, shop.id, Date.now()).token,
        start_timestamp: String(now()),
        end_timestamp: String(now()),
      };
      const first = await shop.send(tooFast);
      expect(first.status).toBe(400);
      expect(first.answer.success).toBe(false);
      expect(first.answer.data.errors.general.header).toBe(paymentMessages.orderNotPlaced);
      expect(JSON.stringify(first.answer)).not.toContain('order number');
      expect((await shop.entries()).map((e) => [e.status, e.payment_status])).toEqual([
        ['spam', null],
      ]);
      // The same order sent again, once enough time has passed, is placed.
      const again = await shop.send();
      expect(again.answer.success).toBe(true);
      expect(again.answer.data.confirmation).toContain('Your order number is');
      const placed = (await shop.entries()).filter((e) => e.status === 'entry');
      expect(placed).toHaveLength(1);
      expect(placed[0]?.payment_status).toBe('awaiting');
    });

    it('marks an order a coupon makes free as paid, with nothing to pay', async () => {
      await createCoupon(handle.db, { code: 'ALLFREE', kind: 'percent', amount: 10000 });
      const shop = await ticketShop('tickets-free');
      const { answer } = await shop.send({ 'qforms[fields][4]': 'allfree' });
      expect(answer.success).toBe(true);
      expect(answer.data.confirmation).toContain('There is nothing to pay.');
      const [entry] = await shop.entries();
      expect(entry?.payment_status).toBe('paid');
      expect(Number(entry?.total)).toBe(0);
    });

    it('flags a form set to take cards on a site without Stripe’s keys, and places no order through it rather than a bank transfer', async () => {
      const id = (await saveForm(handle, cardBookingDefinition('Cards without keys'))).id;
      await savePost(handle, {
        type: 'page',
        title: 'Cards without keys',
        slug: 'cards-without-keys',
        body: `[form id="${id}"]\n`,
        status: 'published',
      });
      const html = await (await fetch(`${server.url}/cards-without-keys/`)).text();
      expect(html).toContain(viewMessages.cardNotOffered);
      expect(html).not.toMatch(/autocomplete="cc-/i);
      const { status, answer } = await ajax({
        ...order({ 'qforms[total]': '11000' }),
        'qforms[id]': String(id),
        'qforms[token]': issueFormToken(secret, id, Date.now() - 60_000).token,
      });
      expect(status).toBe(503);
      expect(answer.data.errors.general.header).toBe(paymentMessages.cardNotOffered);
      const stored = await handle.db
        .selectFrom('form_entries')
        .select('id')
        .where('form_id', '=', id)
        .execute();
      expect(stored).toHaveLength(0);
      // The owner is told, in the builder and in Settings → Payments.
      const owner = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const cookie = `${sessionCookieName}=${await createSession(handle.db, owner.id)}`;
      const escaped = paymentMessages.problemNoStripeKeys.replace(/’/g, '&#x27;');
      const screen = async (path: string) =>
        (await fetch(`${server.url}${path}`, { headers: { cookie } })).text();
      const builder = await screen(`/admin/forms/${id}`);
      expect(
        builder.includes(paymentMessages.problemNoStripeKeys) || builder.includes(escaped),
      ).toBe(true);
      // Settings → Payments lists it (the tab's island, given the list by the server).
      const settings = await screen('/admin/settings');
      const props = /data-admin-island="SettingsScreen" data-props="([^"]*)"/.exec(settings)?.[1];
      const list = JSON.parse((props ?? '{}').replace(/&quot;/g, '"').replace(/&#39;/g, "'"));
      expect(list.paymentProblems).toEqual([
        { id, title: 'Cards without keys', problem: paymentMessages.problemNoStripeKeys },
      ]);
    });

    it('limits the coupon check, so codes cannot be guessed one after another', async () => {
      // Another visitor's address: the test's other checks count against their own.
      const headers = { 'x-forwarded-for': '203.0.113.77' };
      const check = (code: string) =>
        postAjax(
          server.url,
          { action: 'qforms_check_coupon', form_id: String(booking), code },
          headers,
        );
      const answers = [];
      for (let i = 0; i < 11; i++) answers.push(await check(`GUESS${i}`));
      expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(answers[10]?.status).toBe(429);
    });
  });
}
