import { epochType, type MigrationDb, type MigrationStep, withIdColumn } from './schema-sql.ts';

/**
 * Orders (issue 14): an entry of a payment form keeps the summary the server computed, its
 * total in the currency's smallest unit, and where its payment stands with the provider.
 * Coupons count their uses in the entry's transaction; a provider's event is handled once.
 */
export const addPayments: MigrationStep = async (db: MigrationDb, kind) => {
  const amount = epochType(kind);
  const columns: Array<[string, 'text' | 'bigint' | 'integer']> = [
    ['payment_status', 'text'],
    ['payment_provider', 'text'],
    ['payment_reference', 'text'],
    ['currency', 'text'],
    ['total', amount],
    ['order_summary', 'text'],
    ['card_brand', 'text'],
    ['card_last4', 'text'],
    ['coupon_code', 'text'],
  ];
  for (const [name, type] of columns) {
    await db.schema.alterTable('form_entries').addColumn(name, type).execute();
  }
  await db.schema
    .createIndex('form_entries_payment_reference_idx')
    .on('form_entries')
    .column('payment_reference')
    .execute();
  await withIdColumn(db.schema.createTable('form_coupons'), kind)
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('amount', amount, (c) => c.notNull())
    .addColumn('form_id', 'integer', (c) => c.references('forms.id').onDelete('cascade'))
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('starts_at', epochType(kind))
    .addColumn('ends_at', epochType(kind))
    .addColumn('created_at', epochType(kind), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('payment_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('entry_id', 'integer')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('received_at', epochType(kind), (c) => c.notNull())
    .addPrimaryKeyConstraint('payment_events_pk', ['provider', 'event_id'])
    .execute();
};
