import type { Transaction } from 'kysely';
import type { DatabaseHandle, Db } from '../db/connect.ts';
import type { Database } from '../db/schema.ts';
import { type MailMessage, mailMessageSchema } from './mail-message.ts';

/** A mail taken from the outbox to be sent. */
export type OutboxMail = {
  id: number;
  /** When it was enqueued (epoch ms). */
  queuedAt: number;
  /** Attempts made before this one. */
  attempts: number;
  /** The stored JSON; parsed by the sender, so a broken row fails alone. */
  message: string;
};

/**
 * Puts a message in the outbox, due at once. Pass the transaction that stores what the mail is
 * about, so both are kept or neither. With `holdKey` the mail waits, unsent, until
 * `releaseHeldMails` frees it (or `dropHeldMails` removes it): an order's mails are written with
 * the order and sent only once it is paid. Returns the outbox id.
 */
export async function enqueueMail(
  db: Db | Transaction<Database>,
  message: MailMessage,
  now: number = Date.now(),
  options: { holdKey?: string | undefined } = {},
): Promise<number> {
  const row = await db
    .insertInto('mail_outbox')
    .values({
      message: JSON.stringify(mailMessageSchema.parse(message)),
      status: options.holdKey === undefined ? 'pending' : 'held',
      hold_key: options.holdKey ?? null,
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Sends the mails held under `key` from now on; how many were waiting. */
export async function releaseHeldMails(
  db: Db | Transaction<Database>,
  key: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ status: 'pending', next_attempt_at: now, created_at: now })
    .where('hold_key', '=', key)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Removes the mails held under `key`, unsent: what they were about will not happen. */
export async function dropHeldMails(db: Db | Transaction<Database>, key: string): Promise<number> {
  const result = await db
    .deleteFrom('mail_outbox')
    .where('hold_key', '=', key)
    .where('status', '=', 'held')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Puts many messages in the outbox at once, due at once, in multi-row inserts of `batchSize`
 * (a mailing to every subscriber costs a few statements, not one per mail). Pass the
 * transaction that records what the mails are about. Returns how many were queued.
 */
export async function enqueueMails(
  db: Db | Transaction<Database>,
  messages: readonly MailMessage[],
  now: number = Date.now(),
  batchSize = 200,
): Promise<number> {
  for (let start = 0; start < messages.length; start += batchSize) {
    await db
      .insertInto('mail_outbox')
      .values(
        messages.slice(start, start + batchSize).map((message) => ({
          message: JSON.stringify(mailMessageSchema.parse(message)),
          status: 'pending' as const,
          attempts: 0,
          next_attempt_at: now,
          created_at: now,
        })),
      )
      .execute();
  }
  return messages.length;
}

/**
 * Takes the next due mail for this process and locks it until `lockedUntil`, or returns
 * undefined when nothing is due. The claim is one UPDATE: on PostgreSQL its row is chosen with
 * `for update skip locked`, so concurrent claimers pass over each other's rows instead of
 * waiting; SQLite runs a writing statement under the database's write lock. Either way two
 * processes never hold the same mail. A process that dies mid-send leaves a lock that expires.
 */
export async function claimNextDueMail(
  { db, kind }: DatabaseHandle,
  now: number,
  lockedUntil: number,
): Promise<OutboxMail | undefined> {
  let due = db
    .selectFrom('mail_outbox')
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(1);
  if (kind === 'postgres') due = due.forUpdate().skipLocked();
  const row = await db
    .updateTable('mail_outbox')
    .set({ locked_until: lockedUntil })
    .where('id', 'in', due)
    .returning(['id', 'created_at', 'attempts', 'message'])
    .executeTakeFirst();
  return (
    row && { id: row.id, queuedAt: row.created_at, attempts: row.attempts, message: row.message }
  );
}

/** Marks a claimed mail as sent; `note` keeps what the server said about refused recipients. */
export async function recordMailSent(
  db: Db,
  id: number,
  now: number,
  note: string | null = null,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: 'sent',
      sent_at: now,
      attempts: eb('attempts', '+', 1),
      locked_until: null,
      last_error: note,
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Records a failed attempt: the mail waits until `retryAt`, or is kept as `failed` when
 * `retryAt` is undefined (its last attempt).
 */
export async function recordMailFailure(
  db: Db,
  id: number,
  error: string,
  retryAt: number | undefined,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set((eb) => ({
      status: retryAt === undefined ? 'failed' : 'pending',
      attempts: eb('attempts', '+', 1),
      ...(retryAt === undefined ? {} : { next_attempt_at: retryAt }),
      locked_until: null,
      last_error: error.slice(0, 2000),
    }))
    .where('id', '=', id)
    .execute();
}
