import { sql } from 'kysely';
import type { MigrationStep } from './schema-sql.ts';

/**
 * Orders that tell the truth (issue 28, decision 0051):
 * - an order holds its coupon's use while `coupon_held` is 1, so the use is given back exactly
 *   once, when the order finally fails, and taken again if a failed order is paid after all;
 * - a provider's event keeps what was done with it (`outcome`), so an event for another payment
 *   is recorded as ignored rather than lost;
 * - an order's mails can wait in the outbox (`status` 'held', `hold_key`) until it is paid, and
 *   are dropped if it fails.
 */
export const addHonestOrders: MigrationStep = async (db) => {
  await db.schema
    .alterTable('form_entries')
    .addColumn('coupon_held', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Orders stored before held their use unless they had failed (which gave it back).
  await sql`update form_entries set coupon_held = 1
    where coupon_code is not null and payment_status in ('awaiting', 'paid', 'refunded')`.execute(
    db,
  );
  await db.schema.alterTable('payment_events').addColumn('outcome', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('hold_key', 'text').execute();
  await db.schema
    .createIndex('mail_outbox_hold_key_idx')
    .on('mail_outbox')
    .column('hold_key')
    .execute();
};
