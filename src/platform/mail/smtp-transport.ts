import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailIdentity } from './compose-mail.ts';
import { composeMail, type MailSender } from './compose-mail.ts';
import type { MailMessage } from './mail-message.ts';
import type { MailServer } from './mail-settings.ts';

/** One SMTP server's connection, reused for every mail sent through it. */
export type SmtpTransport = {
  /** For messages and log lines: `smtp://host:port`, never the credentials. */
  description: string;
  send: (
    message: MailMessage,
    identity: MailIdentity,
    sender: MailSender,
  ) => Promise<{ rejected: string[] }>;
  close: () => void;
};

// The timeouts are far below the outbox lock (deliver-due-mail.ts), so a hanging server makes an
// attempt fail instead of outliving the claim and letting another process send it too.
const timeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

/**
 * Sends through the SMTP server of MAIL_URL (`smtp://` or `smtps://`, credentials in the URL)
 * or of Settings → Mail.
 */
export function createSmtpTransport(server: { url: string } | MailServer): SmtpTransport {
  // Loaded only where a mail server is named (see compose-mail.ts).
  const { createTransport } = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
  let options: SMTPTransport.Options;
  let description: string;
  if ('url' in server) {
    const url = new URL(server.url);
    options = { url: server.url, ...timeouts } as SMTPTransport.Options;
    description = `${url.protocol}//${url.host}`;
  } else {
    options = {
      host: server.host,
      port: server.port,
      secure: server.security === 'tls',
      requireTLS: server.security === 'starttls',
      ignoreTLS: server.security === 'none',
      auth: server.user ? { user: server.user, pass: server.password } : undefined,
      ...timeouts,
    };
    description = `${server.security === 'tls' ? 'smtps' : 'smtp'}://${server.host}:${server.port}`;
  }
  const transporter = createTransport(options);
  return {
    description,
    send: async (message, identity, sender) => {
      const info = await transporter.sendMail(composeMail(message, sender, identity));
      return { rejected: (info.rejected ?? []).map(String) };
    },
    close: () => transporter.close(),
  };
}
