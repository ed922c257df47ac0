import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { MailIdentity, MailSender } from './compose-mail.ts';
import { createFileOutboxTransport } from './file-outbox-transport.ts';
import type { MailMessage } from './mail-message.ts';
import { createSmtpTransport } from './smtp-transport.ts';

/** Where mail goes once it leaves the outbox table. */
export type MailTransport = {
  /** For log lines: `smtp://host:port` or the outbox folder. */
  description: string;
  /** Whether a mail handed over leaves the machine; the file outbox keeps it here, for nobody. */
  reachesPeople: boolean;
  /** Resolves when the mail is handed over; `rejected` lists recipients the server refused. */
  send: (message: MailMessage, identity: MailIdentity) => Promise<{ rejected: string[] }>;
  close: () => void;
};

/**
 * SMTP when MAIL_URL is set; otherwise .eml files in `{dataDir}/outbox` for development. The
 * sender is asked for each mail (mail-settings.ts `mailSender`), so a change shows at once.
 */
export function createMailTransport(
  mail: Config['mail'],
  dataDir: string,
  sender: () => Promise<MailSender> = async () =>
    mail.from ?? { name: 'Quire', address: mail.noReplyAddress },
): MailTransport {
  return mail.smtpUrl
    ? createSmtpTransport(mail.smtpUrl, sender)
    : createFileOutboxTransport(join(dataDir, 'outbox'), sender);
}
