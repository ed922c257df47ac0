import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { formMessages } from '../../src/features/forms/messages.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { paymentAdminMessages, paymentMessages } from '../../src/features/payments/messages.ts';
import {
  cardStepAbandonedAfterMs,
  endAbandonedCardPayments,
} from '../../src/features/payments/server/abandoned-card-payments.ts';
import { createCoupon } from '../../src/features/payments/server/coupons.ts';
import { writePaymentSettings } from '../../src/features/payments/server/payment-settings-store.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { createLogger } from '../../src/platform/log.ts';
import { createPaymentsDependencies } from '../../src/server/payments-wiring.ts';
import { postAjax } from '../support/ajax-post.ts';
import { cardBookingDefinition } from '../support/card-booking.ts';
import { testDatabases } from '../support/databases.ts';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'stripe-http-test-secret-0123456789abcdefgh';
const webhookSecret = 'whsec_standin0123456789';

/**
 * Card orders through the Stripe adapter against a local stand-in of Stripe's API: paid,
 * declined, 3-D Secure completed by the browser's step, Stripe out of reach, and signed
 * webhooks (replays and forgeries refused). Once per database.
 */
for (const database of testDatabases()) {
  describe(`card payments with Stripe on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;
    let stripe: StripeStandIn;
    let formId: number;

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      stripe = await startStripeStandIn();
      const databaseUrl =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      server = await startTestServer({
        QUIRE_SECRET: secret,
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: 'correct horse battery staple',
        FORM_SUBMISSIONS_PER_MINUTE: '1000',
        STRIPE_SECRET_KEY: 'sk_test_standin',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_URL: stripe.url,
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      });
      handle = connectDatabase(
        databaseUrl
          ? { kind: 'postgres', url: databaseUrl }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
      // The page loads the stand-in's Stripe.js (the owner's setting for the script's address).
      await writePaymentSettings(handle.db, { stripeScriptUrl: `${stripe.url}/v3/` });
      formId = (await saveForm(handle, cardBookingDefinition())).id;
      await savePost(handle, {
        type: 'page',
        title: 'Card booking',
        slug: 'card-booking',
        body: `Book and pay by card.\n\n[form id="${formId}"]\n`,
        status: 'published',
      });
    }, 90_000);
    afterAll(async () => {
      await handle?.db.destroy();
      await server?.stop();
      await stripe?.close();
    });

    const now = () => Math.floor(Date.now() / 1000);
    const ajax = (fields: Record<string, string | string[]>) => postAjax(server.url, fields);
    let counter = 0;
    /** Knife sharpening for 2 and the materials fee: $97.50. */
    const order = (paymentMethod: string, overrides: Record<string, string> = {}) => ({
      action: 'qforms_submit',
      'qforms[id]': String(formId),
      'qforms[token]': issueFormToken(secret, formId, Date.now() - 60_000).token,
      'qforms[submission_id]': `card-${++counter}`,
      'qforms[fields][1][first]': 'Grace',
      'qforms[fields][1][last]': 'Hopper',
      // An address per order: a buyer's copies are limited to 5 an hour per address.
      'qforms[fields][2]': `grace+${counter}@example.org`,
      'qforms[fields][3]': `Card order ${counter}`,
      'qforms[fields][5][value]': 'knives',
      'qforms[fields][5][quantity]': '2',
      'qforms[fields][7][value]': '',
      'qforms[fields][7][quantity]': '1',
      'qforms[fields][13][token]': paymentMethod,
      'qforms[fields][13][brand]': 'visa',
      'qforms[fields][13][last4]': '4242',
      'qforms[total]': '9750',
      start_timestamp: String(now() - 60),
      end_timestamp: String(now()),
      page_url: '/card-booking/',
      ...overrides,
    });
    const lastEntry = () =>
      handle.db
        .selectFrom('form_entries')
        .selectAll()
        .where('form_id', '=', formId)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    const purchases = async (entryPath = '/card-booking/') =>
      (
        await handle.db
          .selectFrom('stat_hits')
          .selectAll()
          .where('event_action', '=', 'purchase')
          .where('path', '=', entryPath)
          .execute()
      ).length;

    const couponUses = async (code: string) =>
      (
        await handle.db
          .selectFrom('form_coupons')
          .select('uses')
          .where('code', '=', code)
          .executeTakeFirstOrThrow()
      ).uses;
    /** The mails about an order: its "New order" mail and the buyer's copy, sent or held. */
    /**
     * The order's two mails, to the owner and to the customer, are let go: waiting for the
     * outbox, or already taken by it (it sends as soon as it looks, which may be before this).
     */
    const expectReleased = (mails: { status: string }[]) => {
      expect(mails).toHaveLength(2);
      for (const mail of mails) expect(['pending', 'sent']).toContain(mail.status);
    };
    const orderMails = (entryId: number) =>
      handle.db
        .selectFrom('mail_outbox')
        .select(['status', 'message'])
        .where((eb) =>
          eb.or([
            eb('message', 'like', `%New order ${entryId}:%`),
            eb('message', 'like', `%Your order ${entryId} at%`),
          ]),
        )
        .execute();
    const paymentStatus = async (entryId: number) =>
      (
        await handle.db
          .selectFrom('form_entries')
          .select('payment_status')
          .where('id', '=', entryId)
          .executeTakeFirstOrThrow()
      ).payment_status;
    const event = (id: string, type: string, object: Record<string, unknown>) =>
      JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', data: { object } });
    const webhook = (payload: string, signature?: string) =>
      fetch(`${server.url}/payments/stripe/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature':
            signature ??
            Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
        },
        body: payload,
      });
    /** A PaymentIntent event as Stripe sends it: its id, amount, currency and metadata. */
    const intentEvent = (
      id: string,
      type: string,
      intent: { id: string; amount: number; entryId: number; currency?: string },
    ) =>
      event(id, type, {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        currency: intent.currency ?? 'usd',
        metadata: { quire_entry: String(intent.entryId) },
      });
    /** The payments' chores as a serving process runs them, on this site's database. */
    const payments = () =>
      createPaymentsDependencies({
        db: handle.db,
        secret,
        log: createLogger('silent'),
        stripe: {
          secretKey: 'sk_test_standin',
          publishableKey: 'pk_test_standin',
          webhookSecret,
          apiUrl: stripe.url,
        },
      });
    /** Starts a 3-D Secure order: its entry, PaymentIntent and what the browser completes it with. */
    const startSecureOrder = async (overrides: Record<string, string> = {}) => {
      const sent = order('pm_card_authenticationRequired', overrides);
      const { answer } = await ajax(sent);
      expect(answer.data.action_required).toBe(true);
      const { client_secret: clientSecret, entry_id: entryId, proof } = answer.data.payment;
      const reference = (clientSecret as string).split('_secret_')[0] as string;
      const complete = (extra: Record<string, string> = {}) =>
        ajax({
          action: 'qforms_payment_complete',
          form_id: String(formId),
          entry_id: String(entryId),
          payment_intent: reference,
          proof,
          ...extra,
        });
      return { sent, entryId: entryId as number, reference, clientSecret, complete };
    };

    it('gives the page the publishable key and Stripe’s addresses, never the secret key, and card inputs without names', async () => {
      const response = await fetch(`${server.url}/card-booking/`);
      const html = await response.text();
      expect(html).toContain('pk_test_standin');
      expect(html).toContain(`${stripe.url}/v3/`);
      expect(html).not.toContain('sk_test_standin');
      expect(html).not.toContain(webhookSecret);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(new RegExp(`script-src[^;]*${stripe.url.replace(/\./g, '\\.')}`));
      expect(policy).toMatch(new RegExp(`connect-src[^;]*${stripe.url.replace(/\./g, '\\.')}`));
      const cardInputs = html.match(/<input[^>]+autocomplete="cc-[^"]+"[^>]*>/gi) ?? [];
      expect(cardInputs).toHaveLength(3);
      for (const input of cardInputs) expect(input).not.toMatch(/\sname=/);
      expect(html).toContain('name="qforms[fields][13][last4]"');
    });

    it('never keeps a card number or code, even when a request sends one', async () => {
      const { answer } = await ajax(
        order('pm_card_visa', {
          'qforms[fields][13][number]': '4242424242424242',
          'qforms[fields][13][cvc]': '123',
          'qforms[fields][13][expiry]': '12/30',
        }),
      );
      expect(answer.success).toBe(true);
      const rows = await handle.db.selectFrom('form_entries').selectAll().execute();
      const outbox = await handle.db.selectFrom('mail_outbox').select('message').execute();
      const everything = JSON.stringify([rows, outbox]);
      expect(everything).not.toContain('4242424242424242');
      expect(everything).not.toContain('12/30');
      expect(server.errorOutput()).toContain('card details, which the form never sends');
    });

    it('charges the total the server computed, marks the order paid, counts the purchase, then mails it as paid', async () => {
      const before = await purchases();
      const { status, answer } = await ajax(order('pm_card_visa'));
      expect(status).toBe(200);
      expect(answer.success).toBe(true);
      const entry = await lastEntry();
      expect(answer.data.confirmation).toContain('Thank you, your places are booked.');
      expect(answer.data.confirmation).toContain(
        `Your order number is ${entry.id}. Your payment of $97.50 has been received.`,
      );
      expect(answer.data.confirmation).not.toContain('bank transfer');
      expect(entry).toMatchObject({ payment_status: 'paid', payment_provider: 'stripe' });
      const intent = stripe.intents.get(entry.payment_reference ?? '');
      expect(intent).toMatchObject({
        amount: 9750,
        currency: 'usd',
        payment_method: 'pm_card_visa',
        metadata: { quire_entry: String(entry.id), quire_form: String(formId) },
      });
      const create = stripe.requests.find(
        (r) =>
          r.path === '/v1/payment_intents' &&
          r.form.get('metadata[quire_entry]') === String(entry.id),
      );
      expect(create?.idempotencyKey).toBe(`quire-entry-${entry.id}-pm_card_visa`);
      expect(create?.authorization).toBe('Bearer sk_test_standin');
      expect(await purchases()).toBe(before + 1);
      const mails = await orderMails(entry.id);
      expectReleased(mails);
      for (const mail of mails) expect(mail.message).toContain('Payment: paid');
    });

    it('asks for the card when the order has a total and no card token came', async () => {
      const { status, answer } = await ajax(order(''));
      expect(status).toBe(422);
      expect(answer.data.errors.field['13[number]']).toBe(formMessages.cardDetailsRequired);
    });

    it('declines a card: no thanks and no "New order" mail, the order failed, its coupon use back, and the same submission sent again is a new attempt', async () => {
      await createCoupon(handle.db, { code: 'ONCE', kind: 'fixed', amount: 500, maxUses: 1 });
      const declined = order('pm_card_chargeDeclined', {
        'qforms[fields][11]': 'ONCE',
        'qforms[total]': '9250',
      });
      const first = await ajax(declined);
      expect(first.status).toBe(402);
      expect(first.answer.data.errors.field['13[number]']).toBe(
        'The card was not accepted: Your card was declined.',
      );
      expect(JSON.stringify(first.answer)).not.toMatch(/booked|order number/i);
      const failed = await lastEntry();
      expect(failed.payment_status).toBe('failed');
      expect(await orderMails(failed.id)).toEqual([]);
      expect(await couponUses('ONCE')).toBe(0);
      // The same filled-in form again (the same card, the same answers): a new attempt, not a
      // repeat of the failed one answered as if it had been booked.
      const again = await ajax(declined);
      expect(again.status).toBe(402);
      expect((await lastEntry()).id).toBeGreaterThan(failed.id);
      expect(await couponUses('ONCE')).toBe(0);
      // With another card, the coupon is still there for them.
      const paid = await ajax({ ...declined, 'qforms[fields][13][token]': 'pm_card_mastercard' });
      expect(paid.answer.success).toBe(true);
      expect(await couponUses('ONCE')).toBe(1);
    });

    it('answers action_required for 3-D Secure and finishes once the browser completed the step, mails held until then', async () => {
      const secure = await startSecureOrder();
      expect(await paymentStatus(secure.entryId)).toBe('awaiting');
      const held = await orderMails(secure.entryId);
      expect(held.map((m) => m.status)).toEqual(['held', 'held']);
      // Before the bank's step: not confirmed, and another browser cannot ask.
      expect((await secure.complete({ proof: 'forged' })).status).toBe(404);
      await fetch(`${stripe.url}/test/authenticate`, {
        method: 'POST',
        body: new URLSearchParams({ client_secret: secure.clientSecret }),
      });
      const done = await secure.complete();
      expect(done.answer.success).toBe(true);
      expect(done.answer.data.confirmation).toContain(
        `Your order number is ${secure.entryId}. Your payment of $97.50 has been received.`,
      );
      expect(await paymentStatus(secure.entryId)).toBe('paid');
      const sent = await orderMails(secure.entryId);
      expectReleased(sent);
    });

    it('holds one coupon use per order however often an unfinished 3-D Secure step is reported, and gives it back once when the step is abandoned', async () => {
      await createCoupon(handle.db, { code: 'HALF', kind: 'percent', amount: 5000, maxUses: 1 });
      const withCoupon = { 'qforms[fields][11]': 'HALF', 'qforms[total]': '4875' };
      const secure = await startSecureOrder(withCoupon);
      expect(await couponUses('HALF')).toBe(1);
      // The browser reports the unfinished step again and again: nothing changes.
      for (let i = 0; i < 3; i++) {
        const { status, answer } = await secure.complete();
        expect(status).toBe(402);
        expect(answer.data.errors.field['13[number]']).toBe(paymentMessages.cardNotConfirmed);
      }
      expect(await paymentStatus(secure.entryId)).toBe('awaiting');
      expect(await couponUses('HALF')).toBe(1);
      // So the one use is not there for a second order at half price.
      const second = await ajax(order('pm_card_visa', withCoupon));
      expect(second.status).toBe(422);
      expect(second.answer.data.errors.field['11']).toBe(paymentMessages.couponInvalid);
      // An hour later the step counts as abandoned: cancelled at Stripe, the order failed, the
      // use given back, once however many processes sweep.
      const later = Date.now() + cardStepAbandonedAfterMs + 60_000;
      await Promise.all([
        endAbandonedCardPayments(payments(), later),
        endAbandonedCardPayments(payments(), later),
      ]);
      expect(stripe.intents.get(secure.reference)?.status).toBe('canceled');
      expect(await paymentStatus(secure.entryId)).toBe('failed');
      expect(await couponUses('HALF')).toBe(0);
      expect(await orderMails(secure.entryId)).toEqual([]);
      // The visitor finishing the step after all is told it was not confirmed; nothing moves.
      expect((await secure.complete()).status).toBe(402);
      expect(await couponUses('HALF')).toBe(0);
    });

    it('treats the same submission sent again after an unfinished bank step as a new attempt, ending the old one', async () => {
      const secure = await startSecureOrder();
      const again = await ajax({ ...secure.sent, 'qforms[fields][13][token]': 'pm_card_visa' });
      expect(again.answer.success).toBe(true);
      expect(again.answer.data.confirmation).toContain('Your payment of $97.50 has been received.');
      expect(stripe.intents.get(secure.reference)?.status).toBe('canceled');
      expect(await paymentStatus(secure.entryId)).toBe('failed');
      expect((await lastEntry()).payment_status).toBe('paid');
    });

    it('says so when Stripe cannot be reached, and keeps the order as failed', async () => {
      const { status, answer } = await ajax(order('pm_unreachable'));
      expect(status).toBe(503);
      expect(answer.data.errors.general.header).toBe(formMessages.cardUnavailable);
      expect((await lastEntry()).payment_status).toBe('failed');
    }, 60_000);

    it('marks orders paid or refunded by signed webhooks, once per event, and refuses forgeries', async () => {
      const secure = await startSecureOrder();
      const { entryId, reference } = secure;
      const succeeded = intentEvent('evt_paid_1', 'payment_intent.succeeded', {
        id: reference,
        amount: 9750,
        entryId,
      });
      const before = await purchases();
      expect((await webhook(succeeded)).status).toBe(200);
      expect((await webhook(succeeded)).status).toBe(200);
      expect(await paymentStatus(entryId)).toBe('paid');
      expect(await purchases()).toBe(before + 1);
      const events = await handle.db
        .selectFrom('payment_events')
        .selectAll()
        .where('event_id', '=', 'evt_paid_1')
        .execute();
      expect(events).toHaveLength(1);
      expect(events[0]?.outcome).toBe('applied');
      expectReleased(await orderMails(entryId));

      const refunded = event('evt_refund_1', 'charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        refunded: true,
        amount: 9750,
        currency: 'usd',
        payment_intent: reference,
        metadata: {},
      });
      expect((await webhook(refunded)).status).toBe(200);
      expect(await paymentStatus(entryId)).toBe('refunded');

      const forged = intentEvent('evt_forged', 'payment_intent.payment_failed', {
        id: reference,
        amount: 9750,
        entryId,
      });
      const wrongKey = Stripe.webhooks.generateTestHeaderString({
        payload: forged,
        secret: 'whsec_other',
      });
      expect((await webhook(forged, wrongKey)).status).toBe(400);
      expect((await webhook(forged, 't=1,v1=00')).status).toBe(400);
      // A signature of another body does not carry over.
      expect(
        (
          await webhook(
            forged,
            Stripe.webhooks.generateTestHeaderString({ payload: refunded, secret: webhookSecret }),
          )
        ).status,
      ).toBe(400);
      expect(await paymentStatus(entryId)).toBe('refunded');
      // A late success after the refund, even a new event, never makes it paid again.
      const late = intentEvent('evt_paid_late', 'payment_intent.succeeded', {
        id: reference,
        amount: 9750,
        entryId,
      });
      expect((await webhook(late)).status).toBe(200);
      expect(await paymentStatus(entryId)).toBe('refunded');
      expect(await purchases()).toBe(before + 1);
      const lateEvent = await handle.db
        .selectFrom('payment_events')
        .select('outcome')
        .where('event_id', '=', 'evt_paid_late')
        .executeTakeFirstOrThrow();
      expect(lateEvent.outcome).toBe('ignored:not-allowed');
    });

    it('applies an event only to its own order: another payment’s id, amount or currency is recorded and ignored', async () => {
      const { status } = await ajax(order('pm_card_chargeDeclined'));
      expect(status).toBe(402);
      const failed = await lastEntry();
      expect(failed.payment_status).toBe('failed');
      const strangers = [
        // Another payment of 1 cent, naming this order in its metadata.
        { id: 'pi_other_1', amount: 1, entryId: failed.id },
        // Another payment of the same amount.
        { id: 'pi_other_2', amount: 9750, entryId: failed.id },
        // This order's payment, in another currency.
        { id: failed.payment_reference ?? '', amount: 9750, entryId: failed.id, currency: 'eur' },
        // This order's payment, for another amount.
        { id: failed.payment_reference ?? '', amount: 1, entryId: failed.id },
      ];
      for (const [index, intent] of strangers.entries()) {
        const response = await webhook(
          intentEvent(`evt_stranger_${index}`, 'payment_intent.succeeded', intent),
        );
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual({ received: true });
      }
      expect(await paymentStatus(failed.id)).toBe('failed');
      const recorded = await handle.db
        .selectFrom('payment_events')
        .select(['event_id', 'outcome'])
        .where('event_id', 'like', 'evt_stranger_%')
        .orderBy('event_id')
        .execute();
      expect(recorded).toHaveLength(4);
      expect(recorded.map((row) => row.outcome)).toEqual([
        'ignored:other-payment',
        'ignored:other-payment',
        'ignored:other-currency',
        'ignored:other-amount',
      ]);
      expect(server.errorOutput()).toContain('A payment change was not applied to its order');
      // The owner sees them on the order's entry, with why each changed nothing.
      const owner = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const cookie = `${sessionCookieName}=${await createSession(handle.db, owner.id)}`;
      const page = await (
        await fetch(`${server.url}/admin/entries/${failed.id}`, { headers: { cookie } })
      ).text();
      expect(page).toContain(paymentAdminMessages.history);
      expect(page).toContain(paymentAdminMessages.outcomes['ignored:other-payment']);
      expect(page).toContain(paymentAdminMessages.outcomes['ignored:other-amount']);
      // Its own payment, succeeding on a retry, moves the failed order to paid.
      const own = intentEvent('evt_own_retry', 'payment_intent.succeeded', {
        id: failed.payment_reference ?? '',
        amount: 9750,
        entryId: failed.id,
      });
      expect((await webhook(own)).status).toBe(200);
      expect(await paymentStatus(failed.id)).toBe('paid');
    });

    it('takes a failed order’s coupon use again when it is paid after all', async () => {
      await createCoupon(handle.db, { code: 'RETRY', kind: 'fixed', amount: 500, maxUses: 5 });
      const { status } = await ajax(
        order('pm_card_chargeDeclined', { 'qforms[fields][11]': 'RETRY', 'qforms[total]': '9250' }),
      );
      expect(status).toBe(402);
      const failed = await lastEntry();
      expect(await couponUses('RETRY')).toBe(0);
      const own = intentEvent('evt_retry_paid', 'payment_intent.succeeded', {
        id: failed.payment_reference ?? '',
        amount: 9250,
        entryId: failed.id,
      });
      expect((await webhook(own)).status).toBe(200);
      expect(await paymentStatus(failed.id)).toBe('paid');
      expect(await couponUses('RETRY')).toBe(1);
    });
  });
}
