import type { FormEntryStatus } from '../../../platform/db/schema.ts';
import { enqueueMail } from '../../../platform/mail/mail-outbox.ts';
import { type RateLimit, takeRateLimit } from '../../../platform/rate-limit.ts';
import type { AppContext } from '../../../server/boot.ts';
import { siteChrome } from '../../site/server/public-page.ts';
import type { StoredForm } from '../form-definition.ts';
import { type EntryField, entryMails } from './notifications.ts';

export type NewEntry = {
  form: StoredForm;
  status: FormEntryStatus;
  spamReason: string | undefined;
  fields: EntryField[];
  pageUrl: string;
  visitorId: string | undefined;
  userAgent: string;
  startedAt: number | undefined;
  /** The same form, token and values give the same fingerprint: stored once. */
  fingerprint: string;
  /** The sender's submissions are counted in the same transaction. */
  rateLimit: { rule: RateLimit; client: string };
  now: number;
};

/**
 * Stores an entry and queues its notification mails in one transaction, so an entry is never
 * kept without its mails or the other way round. The same transaction counts the sender's
 * submission against the rate limit (one commit per submission, which is what SQLite's single
 * writer is sensitive to). A repeated submission (a double click, a resent request) hits the
 * unique fingerprint and is reported as a duplicate.
 */
export async function storeEntry(
  app: AppContext,
  entry: NewEntry,
): Promise<'entry' | 'duplicate' | 'rate-limited'> {
  const { identity } = await siteChrome(app);
  const administrators =
    entry.status === 'entry' && entry.form.definition.settings.notifications.ownerTo.length === 0
      ? (await app.database.db.selectFrom('users').select('email').execute()).map((u) => u.email)
      : [];
  const stored = await app.database.db.transaction().execute(async (trx) => {
    const limit = await takeRateLimit(
      trx,
      app.secret,
      entry.rateLimit.rule,
      entry.rateLimit.client,
      entry.now,
    );
    if (!limit.allowed) return 'rate-limited' as const;
    const inserted = await trx
      .insertInto('form_entries')
      .values({
        form_id: entry.form.id,
        status: entry.status,
        spam_reason: entry.spamReason ?? null,
        fields: JSON.stringify(entry.fields),
        page_url: entry.pageUrl,
        visitor_id: entry.visitorId ?? null,
        user_agent: entry.userAgent,
        started_at: entry.startedAt ?? null,
        submitted_at: entry.now,
        created_at: entry.now,
        fingerprint: entry.fingerprint,
      })
      .onConflict((c) => c.column('fingerprint').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return 'duplicate' as const;
    if (entry.status === 'entry') {
      const mails = entryMails(entry.form.definition, entry.fields, {
        siteTitle: identity.title,
        siteUrl: app.config.siteUrl,
        pageUrl: entry.pageUrl,
        administrators,
      });
      for (const mail of mails) await enqueueMail(trx, mail, entry.now);
    }
    return 'entry' as const;
  });
  if (stored === 'entry' && entry.status === 'entry') app.mail.deliverSoon();
  return stored;
}

export type StoredEntry = {
  id: number;
  formId: number;
  status: FormEntryStatus;
  spamReason: string | null;
  fields: EntryField[];
  pageUrl: string;
  visitorId: string | null;
  userAgent: string;
  startedAt: number | null;
  submittedAt: number;
};

/** A form's entries, newest first (the admin's entries list builds on this). */
export async function listEntries(
  app: Pick<AppContext, 'database'>,
  formId: number,
  status: FormEntryStatus = 'entry',
): Promise<StoredEntry[]> {
  const rows = await app.database.db
    .selectFrom('form_entries')
    .selectAll()
    .where('form_id', '=', formId)
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    formId: row.form_id,
    status: row.status,
    spamReason: row.spam_reason,
    fields: JSON.parse(row.fields) as EntryField[],
    pageUrl: row.page_url,
    visitorId: row.visitor_id,
    userAgent: row.user_agent,
    startedAt: row.started_at,
    submittedAt: row.submitted_at,
  }));
}
