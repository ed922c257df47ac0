import type { PaymentsDependencies } from './payments-dependencies.ts';
import { recordPayment } from './record-payment.ts';
import type { stripeEventChange } from './stripe.ts';

export type WebhookAnswer = { status: number; body: { received: boolean; message?: string } };

/**
 * A Stripe event: its signature checked with the webhook secret (a forged or stale one is
 * refused with 400, and Stripe will not retry it), then applied to the order it names only
 * when its PaymentIntent, amount and currency are that order's, forward only, once however
 * often the event comes (record-payment.ts). Any other event is recorded with why it changed
 * nothing and acknowledged, so Stripe does not send it again.
 */
export async function receiveStripeWebhook(
  deps: PaymentsDependencies,
  body: string,
  signature: string | null,
  now = Date.now(),
): Promise<WebhookAnswer> {
  const settings = await deps.settings();
  if (settings.stripeWebhookSecret === '') {
    deps.log.warn('A Stripe webhook arrived, but no webhook signing secret is set');
    return { status: 503, body: { received: false, message: 'No webhook secret is set.' } };
  }
  let event: ReturnType<typeof stripeEventChange>;
  try {
    // Loaded with the first event, not at start (card-checkout.ts says why).
    const stripe = await import('./stripe.ts');
    event = stripe.stripeEventChange(
      stripe.signatureVerifier(),
      body,
      signature ?? '',
      settings.stripeWebhookSecret,
    );
  } catch (error) {
    deps.log.warn('Refused a Stripe webhook whose signature does not hold', {
      error: error instanceof Error ? error.message : String(error),
    });
    return { status: 400, body: { received: false, message: 'The signature does not hold.' } };
  }
  const { change } = event;
  if (!change) return { status: 200, body: { received: true } };
  // The order whose payment this is: by the PaymentIntent it stored, else by the metadata
  // (a crash may have come between creating the payment and storing its id).
  const entryId =
    (
      await deps.db
        .selectFrom('form_entries')
        .select('id')
        .where('payment_reference', '=', change.reference)
        .executeTakeFirst()
    )?.id ?? change.entryId;
  const outcome = await recordPayment(deps, {
    entryId: entryId ?? 0,
    status: change.status,
    match: { reference: change.reference, amount: change.amount, currency: change.currency },
    event: { provider: 'stripe', id: event.id, type: event.type },
    now,
  });
  const details = {
    event: event.id,
    type: event.type,
    payment: change.reference,
    entry: entryId,
    outcome,
  };
  if (outcome === 'no-such-order')
    deps.log.warn('A Stripe event names no order of this site', details);
  else deps.log.info('Stripe event handled', details);
  return { status: 200, body: { received: true } };
}
