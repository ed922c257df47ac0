import { createRequire } from 'node:module';
import type nodemailer from 'nodemailer';
import { composeMail, type MailSender } from './compose-mail.ts';
import type { MailTransport } from './mail-transport.ts';

/**
 * Sends through the SMTP server of MAIL_URL (`smtp://` or `smtps://`, credentials in the URL).
 * The timeouts are far below the outbox lock (deliver-due-mail.ts), so a hanging server makes an
 * attempt fail instead of outliving the claim and letting another process send it too.
 */
export function createSmtpTransport(
  smtpUrl: string,
  sender: () => Promise<MailSender>,
): MailTransport {
  // Loaded only where MAIL_URL names a server (see compose-mail.ts).
  const { createTransport } = createRequire(import.meta.url)('nodemailer') as typeof nodemailer;
  const transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  });
  const url = new URL(smtpUrl);
  return {
    description: `${url.protocol}//${url.host}`,
    reachesPeople: true,
    send: async (message, identity) => {
      const info = await transporter.sendMail(composeMail(message, await sender(), identity));
      return { rejected: info.rejected ?? [] };
    },
    close: () => transporter.close(),
  };
}
