import type { Db } from '../db/connect.ts';
import type { MailStatus } from '../db/schema.ts';
import { mailMessageSchema } from './mail-message.ts';

/** A mail not yet sent, as the owner's Outbox screen lists it. */
export type WaitingMail = {
  id: number;
  status: Exclude<MailStatus, 'sent' | 'held'>;
  to: string;
  subject: string;
  attempts: number;
  /** When the next attempt is due (pending) — epoch ms. */
  nextAttemptAt: number;
  lastError: string | null;
  queuedAt: number;
};

/** How many mails the screen lists at most; the count says how many there are in all. */
export const outboxListLimit = 200;

/**
 * The mails waiting in the outbox or given up on: failed first, then pending by when they are
 * due. A row whose message cannot be read is listed by its id with an empty subject.
 */
export async function waitingMails(
  db: Db,
): Promise<{ mails: WaitingMail[]; pending: number; failed: number }> {
  const [rows, counts] = await Promise.all([
    db
      .selectFrom('mail_outbox')
      .select([
        'id',
        'status',
        'message',
        'attempts',
        'next_attempt_at',
        'last_error',
        'created_at',
      ])
      .where('status', 'in', ['pending', 'failed'])
      .orderBy('status', 'asc')
      .orderBy('next_attempt_at', 'asc')
      .orderBy('id', 'asc')
      .limit(outboxListLimit)
      .execute(),
    db
      .selectFrom('mail_outbox')
      .select(['status', (eb) => eb.fn.countAll<string | number>().as('count')])
      .where('status', 'in', ['pending', 'failed'])
      .groupBy('status')
      .execute(),
  ]);
  const count = (status: MailStatus) =>
    Number(counts.find((row) => row.status === status)?.count ?? 0);
  return {
    pending: count('pending'),
    failed: count('failed'),
    mails: rows.map((row) => {
      let to = '';
      let subject = '';
      try {
        const message = mailMessageSchema.parse(JSON.parse(row.message));
        to = [message.to].flat().join(', ');
        subject = message.subject;
      } catch {
        // Listed all the same, so the owner can discard it.
      }
      return {
        id: row.id,
        status: row.status as WaitingMail['status'],
        to,
        subject,
        attempts: row.attempts,
        nextAttemptAt: row.next_attempt_at,
        lastError: row.last_error,
        queuedAt: row.created_at,
      };
    }),
  };
}

/** Makes a waiting or failed mail due now; false when it is no longer waiting. */
export async function retryMailNow(db: Db, id: number, now = Date.now()): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', next_attempt_at: now, locked_until: null })
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a mail that was not sent (and is not being sent); false when there is none. */
export async function discardMail(db: Db, id: number, now = Date.now()): Promise<boolean> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('id', '=', id)
    .where('status', 'in', ['pending', 'failed'])
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
