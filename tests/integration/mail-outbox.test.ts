import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeSiteSettings } from '../../src/features/site/server/site-settings-store.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { createLogger } from '../../src/platform/log.ts';
import { deliverDueMail } from '../../src/platform/mail/deliver-due-mail.ts';
import type { MailMessage } from '../../src/platform/mail/mail-message.ts';
import { claimNextDueMail, enqueueMail } from '../../src/platform/mail/mail-outbox.ts';
import { createMailTransport, type MailTransport } from '../../src/platform/mail/mail-transport.ts';
import { createMailer } from '../../src/platform/mail/mailer.ts';
import { maxSendAttempts, retryDelaysMs } from '../../src/platform/mail/retry-schedule.ts';
import { boot } from '../../src/server/boot.ts';
import { testDatabases } from '../support/databases.ts';
import { startSmtpPeer } from '../support/smtp-peer.ts';
import { freePort } from '../support/test-server.ts';

const now = Date.UTC(2026, 10, 21, 12);
const hour = 3_600_000;
const from = 'Quire <no-reply@blog.example.org>';
const noReplyAddress = 'no-reply@blog.example.org';
const silent = createLogger('silent');

function smtpTransport(port: number): MailTransport {
  return createMailTransport({
    mail: { smtpUrl: `smtp://quire:secret@127.0.0.1:${port}`, from, noReplyAddress },
    dataDir: '',
  });
}

function message(subject: string, extra: Partial<MailMessage> = {}): MailMessage {
  return { to: 'reader@example.org', subject, text: `Body of ${subject}`, ...extra };
}

function subjectOf(raw: string): string | undefined {
  return /^Subject: (.*)$/m.exec(raw)?.[1]?.trim();
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A second, independent connection to the same database, as another process would have. */
async function connectAgain(handle: DatabaseHandle): Promise<DatabaseHandle> {
  if (handle.kind === 'postgres') {
    return connectDatabase({ kind: 'postgres', url: process.env.TEST_DATABASE_URL! });
  }
  const main = await sql<{ name: string; file: string }>`pragma database_list`.execute(handle.db);
  const file = main.rows.find((row) => row.name === 'main')!.file;
  return connectDatabase({ kind: 'sqlite', file });
}

describe.each(testDatabases())('mail outbox on $name', ({ open }) => {
  let handle: DatabaseHandle & { close: () => Promise<void> };
  const cleanups: (() => Promise<void> | void)[] = [];

  const outboxRows = () => handle.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
  const outboxRow = (id: number) =>
    handle.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const peer = async (port?: number) => {
    const started = await startSmtpPeer(port);
    cleanups.push(started.stop);
    return started;
  };

  beforeEach(async () => {
    handle = await open();
  });
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    await handle.close();
  });

  it('delivers a queued mail through SMTP with the credentials of the URL', async () => {
    const smtp = await peer();
    const transport = smtpTransport(smtp.port);
    const id = await enqueueMail(
      handle.db,
      message('Welcome', {
        headers: { 'List-Unsubscribe': '<https://blog.example.org/unsubscribe?t=abc>' },
      }),
      now,
    );

    expect(await deliverDueMail({ database: handle, transport, now })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });

    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail).toMatchObject({
      from: 'no-reply@blog.example.org',
      to: ['reader@example.org'],
      user: 'quire',
    });
    expect(mail!.raw).toContain('Subject: Welcome');
    expect(mail!.raw).toContain('List-Unsubscribe: <https://blog.example.org/unsubscribe?t=abc>');
    expect(mail!.raw).toContain('Body of Welcome');
    expect(await outboxRow(id)).toMatchObject({
      status: 'sent',
      sent_at: now,
      attempts: 1,
      locked_until: null,
      last_error: null,
    });
    expect(await deliverDueMail({ database: handle, transport, now: now + hour })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps a mail while the server is down and sends it once when it is back', async () => {
    const port = await freePort();
    const transport = smtpTransport(port);
    const id = await enqueueMail(handle.db, message('Order received'), now);

    expect(await deliverDueMail({ database: handle, transport, now })).toEqual({
      sent: 0,
      retrying: 1,
      failed: 0,
    });
    const waiting = await outboxRow(id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, locked_until: null });
    expect(waiting.last_error).toContain('ECONNREFUSED');
    expect(waiting.next_attempt_at).toBe(now + retryDelaysMs[0]!);

    const smtp = await peer(port);
    // Not due yet: the server being back changes nothing before the retry time.
    expect((await deliverDueMail({ database: handle, transport, now: now + 30_000 })).sent).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect((await outboxRow(id)).attempts).toBe(1);

    expect((await deliverDueMail({ database: handle, transport, now: now + 61_000 })).sent).toBe(1);
    expect((await deliverDueMail({ database: handle, transport, now: now + 2 * hour })).sent).toBe(
      0,
    );
    expect(smtp.received.map((mail) => subjectOf(mail.raw))).toEqual(['Order received']);
    expect(await outboxRow(id)).toMatchObject({
      status: 'sent',
      attempts: 2,
      sent_at: now + 61_000,
      locked_until: null,
    });
  });

  it('backs off after each failure and keeps the mail as failed after the last attempt', async () => {
    const transport = smtpTransport(await freePort());
    const id = await enqueueMail(handle.db, message('Never arrives'), now);
    const waits: number[] = [];
    let at = now;
    for (let attempt = 1; attempt <= maxSendAttempts; attempt++) {
      // Just before the retry time nothing happens.
      if (attempt > 1) {
        expect(await deliverDueMail({ database: handle, transport, now: at - 1 })).toEqual({
          sent: 0,
          retrying: 0,
          failed: 0,
        });
      }
      await deliverDueMail({ database: handle, transport, now: at });
      const row = await outboxRow(id);
      expect(row.attempts).toBe(attempt);
      if (row.status === 'pending') {
        waits.push(row.next_attempt_at - at);
        at = row.next_attempt_at;
      }
    }
    expect(waits).toEqual(retryDelaysMs);
    const row = await outboxRow(id);
    expect(row).toMatchObject({ status: 'failed', attempts: maxSendAttempts, sent_at: null });
    expect(row.last_error).toContain('ECONNREFUSED');
    expect(await deliverDueMail({ database: handle, transport, now: at + 30 * 24 * hour })).toEqual(
      { sent: 0, retrying: 0, failed: 0 },
    );
  });

  it('sends each mail once when two processes deliver at the same time', async () => {
    const smtp = await peer();
    const other = await connectAgain(handle);
    cleanups.push(() => other.db.destroy());
    const subjects = Array.from({ length: 12 }, (_, i) => `Mail ${i + 1}`);
    for (const subject of subjects) await enqueueMail(handle.db, message(subject), now);

    // Two deliverers on each connection, each with its own SMTP connection.
    const reports = await Promise.all(
      [handle, other, handle, other].map((database) =>
        deliverDueMail({ database, transport: smtpTransport(smtp.port), now }),
      ),
    );

    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(subjects.length);
    expect(smtp.received.map((mail) => subjectOf(mail.raw)).sort()).toEqual([...subjects].sort());
    expect((await outboxRows()).map((row) => [row.status, row.attempts])).toEqual(
      subjects.map(() => ['sent', 1]),
    );
  });

  it('leaves a mail claimed by a process that died until its lock runs out', async () => {
    const smtp = await peer();
    const transport = smtpTransport(smtp.port);
    const id = await enqueueMail(handle.db, message('Orphan'), now);
    const lockedUntil = now + 10 * 60_000;
    expect((await claimNextDueMail(handle, now, lockedUntil))?.id).toBe(id);
    expect(await claimNextDueMail(handle, now, lockedUntil)).toBeUndefined();

    expect((await deliverDueMail({ database: handle, transport, now: now + 60_000 })).sent).toBe(0);
    expect(smtp.received).toHaveLength(0);
    expect((await deliverDueMail({ database: handle, transport, now: lockedUntil + 1 })).sent).toBe(
      1,
    );
    expect(smtp.received).toHaveLength(1);
  });

  it('stores a mail together with the transaction it was enqueued in, or not at all', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, message('Rolled back'), now);
        throw new Error('the entry could not be saved');
      }),
    ).rejects.toThrow('the entry could not be saved');
    expect(await outboxRows()).toEqual([]);

    await handle.db.transaction().execute((trx) => enqueueMail(trx, message('Committed'), now));
    expect((await outboxRows()).map((row) => row.status)).toEqual(['pending']);
  });

  it('writes readable .eml files to the outbox folder when no SMTP server is configured', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-mail-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const transport = createMailTransport({
      mail: { smtpUrl: undefined, from, noReplyAddress },
      dataDir,
    });
    await enqueueMail(handle.db, message('First'), now);
    await enqueueMail(
      handle.db,
      message('Second', { to: ['a@example.org', 'b@example.org'] }),
      now + 1,
    );

    expect((await deliverDueMail({ database: handle, transport, now: now + 1 })).sent).toBe(2);

    const outbox = join(dataDir, 'outbox');
    const files = readdirSync(outbox).sort();
    expect(files).toHaveLength(2);
    expect(files.every((file) => file.endsWith('.eml'))).toBe(true);
    const [first, second] = files.map((file) => readFileSync(join(outbox, file), 'utf8'));
    expect(first).toContain('From: Quire <no-reply@blog.example.org>');
    expect(first).toContain('To: reader@example.org');
    expect(first).toContain('Subject: First');
    expect(first).toContain('Body of First');
    expect(second).toContain('To: a@example.org, b@example.org');
    expect(second).toContain('Subject: Second');
    expect((await outboxRows()).map((row) => row.status)).toEqual(['sent', 'sent']);
  });

  it('a started mailer sends what is enqueued shortly after, and stops cleanly', async () => {
    const smtp = await peer();
    const mailer = createMailer({
      database: handle,
      transport: smtpTransport(smtp.port),
      log: silent,
    });
    mailer.start(60_000);
    await mailer.enqueue(message('Right away'));
    await waitFor(() => smtp.received.length === 1, 'the first mail');
    await mailer.enqueue(message('After the first run'));
    await waitFor(() => smtp.received.length === 2, 'the second mail');
    await mailer.stop();

    expect(smtp.received.map((mail) => subjectOf(mail.raw))).toEqual([
      'Right away',
      'After the first run',
    ]);
    await expect(mailer.deliverDue()).rejects.toThrow('stopped');
  });

  it('works through a backlog larger than one batch without waiting for the interval', async () => {
    const smtp = await peer();
    const mailer = createMailer({
      database: handle,
      transport: smtpTransport(smtp.port),
      log: silent,
      batchSize: 2,
    });
    for (let i = 0; i < 7; i++) await enqueueMail(handle.db, message(`Backlog ${i}`));
    // An hour between intervals: only the full-batch follow-up can send all seven in time.
    mailer.start(3_600_000);
    await waitFor(() => smtp.received.length === 7, 'the whole backlog');
    await mailer.stop();
  });

  it('stops only after the delivery in flight has finished', async () => {
    const smtp = await peer();
    const mailer = createMailer({
      database: handle,
      transport: smtpTransport(smtp.port),
      log: silent,
    });
    await enqueueMail(handle.db, message('Last one out'), now);
    const running = mailer.deliverDue(now);
    await mailer.stop();
    expect(smtp.received).toHaveLength(1);
    expect((await running).sent).toBe(1);
    expect((await outboxRows()).map((row) => row.status)).toEqual(['sent']);
  });

  it('never runs two deliveries of one mailer at once', async () => {
    const smtp = await peer();
    const transport = smtpTransport(smtp.port);
    let sending = 0;
    let mostAtOnce = 0;
    const watched: MailTransport = {
      ...transport,
      send: async (mail, identity) => {
        mostAtOnce = Math.max(mostAtOnce, ++sending);
        try {
          return await transport.send(mail, identity);
        } finally {
          sending--;
        }
      },
    };
    const mailer = createMailer({ database: handle, transport: watched, log: silent });
    for (const subject of ['A', 'B', 'C', 'D']) await enqueueMail(handle.db, message(subject), now);

    const reports = await Promise.all([mailer.deliverDue(now), mailer.deliverDue(now)]);
    await mailer.stop();

    expect(reports.map((report) => report.sent)).toEqual([4, 0]);
    expect(mostAtOnce).toBe(1);
    expect(smtp.received).toHaveLength(4);
  });
});

describe('the booted app', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'quire-mail-boot-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const env = (extra: Record<string, string> = {}) => ({
    DATABASE_URL: `sqlite:${join(dir, 'quire.db')}`,
    DATA_DIR: dir,
    QUIRE_DEMO_CONTENT: 'never',
    LOG_LEVEL: 'silent',
    ...extra,
  });

  it('sends through MAIL_URL from MAIL_FROM only when asked to deliver', async () => {
    const smtp = await startSmtpPeer();
    const app = await boot(
      env({ MAIL_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Blog <blog@example.org>' }),
    );
    try {
      await app.mail.enqueue(message('From the app'));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(smtp.received).toHaveLength(0);
      expect((await app.mail.deliverDue()).sent).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'blog@example.org', user: undefined });
    } finally {
      await app.close();
      await smtp.stop();
    }
  });

  it('sends from no-reply@ under the site’s current title when MAIL_FROM is not set', async () => {
    const smtp = await startSmtpPeer();
    const app = await boot(
      env({ MAIL_URL: `smtp://127.0.0.1:${smtp.port}`, SITE_URL: 'https://notes.example.org' }),
    );
    try {
      await writeSiteSettings(app.database.db, { title: 'Field Notes: "Sketches"' });
      await app.mail.enqueue(message('Titled'));
      expect((await app.mail.deliverDue()).sent).toBe(1);
      await writeSiteSettings(app.database.db, { title: 'Renamed' });
      await app.mail.enqueue(message('Renamed'));
      expect((await app.mail.deliverDue()).sent).toBe(1);
    } finally {
      await app.close();
      await smtp.stop();
    }
    expect(smtp.received.map((mail) => mail.from)).toEqual([
      'no-reply@notes.example.org',
      'no-reply@notes.example.org',
    ]);
    const fromHeader = (raw: string) => /^From: (.*)$/m.exec(raw)?.[1]?.trim();
    expect(smtp.received.map((mail) => fromHeader(mail.raw))).toEqual([
      '"Field Notes: \\"Sketches\\"" <no-reply@notes.example.org>',
      'Renamed <no-reply@notes.example.org>',
    ]);
  });

  it('writes to DATA_DIR/outbox without MAIL_URL', async () => {
    const app = await boot(env());
    try {
      await app.mail.enqueue(message('Into the outbox'));
      expect((await app.mail.deliverDue()).sent).toBe(1);
    } finally {
      await app.close();
    }
    const files = readdirSync(join(dir, 'outbox'));
    expect(files).toHaveLength(1);
    expect(readFileSync(join(dir, 'outbox', files[0]!), 'utf8')).toContain(
      'Subject: Into the outbox',
    );
  });
});
