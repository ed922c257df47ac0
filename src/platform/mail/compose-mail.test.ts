import { describe, expect, it } from 'vitest';
import { buildRawMail, composeMail, domainOf } from './compose-mail.ts';
import { outboxFileName } from './file-outbox.ts';
import { mailMessageSchema } from './mail-message.ts';

const from = 'Quire <no-reply@blog.example.org>';
const identity = { id: 42, queuedAt: Date.UTC(2026, 10, 21, 12, 30) };

/** The header block of a raw message, with folded lines joined. */
function headersOf(raw: string): string {
  return raw.slice(0, raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
}

describe('composing a mail', () => {
  it('builds a complete message with the sender, recipients, subject and body', async () => {
    const raw = (
      await buildRawMail(
        { to: ['ann@example.org', 'Bob <bob@example.net>'], subject: 'New entry', text: 'Hello' },
        from,
        identity,
      )
    ).toString('utf8');
    const headers = headersOf(raw);
    expect(headers).toContain('From: Quire <no-reply@blog.example.org>');
    expect(headers).toContain('To: ann@example.org, Bob <bob@example.net>');
    expect(headers).toContain('Subject: New entry');
    expect(headers).toContain('Date: Sat, 21 Nov 2026 12:30:00 +0000');
    expect(headers).toContain('MIME-Version: 1.0');
    expect(headers).toMatch(/Content-Type: text\/plain/);
    expect(raw.slice(raw.indexOf('\r\n\r\n') + 4)).toBe('Hello\r\n');
    expect(raw.replace(/\r\n/g, '')).not.toContain('\n');
  });

  it('sends HTML as an alternative to the text and keeps extra headers', async () => {
    const raw = (
      await buildRawMail(
        {
          to: 'ann@example.org',
          subject: 'Digest',
          text: 'Plain body',
          html: '<p>HTML body</p>',
          replyTo: 'owner@example.org',
          headers: { 'List-Unsubscribe': '<https://blog.example.org/unsubscribe?t=abc>' },
        },
        from,
        identity,
      )
    ).toString('utf8');
    const headers = headersOf(raw);
    expect(headers).toMatch(/Content-Type: multipart\/alternative/);
    expect(headers).toContain('Reply-To: owner@example.org');
    expect(headers).toContain('List-Unsubscribe: <https://blog.example.org/unsubscribe?t=abc>');
    expect(raw).toContain('Plain body');
    expect(raw).toContain('<p>HTML body</p>');
  });

  it('encodes a subject that is not ASCII and cannot be made to add headers', async () => {
    const raw = (
      await buildRawMail(
        { to: 'ann@example.org', subject: 'Grüße\r\nBcc: spy@example.com', text: 'x' },
        from,
        identity,
      )
    ).toString('utf8');
    const headers = headersOf(raw);
    expect(headers).toMatch(/Subject: =\?UTF-8\?/);
    expect(headers).not.toMatch(/^Bcc:/m);
  });

  it('gives every attempt at one outbox mail the same Message-ID', () => {
    const message = { to: 'ann@example.org', subject: 'Hi', text: 'x' };
    const first = composeMail(message, from, identity);
    expect(first.messageId).toBe(`<quire-mail-42-${identity.queuedAt}@blog.example.org>`);
    expect(composeMail(message, from, identity).messageId).toBe(first.messageId);
    expect(composeMail(message, from, { ...identity, id: 43 }).messageId).not.toBe(first.messageId);
  });

  it('finds the domain of a sender address in either form', () => {
    expect(domainOf('no-reply@Example.org')).toBe('example.org');
    expect(domainOf('Quire <no-reply@example.org>')).toBe('example.org');
    expect(domainOf('nobody')).toBe('quire.invalid');
  });
});

describe('mail messages', () => {
  it('accepts one recipient or several', () => {
    expect(mailMessageSchema.safeParse({ to: 'a@b.c', subject: 's', text: 't' }).success).toBe(
      true,
    );
    expect(
      mailMessageSchema.safeParse({ to: ['a@b.c', 'd@e.f'], subject: 's', text: 't' }).success,
    ).toBe(true);
  });

  it('refuses a message without recipients or with a header name that is not one', () => {
    for (const message of [
      { to: [], subject: 's', text: 't' },
      { to: '', subject: 's', text: 't' },
      { to: 'a@b.c', subject: 's', text: 't', headers: { 'X-Bad: yes\r\nBcc': 'x' } },
      { to: 'a@b.c', subject: 's' },
    ]) {
      expect(mailMessageSchema.safeParse(message).success, JSON.stringify(message)).toBe(false);
    }
  });
});

describe('outbox file names', () => {
  it('sort by the time a mail was queued, then by its id', () => {
    const names = [
      outboxFileName({ id: 100, queuedAt: Date.UTC(2026, 10, 21, 12) }),
      outboxFileName({ id: 9, queuedAt: Date.UTC(2026, 10, 21, 12) }),
      outboxFileName({ id: 3, queuedAt: Date.UTC(2026, 10, 21, 13) }),
      outboxFileName({ id: 1, queuedAt: Date.UTC(2026, 9, 1) }),
    ];
    expect([...names].sort()).toEqual([names[3], names[1], names[0], names[2]]);
    expect(names[1]).toBe('2026-11-21T12-00-00-000Z-00000009.eml');
  });
});
