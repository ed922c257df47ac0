import type { DatabaseHandle } from '../db/connect.ts';
import type { Logger } from '../log.ts';
import { type MailMessage, parseStoredMailMessage } from './mail-message.ts';
import { claimNextDueMail, recordMailFailure, recordMailSent } from './mail-outbox.ts';
import type { MailTransport } from './mail-transport.ts';
import { nextAttemptAt } from './retry-schedule.ts';

export type DeliveryOptions = {
  database: DatabaseHandle;
  transport: MailTransport;
  /**
   * The time the run acts at (epoch ms); tests pass it instead of faking timers. Without it
   * the clock is read for every mail, so a long run never takes a lock that has already run out.
   */
  now?: number;
  /** The most mails one run sends; the rest wait for the next run. */
  batchSize?: number;
  /**
   * How long a claimed mail stays locked to this process. It must outlast one send (the SMTP
   * timeouts are about two minutes at worst); a crashed process's mail is retried after it.
   */
  lockMs?: number;
  log?: Logger;
};

export type DeliveryReport = { sent: number; retrying: number; failed: number };

export const defaultBatchSize = 20;
const defaultLockMs = 10 * 60_000;

/**
 * Sends the mail that is due, one claimed row at a time, and records each outcome: `sent`, or
 * a failed attempt that waits according to the retry schedule, or `failed` after the last one.
 * Processes running this at the same time never send the same mail (see claimNextDueMail).
 */
export async function deliverDueMail({
  database,
  transport,
  now,
  batchSize = defaultBatchSize,
  lockMs = defaultLockMs,
  log,
}: DeliveryOptions): Promise<DeliveryReport> {
  const clock = () => now ?? Date.now();
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < batchSize; i++) {
    const claimedAt = clock();
    const mail = await claimNextDueMail(database, claimedAt, claimedAt + lockMs);
    if (!mail) break;
    let message: MailMessage;
    try {
      message = parseStoredMailMessage(mail.message);
    } catch (error) {
      // Trying again cannot repair a row; keep it for a person to look at.
      await recordMailFailure(
        database.db,
        mail.id,
        `Unreadable: ${describeError(error)}`,
        undefined,
      );
      report.failed++;
      log?.warn(`Mail ${mail.id} is unreadable and will not be sent`);
      continue;
    }
    let rejected: string[];
    try {
      rejected = (await transport.send(message, { id: mail.id, queuedAt: mail.queuedAt })).rejected;
    } catch (error) {
      const reason = describeError(error);
      const retryAt = nextAttemptAt(mail.attempts + 1, clock());
      await recordMailFailure(database.db, mail.id, reason, retryAt);
      if (retryAt === undefined) report.failed++;
      else report.retrying++;
      const { destination } = await transport.route();
      log?.warn(`Mail ${mail.id} not sent through ${destination}: ${reason}`, {
        attempt: mail.attempts + 1,
        nextAttemptAt: retryAt === undefined ? 'never' : new Date(retryAt).toISOString(),
      });
      continue;
    }
    const note = rejected.length > 0 ? `Refused recipients: ${rejected.join(', ')}` : null;
    await recordMailSent(database.db, mail.id, clock(), note);
    report.sent++;
    if (note) log?.warn(`Mail ${mail.id} sent, but ${note}`);
  }
  return report;
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code)
    ? `${code}: ${error.message}`
    : error.message;
}
