import { endAbandonedCardPayment } from './card-checkout.ts';
import type { PaymentsDependencies } from './payments-dependencies.ts';

/**
 * How long a card order may wait on its bank's step (3-D Secure) before it counts as
 * abandoned: far longer than anyone takes to confirm a payment, short enough that a coupon's
 * last use is not held for a day by someone who closed the page.
 */
export const cardStepAbandonedAfterMs = 60 * 60_000;

/**
 * Ends card orders whose bank step was left unfinished: each is asked of Stripe once more and,
 * still unfinished, cancelled there and marked failed (its coupon's use given back). Run now
 * and then by every serving process; two running at once end an order once (the status
 * change is forward only). Returns how many orders ended.
 */
export async function endAbandonedCardPayments(
  deps: PaymentsDependencies,
  now = Date.now(),
  batch = 50,
): Promise<number> {
  const stale = await deps.db
    .selectFrom('form_entries')
    .select('id')
    .where('payment_status', '=', 'awaiting')
    .where('payment_provider', '=', 'stripe')
    .where('created_at', '<', now - cardStepAbandonedAfterMs)
    .orderBy('id')
    .limit(batch)
    .execute();
  let ended = 0;
  for (const { id } of stale) {
    const outcome = await endAbandonedCardPayment(deps, id, { noReferenceAbandoned: true });
    if (outcome === 'failed') ended++;
    if (outcome !== 'in-flight') {
      deps.log.info('A card order left waiting on its bank step was settled', {
        entry: id,
        outcome,
      });
    }
  }
  return ended;
}
