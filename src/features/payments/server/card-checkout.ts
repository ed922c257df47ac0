import { createHmac, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { fill } from '../../../platform/fill-message.ts';
import { paymentMessages } from '../messages.ts';
import type { CardOrder, CardStep } from '../order-payments.ts';
import type { PaymentsDependencies } from './payments-dependencies.ts';
import { recordPayment } from './record-payment.ts';
import type { CardCharge } from './stripe.ts';

/**
 * The card step of an order, after its entry is stored as awaiting payment: the entry exists
 * before any money moves, so a crash between the two loses nothing, and the provider's webhook
 * finds it by the reference and the metadata either way. Every status change goes through
 * `recordPayment`, so it is forward only and its consequences (the coupon's use, the held
 * mails, the purchase) happen once.
 */

/**
 * Stripe's package costs each process about 37 MB and 130 ms to load: it is loaded the first
 * time a card is charged, not at start (decision 0031).
 */
const stripeAdapter = () => import('./stripe.ts');

const clients = new Map<string, Stripe>();

/** One client per key and address, kept: it holds the connection pool. */
async function stripeFor(deps: PaymentsDependencies): Promise<Stripe> {
  const settings = await deps.settings();
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

const keepReference = (deps: PaymentsDependencies, entryId: number, reference: string) =>
  deps.db
    .updateTable('form_entries')
    .set({ payment_reference: reference })
    .where('id', '=', entryId)
    .where('payment_reference', 'is', null)
    .execute();

/**
 * What a charge means for the order: paid (when Stripe took the order's own amount), still
 * waiting (processing, or the bank's step), or failed for good (declined, or Stripe out of
 * reach when the order was first charged, so no money moved).
 */
async function settle(
  deps: PaymentsDependencies,
  order: { entryId: number; amount: number; currency: string },
  charge: CardCharge,
): Promise<CardStep> {
  const now = Date.now();
  switch (charge.outcome) {
    case 'paid': {
      const outcome = await recordPayment(deps, {
        entryId: order.entryId,
        status: 'paid',
        match: { reference: charge.reference, amount: charge.amount, currency: charge.currency },
        now,
      });
      return outcome === 'changed' || outcome === 'unchanged'
        ? { outcome: 'paid' }
        : { outcome: 'declined', message: paymentMessages.cardNotConfirmed };
    }
    case 'processing':
      await keepReference(deps, order.entryId, charge.reference);
      return { outcome: 'processing' };
    case 'action_required':
      await keepReference(deps, order.entryId, charge.reference);
      return {
        outcome: 'action_required',
        clientSecret: charge.clientSecret,
        proof: completionProof(deps.secret, order.entryId, charge.reference),
      };
    case 'declined':
      await recordPayment(deps, {
        entryId: order.entryId,
        status: 'failed',
        reference: charge.reference,
        now,
      });
      return {
        outcome: 'declined',
        message: fill(paymentMessages.cardDeclined, { reason: charge.message }),
      };
    case 'unavailable':
      deps.log.error('Stripe could not take a card payment; the order is marked failed', {
        entry: order.entryId,
        error: charge.message,
      });
      await recordPayment(deps, { entryId: order.entryId, status: 'failed', now });
      return { outcome: 'unavailable' };
  }
}

/** Charges the card of a stored order for the total the server computed. */
export async function payByCard(deps: PaymentsDependencies, order: CardOrder): Promise<CardStep> {
  const { chargeCard } = await stripeAdapter();
  const charge = await chargeCard(await stripeFor(deps), order);
  return settle(deps, order, charge);
}

type AwaitingCardOrder = {
  id: number;
  form_id: number;
  payment_status: string | null;
  payment_provider: string | null;
  payment_reference: string | null;
  total: number | null;
  currency: string | null;
};

const readOrder = (deps: PaymentsDependencies, entryId: number) =>
  deps.db
    .selectFrom('form_entries')
    .select([
      'id',
      'form_id',
      'payment_status',
      'payment_provider',
      'payment_reference',
      'total',
      'currency',
    ])
    .where('id', '=', entryId)
    .executeTakeFirst() as Promise<AwaitingCardOrder | undefined>;

const orderOf = (order: AwaitingCardOrder) => ({
  entryId: order.id,
  amount: Number(order.total ?? 0),
  currency: order.currency ?? '',
});

/** Where a stored order stands, when it no longer waits on anything. */
function settledStep(status: string | null): CardStep | undefined {
  if (status === 'paid') return { outcome: 'paid' };
  if (status === 'failed' || status === 'refunded') {
    return { outcome: 'declined', message: paymentMessages.cardNotConfirmed };
  }
  return undefined;
}

/**
 * The browser completed the bank's step: where the payment stands now. Only the browser the
 * entry answered can ask (the proof), and only about its own entry. A step still unfinished
 * changes nothing: the order keeps waiting (and its coupon), until the cardholder finishes it,
 * sends the form again, or it is abandoned (`endAbandonedCardPayment`).
 */
export async function completeCardPayment(
  deps: PaymentsDependencies,
  request: { formId: number; entryId: number; reference: string; proof: string },
): Promise<CardStep | 'unknown'> {
  const order = await readOrder(deps, request.entryId);
  if (
    !order ||
    order.form_id !== request.formId ||
    order.payment_reference !== request.reference ||
    !proofHolds(deps.secret, order.id, request.reference, request.proof)
  ) {
    return 'unknown';
  }
  const settled = settledStep(order.payment_status);
  if (settled) return settled;
  const { cardChargeNow } = await stripeAdapter();
  const charge = await cardChargeNow(await stripeFor(deps), request.reference);
  if (charge.outcome === 'action_required') return { outcome: 'not_confirmed' };
  // Out of reach now: nothing is known, so nothing changes; the webhook or a retry will tell.
  if (charge.outcome === 'unavailable') return { outcome: 'unavailable' };
  return settle(deps, orderOf(order), charge);
}

/**
 * An order still awaiting its card payment, when the visitor sends the form again or its bank
 * step was left too long: paid or processing if Stripe says so; a bank step never finished is
 * cancelled at Stripe (so it cannot be paid later) and the order fails, giving its coupon back.
 * `in-flight` when the first charge has not answered yet or Stripe cannot be asked.
 */
export async function endAbandonedCardPayment(
  deps: PaymentsDependencies,
  entryId: number,
  options: { noReferenceAbandoned?: boolean } = {},
): Promise<'paid' | 'processing' | 'failed' | 'in-flight'> {
  const order = await readOrder(deps, entryId);
  if (order?.payment_provider !== 'stripe') return 'failed';
  const settled = settledStep(order.payment_status);
  if (settled) return settled.outcome === 'paid' ? 'paid' : 'failed';
  if (!order.payment_reference) {
    if (!options.noReferenceAbandoned) return 'in-flight';
    // Stripe never answered the charge: no payment of it is known. Should one succeed after
    // all, its webhook moves the failed order to paid.
    await recordPayment(deps, { entryId, status: 'failed', now: Date.now() });
    return 'failed';
  }
  const { cardChargeNow, cancelCardCharge } = await stripeAdapter();
  const stripe = await stripeFor(deps);
  let charge = await cardChargeNow(stripe, order.payment_reference);
  if (charge.outcome === 'action_required') {
    charge = await cancelCardCharge(stripe, order.payment_reference);
  }
  if (charge.outcome === 'unavailable') return 'in-flight';
  if (charge.outcome === 'processing' || charge.outcome === 'action_required') return 'processing';
  const step = await settle(deps, orderOf(order), charge);
  return step.outcome === 'paid' ? 'paid' : 'failed';
}
