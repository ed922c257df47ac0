import { retryWhileConnectionLost } from '../../../platform/db/resilient-pg-pool.ts';
import type { FormEntryStatus, PaymentStatus } from '../../../platform/db/schema.ts';
import { enqueueMail } from '../../../platform/mail/mail-outbox.ts';
import { type RateLimit, takeRateLimit } from '../../../platform/rate-limit.ts';
import { paymentMessages } from '../../payments/messages.ts';
import { orderMailKey } from '../../payments/order-mail.ts';
import type { StoredForm } from '../form-definition.ts';
import { claimFiles } from './files-entries.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import { type EntryField, entryMails } from './notifications.ts';
import type { PreparedOrder } from './submission-order.ts';

export type NewEntry = {
  form: StoredForm;
  status: FormEntryStatus;
  spamReason: string | undefined;
  fields: EntryField[];
  pageUrl: string;
  visitorId: string | undefined;
  userAgent: string;
  startedAt: number | undefined;
  /** One browser's repeated submission of one filled-in form has the same key: stored once. */
  fingerprint: string;
  /** The sender's submissions are counted in the same transaction. */
  rateLimit: { rule: RateLimit; client: string };
  /** The order the server computed, for an entry of a payment form. */
  order?: PreparedOrder | undefined;
  /** Stored files the entry takes, in its transaction (the rest are released after). */
  fileIds?: readonly number[];
  now: number;
};

/** The entry a repeated submission found in its place. */
export type ExistingEntry = {
  id: number;
  status: FormEntryStatus;
  paymentStatus: PaymentStatus | null;
  provider: string | null;
  total: number | null;
};

export type StoreOutcome =
  | { stored: 'entry'; entryId: number }
  | { stored: 'duplicate'; existing: ExistingEntry | undefined }
  | { stored: 'rate-limited' | 'coupon-used-up' };

/** Thrown inside the transaction to roll the entry back when its coupon's last use is gone. */
class CouponUsedUp extends Error {}

/**
 * Copies one address receives per hour, across all forms: a visitor who sends a few forms gets
 * each copy, but a form cannot be made to mail one address over and over from rotating
 * clients. The entry is stored and the owner told either way.
 */
export const visitorCopyLimit: RateLimit = {
  scope: 'form-visitor-copy',
  limit: 5,
  windowMs: 3_600_000,
};

/**
 * Stores an entry and queues its notification mails in one transaction, so an entry is never
 * kept without its mails or the other way round. The same transaction counts the sender's
 * submission against the rate limit (one commit per submission, which is what SQLite's single
 * writer is sensitive to), and the visitor copy against its address's limit. A repeated
 * submission (a double click, a resent request) hits the unique fingerprint and is reported
 * as a duplicate.
 */
export async function storeEntry(deps: FormsDependencies, entry: NewEntry): Promise<StoreOutcome> {
  const site = await deps.siteSettings();
  const administrators =
    entry.status === 'entry' && entry.form.definition.settings.notifications.ownerTo.length === 0
      ? (await deps.db.selectFrom('users').select('email').execute()).map((u) => u.email)
      : [];
  let copyWithheldFrom: number | undefined;
  let mailsHeld = false;
  const { order } = entry;
  const run = () =>
    deps.db.transaction().execute(async (trx): Promise<StoreOutcome> => {
      copyWithheldFrom = undefined;
      mailsHeld = false;
      const limit = await takeRateLimit(
        trx,
        deps.secret,
        entry.rateLimit.rule,
        entry.rateLimit.client,
        entry.now,
      );
      if (!limit.allowed) return { stored: 'rate-limited' };
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
          ...(order && entry.status === 'entry'
            ? {
                payment_status: 'awaiting' as const,
                payment_provider: order.provider,
                currency: order.currency.code,
                total: order.summary.total,
                order_summary: JSON.stringify(order.summary),
                card_brand: order.card?.brand || null,
                card_last4: order.card?.last4 || null,
                coupon_code: order.summary.coupon?.code ?? null,
                coupon_held: order.couponId === undefined ? 0 : 1,
              }
            : {}),
        })
        .onConflict((c) => c.column('fingerprint').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return { stored: 'duplicate', existing: undefined };
      if (entry.status === 'entry') await claimFiles(trx, inserted.id, entry.fileIds ?? []);
      if (order?.couponId !== undefined && entry.status === 'entry') {
        if (!(await deps.payments.holdCouponUse(trx, order.couponId))) throw new CouponUsedUp();
      }
      if (entry.status === 'entry') {
        // A card order's mails wait until it is paid (and go if it fails): nobody is thanked
        // for an order, nor the owner told of one, before its money moved (decision 0051).
        const holdKey = order && mailsWaitForPayment(order) ? orderMailKey(inserted.id) : undefined;
        if (holdKey) mailsHeld = true;
        const { owner, visitorCopy } = entryMails(
          entry.form.definition,
          entry.fields,
          {
            siteTitle: site.title,
            siteUrl: deps.siteUrl,
            pageUrl: entry.pageUrl,
            administrators,
          },
          order && {
            number: inserted.id,
            summary: order.summary,
            currency: order.currency,
            instructions:
              order.provider === 'offline' && order.summary.total > 0 ? order.instructions : '',
            status: orderMailStatus(order),
          },
        );
        if (owner) await enqueueMail(trx, owner, entry.now, { holdKey });
        if (visitorCopy) {
          const address = (visitorCopy.to[0] ?? '').toLowerCase();
          const copies = await takeRateLimit(
            trx,
            deps.secret,
            visitorCopyLimit,
            address,
            entry.now,
          );
          if (copies.allowed) await enqueueMail(trx, visitorCopy, entry.now, { holdKey });
          else copyWithheldFrom = inserted.id;
        }
      }
      return { stored: 'entry', entryId: inserted.id };
    });
  // A lost connection (a database restart, a failover) is tried again: the unique fingerprint
  // makes a repeat of a transaction that did commit a duplicate, answered as received.
  const outcome = await retryWhileConnectionLost(async () => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof CouponUsedUp) return { stored: 'coupon-used-up' } as const;
      throw error;
    }
  });
  if (copyWithheldFrom !== undefined) {
    deps.log.warn('Visitor copy not sent: its address had its copies for this hour', {
      form: entry.form.id,
      entry: copyWithheldFrom,
    });
  }
  if (outcome.stored === 'duplicate') {
    return { stored: 'duplicate', existing: await entryByFingerprint(deps, entry.fingerprint) };
  }
  if (outcome.stored === 'entry' && entry.status === 'entry') {
    if (!mailsHeld) deps.deliverMailSoon();
    const { notifications } = entry.form.definition.settings;
    if (notifications.owner && notifications.ownerTo.length === 0 && administrators.length === 0) {
      deps.log.warn(
        `A new entry of form ${entry.form.id} ("${entry.form.definition.title}") notifies nobody: the form names no recipient and no administrator exists. Create one with: npm run quire -- admin create --email you@example.org`,
      );
    }
  }
  return outcome;
}

/** A card order's mails wait for its payment; an offline or free one's go at once. */
const mailsWaitForPayment = (order: PreparedOrder) =>
  order.provider === 'stripe' && order.summary.total > 0;

/** The payment line of an order's mails, as it stands when they are sent. */
function orderMailStatus(order: PreparedOrder): string {
  if (order.summary.total === 0) return paymentMessages.statusNothingDue;
  // A card order's mails are sent only once it is paid.
  return mailsWaitForPayment(order) ? paymentMessages.status.paid : paymentMessages.status.awaiting;
}

async function entryByFingerprint(
  deps: Pick<FormsDependencies, 'db'>,
  fingerprint: string,
): Promise<ExistingEntry | undefined> {
  const row = await deps.db
    .selectFrom('form_entries')
    .select(['id', 'status', 'payment_status', 'payment_provider', 'total'])
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      status: row.status,
      paymentStatus: row.payment_status,
      provider: row.payment_provider,
      total: row.total === null ? null : Number(row.total),
    }
  );
}

/**
 * Frees an entry's fingerprint, so the same filled-in form sent again is a new attempt rather
 * than a repeat of this one: for an order that failed, or a submission refused as spam.
 */
export async function releaseFingerprint(deps: Pick<FormsDependencies, 'db'>, entryId: number) {
  await deps.db
    .updateTable('form_entries')
    .set({ fingerprint: `released:${entryId}` })
    .where('id', '=', entryId)
    .execute();
}
