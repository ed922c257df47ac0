import type { SendMailOptions, Transporter } from 'nodemailer';
import type { MailMessage } from './mail-message.ts';

/** Who a mail comes from: an address as MAIL_FROM gives it, or a display name and address. */
export type MailSender = string | { name: string; address: string };

/** What the outbox knows about a mail besides its content. */
export type MailIdentity = { id: number; queuedAt: number };

/**
 * Nodemailer's options for one outbox mail. The Message-ID is derived from the outbox row, so
 * a mail sent again after an unrecorded success carries the same id and receivers that
 * de-duplicate by Message-ID show it once.
 */
export function composeMail(
  message: MailMessage,
  from: MailSender,
  { id, queuedAt }: MailIdentity,
): SendMailOptions {
  return {
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    headers: message.headers,
    messageId: `<quire-mail-${id}-${queuedAt}@${domainOf(typeof from === 'string' ? from : from.address)}>`,
    date: new Date(queuedAt),
  };
}

/** The domain of an address such as `Quire <no-reply@example.org>`. */
export function domainOf(address: string): string {
  return /@([^\s<>@]+)>?\s*$/.exec(address)?.[1]?.toLowerCase() ?? 'quire.invalid';
}

let rawBuilder: Promise<Transporter> | undefined;

/** Nodemailer (4.9 MB of heap a process) is loaded with the first mail, not at start. */
function mailBuilder(): Promise<Transporter> {
  rawBuilder ??= import('nodemailer').then(({ createTransport }) =>
    createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
  );
  return rawBuilder;
}

/** The complete RFC 822 message (CRLF line ends), as an SMTP server would receive it. */
export async function buildRawMail(
  message: MailMessage,
  from: MailSender,
  identity: MailIdentity,
): Promise<Buffer> {
  const info = await (await mailBuilder()).sendMail(composeMail(message, from, identity));
  if (!Buffer.isBuffer(info.message)) throw new Error('The stream transport returned no buffer');
  return info.message;
}
