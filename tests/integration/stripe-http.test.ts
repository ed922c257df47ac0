import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { formMessages } from '../../src/features/forms/messages.ts';
import { createCoupon } from '../../src/features/forms/server/coupons.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { writePaymentSettings } from '../../src/features/forms/server/payment-settings-store.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { postAjax } from '../support/ajax-post.ts';
import { testDatabases } from '../support/databases.ts';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'stripe-http-test-secret-0123456789abcdefgh';
const webhookSecret = 'whsec_standin0123456789';

/** The demo's Workshop booking, taking cards with Stripe. */
function cardBookingDefinition() {
  const archive = JSON.parse(readFileSync('demo/forms.json', 'utf8')) as {
    forms: Array<{ id: number; definition: { settings: { payment: Record<string, unknown> } } }>;
  };
  const booking = archive.forms.find((form) => form.id === 3)?.definition;
  if (!booking) throw new Error('demo/forms.json has no form 3');
  return {
    ...booking,
    title: 'Workshop booking by card',
    settings: { ...booking.settings, payment: { ...booking.settings.payment, provider: 'stripe' } },
  };
}

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
      'qforms[fields][2]': 'grace@example.org',
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

    it('gives the page the publishable key and Stripe’s addresses, never the secret key', async () => {
      const response = await fetch(`${server.url}/card-booking/`);
      const html = await response.text();
      expect(html).toContain('pk_test_standin');
      expect(html).toContain(`${stripe.url}/v3/`);
      expect(html).not.toContain('sk_test_standin');
      expect(html).not.toContain(webhookSecret);
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(new RegExp(`script-src[^;]*${stripe.url.replace(/\./g, '\\.')}`));
      expect(policy).toMatch(new RegExp(`connect-src[^;]*${stripe.url.replace(/\./g, '\\.')}`));
    });

    it('charges the total the server computed and marks the order paid, counting the purchase', async () => {
      const { status, answer } = await ajax(order('pm_card_visa'));
      expect(status).toBe(200);
      expect(answer.success).toBe(true);
      const entry = await lastEntry();
      expect(answer.data.confirmation).toContain(
        `Your order number is ${entry.id}. The total is $97.50.`,
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
      expect(await purchases()).toBe(1);
    });

    it('asks for the card when the order has a total and no card token came', async () => {
      const { status, answer } = await ajax(order(''));
      expect(status).toBe(422);
      expect(answer.data.errors.field['13[number]']).toBe(formMessages.cardDetailsRequired);
    });

    it('reports a declined card at the card field, marks the order failed and gives the coupon use back', async () => {
      await createCoupon(handle.db, { code: 'ONCE', kind: 'fixed', amount: 500, maxUses: 1 });
      const { status, answer } = await ajax(
        order('pm_card_chargeDeclined', { 'qforms[fields][11]': 'ONCE', 'qforms[total]': '9250' }),
      );
      expect(status).toBe(402);
      expect(answer.data.errors.field['13[number]']).toBe(
        'The card was not accepted: Your card was declined.',
      );
      expect((await lastEntry()).payment_status).toBe('failed');
      const coupon = await handle.db
        .selectFrom('form_coupons')
        .select('uses')
        .where('code', '=', 'ONCE')
        .executeTakeFirstOrThrow();
      expect(coupon.uses).toBe(0);
      // The visitor tries another card, and the coupon is still there for them.
      const again = await ajax(
        order('pm_card_mastercard', { 'qforms[fields][11]': 'ONCE', 'qforms[total]': '9250' }),
      );
      expect(again.answer.success).toBe(true);
    });

    it('answers action_required for 3-D Secure and finishes once the browser completed the step', async () => {
      const { answer } = await ajax(order('pm_card_authenticationRequired'));
      expect(answer.success).toBe(true);
      expect(answer.data.action_required).toBe(true);
      const { client_secret: clientSecret, entry_id: entryId, proof } = answer.data.payment;
      expect(clientSecret).toMatch(/^pi_standin_\d+_secret_/);
      expect((await lastEntry()).payment_status).toBe('awaiting');
      const reference = clientSecret.split('_secret_')[0];
      const complete = (overrides: Record<string, string> = {}) =>
        ajax({
          action: 'qforms_payment_complete',
          form_id: String(formId),
          entry_id: String(entryId),
          payment_intent: reference,
          proof,
          ...overrides,
        });
      // Before the bank's step: not confirmed.
      expect((await complete({ proof: 'forged' })).status).toBe(404);
      await fetch(`${stripe.url}/test/authenticate`, {
        method: 'POST',
        body: new URLSearchParams({ client_secret: clientSecret }),
      });
      const done = await complete();
      expect(done.answer.success).toBe(true);
      expect(done.answer.data.confirmation).toContain(`Your order number is ${entryId}.`);
      expect((await lastEntry()).payment_status).toBe('paid');
    });

    it('says so when Stripe cannot be reached, and keeps the order as failed', async () => {
      const { status, answer } = await ajax(order('pm_unreachable'));
      expect(status).toBe(503);
      expect(answer.data.errors.general.header).toBe(formMessages.cardUnavailable);
      expect((await lastEntry()).payment_status).toBe('failed');
    }, 60_000);

    it('marks orders paid or refunded by signed webhooks, once per event, and refuses forgeries', async () => {
      const { answer } = await ajax(order('pm_card_authenticationRequired'));
      const entryId = answer.data.payment.entry_id as number;
      const reference = (answer.data.payment.client_secret as string).split(
        '_secret_',
      )[0] as string;
      const event = (id: string, type: string, object: Record<string, unknown>) =>
        JSON.stringify({ id, object: 'event', type, api_version: '2025-01-01', data: { object } });
      const post = (payload: string, signature?: string) =>
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
      const succeeded = event('evt_paid_1', 'payment_intent.succeeded', {
        id: reference,
        object: 'payment_intent',
        metadata: { quire_entry: String(entryId) },
      });
      const before = await purchases();
      expect((await post(succeeded)).status).toBe(200);
      expect((await post(succeeded)).status).toBe(200);
      const status = () =>
        handle.db
          .selectFrom('form_entries')
          .select('payment_status')
          .where('id', '=', entryId)
          .executeTakeFirstOrThrow();
      expect((await status()).payment_status).toBe('paid');
      expect(await purchases()).toBe(before + 1);
      const events = await handle.db
        .selectFrom('payment_events')
        .selectAll()
        .where('event_id', '=', 'evt_paid_1')
        .execute();
      expect(events).toHaveLength(1);

      const refunded = event('evt_refund_1', 'charge.refunded', {
        id: 'ch_1',
        object: 'charge',
        refunded: true,
        payment_intent: reference,
        metadata: {},
      });
      expect((await post(refunded)).status).toBe(200);
      expect((await status()).payment_status).toBe('refunded');

      const forged = event('evt_forged', 'payment_intent.payment_failed', {
        id: reference,
        object: 'payment_intent',
        metadata: { quire_entry: String(entryId) },
      });
      const wrongKey = Stripe.webhooks.generateTestHeaderString({
        payload: forged,
        secret: 'whsec_other',
      });
      expect((await post(forged, wrongKey)).status).toBe(400);
      expect((await post(forged, 't=1,v1=00')).status).toBe(400);
      // A signature of another body does not carry over.
      expect(
        (
          await post(
            forged,
            Stripe.webhooks.generateTestHeaderString({ payload: refunded, secret: webhookSecret }),
          )
        ).status,
      ).toBe(400);
      expect((await status()).payment_status).toBe('refunded');
      // A replay of the payment after the refund changes nothing, and counts no second purchase.
      expect((await post(succeeded)).status).toBe(200);
      expect((await status()).payment_status).toBe('refunded');
      expect(await purchases()).toBe(before + 1);
    });
  });
}
