import type { DatabaseHandle } from '../db/connect.ts';
import type { Logger } from '../log.ts';
import { type DeliveryReport, defaultBatchSize, deliverDueMail } from './deliver-due-mail.ts';
import type { MailMessage } from './mail-message.ts';
import { enqueueMail } from './mail-outbox.ts';
import type { MailRoute, MailTransport } from './mail-transport.ts';

/** The app's mail service: the outbox plus the loop that empties it. */
export type Mailer = {
  /** Stores the message in the outbox (returns its id); a started mailer sends it shortly. */
  enqueue: (message: MailMessage) => Promise<number>;
  /**
   * Asks a started mailer to deliver soon, for callers that enqueued with enqueueMail inside
   * their own transaction; call it after the commit.
   */
  deliverSoon: () => void;
  /** Delivers what is due now (or at `now`); runs of one mailer never overlap. */
  deliverDue: (now?: number) => Promise<DeliveryReport>;
  /**
   * Sends one mail at once, past the outbox, and says whether the mail server took it: the
   * admin's test mail, whose point is to show the owner what happens. Never retried.
   */
  sendNow: (
    message: MailMessage,
  ) => Promise<{ sent: true; route: MailRoute } | { sent: false; problem: string }>;
  /** Where mail goes now (the settings are read again): a mail server, or a local folder. */
  route: () => Promise<MailRoute>;
  /** Delivers due mail every `intervalMs` and shortly after each enqueue, until stop(). */
  start: (intervalMs?: number) => void;
  /** Stops the loop, waits for a run in flight and closes the transport. */
  stop: () => Promise<void>;
};

export type MailerOptions = {
  database: DatabaseHandle;
  transport: MailTransport;
  log: Logger;
  batchSize?: number;
  /** How long after an enqueue the delivery starts, so a burst of mails goes in one run. */
  debounceMs?: number;
};

export const defaultDeliveryIntervalMs = 5000;

export function createMailer({
  database,
  transport,
  log,
  batchSize,
  debounceMs = 100,
}: MailerOptions): Mailer {
  let queue: Promise<void> = Promise.resolve();
  let runsQueued = 0;
  let interval: NodeJS.Timeout | undefined;
  let soon: NodeJS.Timeout | undefined;
  let runAgain = false;
  let stopped = false;

  async function deliverDue(now?: number): Promise<DeliveryReport> {
    if (stopped) throw new Error('The mailer is stopped');
    runsQueued++;
    const previous = queue;
    let release!: () => void;
    queue = new Promise((resolve) => {
      release = resolve;
    });
    try {
      await previous;
      return await deliverDueMail({ database, transport, now, batchSize, log });
    } finally {
      runsQueued--;
      release();
      if (runsQueued === 0 && runAgain) {
        runAgain = false;
        deliverSoon();
      }
    }
  }

  // Skipped while a run is queued or in flight, but remembered: a mail enqueued just after
  // that run looked for work must not wait for the next interval.
  function tick(): void {
    if (!interval) return;
    if (runsQueued > 0) {
      runAgain = true;
      return;
    }
    deliverDue().then(
      (report) => {
        const handled = report.sent + report.retrying + report.failed;
        if (handled > 0) log.debug('Mail delivery', report);
        // A full batch means more may be due: go on at once instead of at the next interval.
        if (handled >= (batchSize ?? defaultBatchSize)) deliverSoon();
      },
      (error: unknown) => {
        log.warn(`Mail delivery stopped early: ${error instanceof Error ? error.message : error}`);
      },
    );
  }

  function deliverSoon(): void {
    if (!interval || soon) return;
    soon = setTimeout(() => {
      soon = undefined;
      tick();
    }, debounceMs);
    soon.unref();
  }

  return {
    enqueue: async (message) => {
      const id = await enqueueMail(database.db, message);
      deliverSoon();
      return id;
    },
    deliverSoon,
    deliverDue,
    sendNow: async (message) => {
      try {
        const { rejected, route } = await transport.send(message, { id: 0, queuedAt: Date.now() });
        return rejected.length > 0
          ? { sent: false, problem: `the mail server refused ${rejected.join(', ')}` }
          : { sent: true, route };
      } catch (error) {
        return { sent: false, problem: serverAnswer(error) };
      }
    },
    route: () => transport.route(),
    start: (intervalMs = defaultDeliveryIntervalMs) => {
      if (stopped) throw new Error('The mailer is stopped');
      if (interval) return;
      interval = setInterval(tick, intervalMs);
      interval.unref();
      deliverSoon();
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      clearInterval(interval);
      clearTimeout(soon);
      interval = undefined;
      soon = undefined;
      await queue;
      transport.close();
    },
  };
}

/** What went wrong, with the mail server's own answer when it gave one (nodemailer's `response`). */
function serverAnswer(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const response = (error as { response?: unknown }).response;
  return typeof response === 'string' && response !== '' && !error.message.includes(response)
    ? `${error.message} (the server answered: ${response})`
    : error.message;
}
