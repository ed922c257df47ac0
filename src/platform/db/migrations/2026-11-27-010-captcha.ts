import { epochType, type MigrationDb, type MigrationStep } from './schema-sql.ts';

/**
 * The captcha (issue 15): an ALTCHA challenge is checked without the server keeping it, so the
 * challenges already spent are kept until they expire, in the database that every worker and
 * instance shares: a solved challenge is accepted once.
 */
export const addCaptcha: MigrationStep = async (db: MigrationDb, kind) => {
  await db.schema
    .createTable('captcha_spent_challenges')
    .addColumn('signature', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', epochType(kind), (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('captcha_spent_challenges_expires_at_idx')
    .on('captcha_spent_challenges')
    .column('expires_at')
    .execute();
};
