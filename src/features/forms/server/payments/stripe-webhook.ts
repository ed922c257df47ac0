import type { FormsDependencies } from '../forms-dependencies.ts';
import { changePaymentStatus } from './payment-status.ts';
import type { stripeEventChange } from './stripe.ts';

export type WebhookAnswer = { status: number; body: { received: boolean; message?: string } };

/**
 * A Stripe event: its signature checked with the webhook secret (a forged or stale one is
 * refused with 400, and Stripe will not retry it), then the order it names marked paid, failed
 * or refunded, once however often the event comes (its id is recorded in the same
 * transaction). An event for no order of this site is acknowledged and kept, so it is not
 * sent again.
 */
export async function receiveStripeWebhook(
  deps: FormsDependencies,
  body: string,
  signature: string | null,
  now = Date.now(),
): Promise<WebhookAnswer> {
  const settings = await deps.paymentSettings();
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
  const entryId =
    change.entryId ??
    (
      await deps.db
        .selectFrom('form_entries')
        .select('id')
        .where('payment_reference', '=', change.reference)
        .executeTakeFirst()
    )?.id;
  if (entryId === undefined) {
    deps.log.warn('A Stripe event names no order of this site', {
      event: event.id,
      payment: change.reference,
    });
    return { status: 200, body: { received: true } };
  }
  const outcome = await changePaymentStatus(deps, {
    entryId,
    status: change.status,
    reference: change.reference,
    event: { provider: 'stripe', id: event.id, type: event.type },
    now,
  });
  deps.log.info('Stripe event handled', {
    event: event.id,
    type: event.type,
    entry: entryId,
    outcome,
  });
  return { status: 200, body: { received: true } };
}
