import type { Insertable } from 'kysely';
import type { PaymentStatus, StatHitsTable } from '../../../../platform/db/schema.ts';
import type { FormsDependencies } from '../forms-dependencies.ts';

export type PaymentChange = {
  entryId: number;
  status: PaymentStatus;
  /** The provider's id of the payment, when the change brings one. */
  reference?: string | undefined;
  /** The provider's event that reports the change: handled once, however often it comes. */
  event?: { provider: string; id: string; type: string } | undefined;
  now: number;
};

export type PaymentChangeOutcome = 'changed' | 'unchanged' | 'replayed' | 'no-such-order';

/**
 * Moves an order to a payment status, in one transaction: a provider's event is recorded first
 * (a replay changes nothing), and the first time an order is paid, its purchase is counted in
 * the statistics, once per entry whatever happens to it later.
 */
export async function changePaymentStatus(
  deps: Pick<FormsDependencies, 'db' | 'purchaseHit'>,
  change: PaymentChange,
): Promise<PaymentChangeOutcome> {
  const entry = await deps.db
    .selectFrom('form_entries')
    .select(['id', 'payment_status', 'page_url', 'visitor_id', 'currency', 'total'])
    .where('id', '=', change.entryId)
    .executeTakeFirst();
  if (!entry || entry.payment_status === null) {
    if (change.event) await recordEvent(deps, change, undefined);
    return 'no-such-order';
  }
  // Read before the transaction: on SQLite the transaction holds the only connection.
  const purchase: Insertable<StatHitsTable> | undefined =
    change.status === 'paid'
      ? await deps.purchaseHit({
          at: change.now,
          path: entry.page_url,
          visitorId: entry.visitor_id,
          entryId: entry.id,
          currency: entry.currency ?? '',
          total: Number(entry.total ?? 0),
        })
      : undefined;
  return deps.db.transaction().execute(async (trx) => {
    if (change.event) {
      const recorded = await trx
        .insertInto('payment_events')
        .values({
          provider: change.event.provider,
          event_id: change.event.id,
          entry_id: entry.id,
          type: change.event.type,
          received_at: change.now,
        })
        .onConflict((c) => c.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      if (Number(recorded.numInsertedOrUpdatedRows ?? 0) === 0) return 'replayed' as const;
    }
    const updated = await trx
      .updateTable('form_entries')
      .set({
        payment_status: change.status,
        ...(change.reference ? { payment_reference: change.reference } : {}),
      })
      .where('id', '=', entry.id)
      .where('payment_status', '<>', change.status)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return 'unchanged' as const;
    if (change.status === 'paid') {
      // One purchase per entry: its marker is an event of Quire's own.
      const first = await trx
        .insertInto('payment_events')
        .values({
          provider: 'quire',
          event_id: `purchase:${entry.id}`,
          entry_id: entry.id,
          type: 'purchase',
          received_at: change.now,
        })
        .onConflict((c) => c.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      if (purchase && Number(first.numInsertedOrUpdatedRows ?? 0) > 0) {
        await trx.insertInto('stat_hits').values(purchase).execute();
      }
    }
    return 'changed' as const;
  });
}

async function recordEvent(
  deps: Pick<FormsDependencies, 'db'>,
  change: PaymentChange,
  entryId: number | undefined,
) {
  if (!change.event) return;
  await deps.db
    .insertInto('payment_events')
    .values({
      provider: change.event.provider,
      event_id: change.event.id,
      entry_id: entryId ?? null,
      type: change.event.type,
      received_at: change.now,
    })
    .onConflict((c) => c.columns(['provider', 'event_id']).doNothing())
    .execute();
}
