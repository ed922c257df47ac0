import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { fill } from '../../messages.ts';
import { viewMessages } from '../../view-messages.ts';
import type { FormsDependencies } from '../forms-dependencies.ts';
import { serverMessages } from '../server-messages.ts';
import type { PreparedOrder } from './order.ts';
import { changePaymentStatus } from './payment-status.ts';
import type { CardCharge } from './stripe.ts';

/**
 * Stripe's package costs each process about 37 MB and 130 ms to load: it is loaded the first
 * time a card is charged, not at start (decision 0031).
 */
const stripeAdapter = () => import('./stripe.ts');

/**
 * The card step of an order, after its entry is stored as awaiting payment: the entry exists
 * before any money moves, so a crash between the two loses nothing, and the provider's webhook
 * finds it by the reference and the metadata either way.
 */

export type CardStep =
  | { outcome: 'paid' | 'processing' }
  | { outcome: 'action_required'; clientSecret: string; proof: string }
  | { outcome: 'declined'; message: string }
  | { outcome: 'unavailable' };

const clients = new Map<string, Stripe>();

/** One client per key and address, kept: it holds the connection pool. */
async function stripeFor(deps: FormsDependencies): Promise<Stripe> {
  const settings = await deps.paymentSettings();
  const key = `${settings.stripeSecretKey}\n${deps.stripeApiUrl ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    const { stripeClient } = await stripeAdapter();
    client = stripeClient(settings.stripeSecretKey, deps.stripeApiUrl);
    clients.set(key, client);
  }
  return client;
}

/** Proves to `qforms_payment_complete` that the browser asking is the one the entry answered. */
export function completionProof(secret: string, entryId: number, reference: string): string {
  return createHmac('sha256', secret)
    .update(`payment-complete:${entryId}:${reference}`)
    .digest('base64url');
}

function proofHolds(secret: string, entryId: number, reference: string, proof: string) {
  const expected = Buffer.from(completionProof(secret, entryId, reference));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A coupon whose order failed gives its use back. */
async function releaseCoupon(deps: FormsDependencies, code: string | null | undefined) {
  if (!code) return;
  await deps.db
    .updateTable('form_coupons')
    .set((eb) => ({ uses: eb('uses', '-', 1) }))
    .where('code', '=', code)
    .where('uses', '>', 0)
    .execute();
}

async function settle(
  deps: FormsDependencies,
  entryId: number,
  charge: CardCharge,
  coupon: string | null | undefined,
): Promise<CardStep> {
  const now = Date.now();
  switch (charge.outcome) {
    case 'paid':
      await changePaymentStatus(deps, {
        entryId,
        status: 'paid',
        reference: charge.reference,
        now,
      });
      return { outcome: 'paid' };
    case 'processing':
      // Still awaiting: the webhook tells how it ends.
      await deps.db
        .updateTable('form_entries')
        .set({ payment_reference: charge.reference })
        .where('id', '=', entryId)
        .execute();
      return { outcome: 'processing' };
    case 'action_required':
      await deps.db
        .updateTable('form_entries')
        .set({ payment_reference: charge.reference })
        .where('id', '=', entryId)
        .execute();
      return {
        outcome: 'action_required',
        clientSecret: charge.clientSecret,
        proof: completionProof(deps.secret, entryId, charge.reference),
      };
    case 'declined':
      await changePaymentStatus(deps, {
        entryId,
        status: 'failed',
        reference: charge.reference,
        now,
      });
      await releaseCoupon(deps, coupon);
      return {
        outcome: 'declined',
        message: fill(serverMessages.cardDeclined, { reason: charge.message }),
      };
    case 'unavailable':
      deps.log.error('Stripe could not take a card payment; the order is marked failed', {
        entry: entryId,
        error: charge.message,
      });
      await changePaymentStatus(deps, { entryId, status: 'failed', now });
      await releaseCoupon(deps, coupon);
      return { outcome: 'unavailable' };
  }
}

/** Charges the card of a stored order for the total the server computed. */
export async function takeCardPayment(
  deps: FormsDependencies,
  order: PreparedOrder,
  entry: { id: number; formId: number; description: string; email: string | undefined },
): Promise<CardStep> {
  const { chargeCard } = await stripeAdapter();
  const charge = await chargeCard(await stripeFor(deps), {
    entryId: entry.id,
    formId: entry.formId,
    amount: order.summary.total,
    currency: order.currency.code,
    paymentMethod: order.card?.token ?? '',
    description: entry.description,
    email: entry.email,
  });
  return settle(deps, entry.id, charge, order.summary.coupon?.code);
}

/**
 * The browser completed the bank's step: where the payment stands now. Only the browser the
 * entry answered can ask (the proof), and only about its own entry.
 */
export async function completeCardPayment(
  deps: FormsDependencies,
  request: { formId: number; entryId: number; reference: string; proof: string },
): Promise<CardStep | 'unknown'> {
  const entry = await deps.db
    .selectFrom('form_entries')
    .select(['id', 'form_id', 'payment_reference', 'payment_status', 'coupon_code'])
    .where('id', '=', request.entryId)
    .executeTakeFirst();
  if (
    !entry ||
    entry.form_id !== request.formId ||
    entry.payment_reference !== request.reference ||
    !proofHolds(deps.secret, entry.id, request.reference, request.proof)
  ) {
    return 'unknown';
  }
  if (entry.payment_status === 'paid') return { outcome: 'paid' };
  const { cardChargeNow } = await stripeAdapter();
  const charge = await cardChargeNow(await stripeFor(deps), request.reference);
  // Still waiting on the bank: the visitor did not finish the step.
  if (charge.outcome === 'action_required') {
    return settle(
      deps,
      entry.id,
      { outcome: 'declined', reference: request.reference, message: viewMessages.cardNotConfirmed },
      entry.coupon_code,
    );
  }
  return settle(deps, entry.id, charge, entry.coupon_code);
}
