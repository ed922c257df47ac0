import type { DatabaseKind } from '../connect.ts';
import { epochType, type MigrationDb, withIdColumn } from './schema-sql.ts';

/**
 * Sign-in throttling by sliding windows (issue 28, point 13; decision 0046): each wrong
 * password is a row naming the client and the address it was tried for (both as keyed
 * hashes), so the sign-in counts the failures of the last 15 minutes per client and address,
 * per client and per address, and says exactly when the next try is allowed.
 */
export async function addSignInFailures(db: MigrationDb, kind: DatabaseKind): Promise<void> {
  const epoch = epochType(kind);
  await withIdColumn(db.schema.createTable('sign_in_failures'), kind)
    .addColumn('client_key', 'text', (c) => c.notNull())
    .addColumn('account_key', 'text', (c) => c.notNull())
    .addColumn('failed_at', epoch, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sign_in_failures_client_idx')
    .on('sign_in_failures')
    .columns(['client_key', 'failed_at'])
    .execute();
  await db.schema
    .createIndex('sign_in_failures_account_idx')
    .on('sign_in_failures')
    .columns(['account_key', 'failed_at'])
    .execute();
}
