import type { Insertable, Transaction } from 'kysely';
import type { Database, PaymentStatus, StatHitsTable } from '../../../platform/db/schema.ts';
import { dropHeldMails, releaseHeldMails } from '../../../platform/mail/mail-outbox.ts';
import { orderMailKey } from '../order-mail.ts';
import { canMovePayment, type PaymentEventOutcome } from '../payment-status.ts';
import type { PaymentsDependencies } from './payments-dependencies.ts';

export type PaymentChange = {
  entryId: number;
  status: PaymentStatus;
  /** The provider's id of the payment, when the change brings one. */
  reference?: string | undefined;
  /**
   * What the provider says this payment is: applied only when it is the order's own (the
   * reference it stored, or none yet; its total; its currency). A provider's event names the
   * order in metadata anyone with the account's key can write, so it is believed only so far.
   */
  match?: { reference: string; amount: number; currency: string } | undefined;
  /** The provider's event that reports the change: handled once, however often it comes. */
  event?: { provider: string; id: string; type: string } | undefined;
  now: number;
};

export type PaymentChangeOutcome =
  | 'changed'
  /** It already stood there, or moved there meanwhile. */
  | 'unchanged'
  /** Backwards (a late success after a refund): payment status moves forward only. */
  | 'not-allowed'
  /** The provider's payment is not this order's: another id, amount or currency. */
  | 'mismatch'
  | 'replayed'
  | 'no-such-order';

type OrderRow = {
  id: number;
  payment_status: PaymentStatus | null;
  payment_reference: string | null;
  currency: string | null;
  total: number | null;
  coupon_code: string | null;
  page_url: string;
  visitor_id: string | null;
};

/** Why a provider's payment is not this order's, or undefined when it is. */
function mismatch(order: OrderRow, match: NonNullable<PaymentChange['match']>) {
  if (order.payment_reference !== null && order.payment_reference !== match.reference) {
    return 'other-payment' as const;
  }
  if (Number(order.total) !== match.amount) return 'other-amount' as const;
  if ((order.currency ?? '').toLowerCase() !== match.currency.toLowerCase()) {
    return 'other-currency' as const;
  }
  return undefined;
}

/**
 * Records where an order's payment stands, in one transaction, forward only (payment-status.ts)
 * and once per provider event. What the status means happens with it:
 * - paid: the order's held mails are released (the thanks and the "New order" mail go out only
 *   now), its purchase is counted in the statistics once, and a failed order paid after all
 *   takes its coupon's use again;
 * - failed: the coupon's use is given back, once, and the held mails are dropped;
 * - refunded: mails still held are dropped.
 * An event whose payment is not this order's, or that would move it backwards, is recorded with
 * why it changed nothing.
 */
export async function recordPayment(
  deps: Pick<PaymentsDependencies, 'db' | 'log' | 'purchaseHit' | 'deliverMailSoon'>,
  change: PaymentChange,
): Promise<PaymentChangeOutcome> {
  for (let attempt = 0; ; attempt++) {
    const outcome = await tryRecordPayment(deps, change);
    // Someone else moved the order between our read and our write: judge again from there.
    if (outcome !== 'raced' || attempt === 2) {
      const result = outcome === 'raced' ? 'unchanged' : outcome;
      if (result === 'changed' && change.status === 'paid') deps.deliverMailSoon();
      if (result === 'mismatch' || result === 'not-allowed') {
        deps.log.warn('A payment change was not applied to its order', {
          entry: change.entryId,
          status: change.status,
          outcome: result,
          event: change.event?.id,
          payment: change.match,
        });
      }
      return result;
    }
  }
}

async function tryRecordPayment(
  deps: Pick<PaymentsDependencies, 'db' | 'log' | 'purchaseHit'>,
  change: PaymentChange,
): Promise<PaymentChangeOutcome | 'raced'> {
  const order: OrderRow | undefined = await deps.db
    .selectFrom('form_entries')
    .select([
      'id',
      'payment_status',
      'payment_reference',
      'currency',
      'total',
      'coupon_code',
      'page_url',
      'visitor_id',
    ])
    .where('id', '=', change.entryId)
    .executeTakeFirst();
  const from = order?.payment_status ?? null;
  const refusal =
    !order || from === null
      ? ('no-such-order' as const)
      : change.match && mismatch(order, change.match)
        ? ('mismatch' as const)
        : !canMovePayment(from, change.status)
          ? from === change.status
            ? ('unchanged' as const)
            : ('not-allowed' as const)
          : undefined;
  // What is recorded with the event (payment-status.ts, PaymentEventOutcome).
  const reason =
    refusal === 'mismatch'
      ? ((order && change.match && mismatch(order, change.match)) ?? 'other-payment')
      : refusal;
  const note: PaymentEventOutcome = reason ? `ignored:${reason}` : 'applied';
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const purchase: Insertable<StatHitsTable> | undefined =
    !refusal && order && change.status === 'paid'
      ? await deps.purchaseHit({
          at: change.now,
          path: order.page_url,
          visitorId: order.visitor_id,
          entryId: order.id,
          currency: order.currency ?? '',
          total: Number(order.total ?? 0),
        })
      : undefined;
  return deps.db
    .transaction()
    .execute(async (trx) => {
      if (change.event) {
        const recorded = await trx
          .insertInto('payment_events')
          .values({
            provider: change.event.provider,
            event_id: change.event.id,
            entry_id: order?.id ?? null,
            type: change.event.type,
            received_at: change.now,
            outcome: note,
          })
          .onConflict((c) => c.columns(['provider', 'event_id']).doNothing())
          .executeTakeFirst();
        if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return 'replayed' as const;
      }
      if (refusal || !order || from === null) return refusal ?? 'no-such-order';
      const reference = change.reference ?? change.match?.reference;
      const updated = await trx
        .updateTable('form_entries')
        .set({
          payment_status: change.status,
          ...(reference && order.payment_reference === null
            ? { payment_reference: reference }
            : {}),
        })
        .where('id', '=', order.id)
        .where('payment_status', '=', from)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        // The event stays unrecorded with the rollback, so judging it again records it once.
        throw new Raced();
      }
      await keepCouponUse(trx, deps, order, change.status);
      const mails = orderMailKey(order.id);
      if (change.status === 'paid') await releaseHeldMails(trx, mails, change.now);
      else await dropHeldMails(trx, mails);
      if (change.status === 'paid') await countPurchase(trx, order.id, change.now, purchase);
      return 'changed' as const;
    })
    .catch((error: unknown) => {
      if (error instanceof Raced) return 'raced' as const;
      throw error;
    });
}

class Raced extends Error {}

/**
 * An order holds one use of its coupon from when it is stored. A failed order gives it back
 * (once: `coupon_held` says whether it still holds it); a failed order paid after all takes it
 * again, even past the coupon's limit, since the money already moved with the discount.
 */
async function keepCouponUse(
  trx: Transaction<Database>,
  deps: Pick<PaymentsDependencies, 'log'>,
  order: OrderRow,
  status: PaymentStatus,
) {
  if (!order.coupon_code || (status !== 'failed' && status !== 'paid')) return;
  const giveBack = status === 'failed';
  const flipped = await trx
    .updateTable('form_entries')
    .set({ coupon_held: giveBack ? 0 : 1 })
    .where('id', '=', order.id)
    .where('coupon_held', '=', giveBack ? 1 : 0)
    .executeTakeFirst();
  if (Number(flipped.numUpdatedRows) === 0) return;
  const coupon = await trx
    .updateTable('form_coupons')
    .set((eb) => ({ uses: eb('uses', giveBack ? '-' : '+', 1) }))
    .where('code', '=', order.coupon_code)
    .where('uses', giveBack ? '>' : '>=', 0)
    .returning(['uses', 'max_uses'])
    .executeTakeFirst();
  if (!giveBack && coupon && coupon.max_uses !== null && coupon.uses > coupon.max_uses) {
    deps.log.warn('A failed order was paid after all: its coupon is now used past its limit', {
      entry: order.id,
      coupon: order.coupon_code,
    });
  }
}

/** One purchase per order in the statistics: its marker is an event of Quire's own. */
async function countPurchase(
  trx: Transaction<Database>,
  entryId: number,
  now: number,
  purchase: Insertable<StatHitsTable> | undefined,
) {
  const first = await trx
    .insertInto('payment_events')
    .values({
      provider: 'quire',
      event_id: `purchase:${entryId}`,
      entry_id: entryId,
      type: 'purchase',
      received_at: now,
      outcome: 'applied',
    })
    .onConflict((c) => c.columns(['provider', 'event_id']).doNothing())
    .executeTakeFirst();
  if (purchase && Number(first.numInsertedOrUpdatedRows ?? 0) > 0) {
    await trx.insertInto('stat_hits').values(purchase).execute();
  }
}

/** What happened to an order's payment, oldest first: providers' events and the purchase. */
export async function paymentHistory(
  deps: Pick<PaymentsDependencies, 'db'>,
  entryId: number,
): Promise<Array<{ at: number; provider: string; type: string; outcome: PaymentEventOutcome }>> {
  const rows = await deps.db
    .selectFrom('payment_events')
    .select(['received_at', 'provider', 'type', 'outcome'])
    .where('entry_id', '=', entryId)
    // Quire's own marker of a counted purchase is no provider's news.
    .where('provider', '<>', 'quire')
    .orderBy('received_at')
    .execute();
  return rows.map((row) => ({
    at: Number(row.received_at),
    provider: row.provider,
    type: row.type,
    outcome: (row.outcome ?? 'applied') as PaymentEventOutcome,
  }));
}
