import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildRawMail, type MailIdentity, type MailSender } from './compose-mail.ts';
import type { MailMessage } from './mail-message.ts';

/**
 * Writes each mail as a complete .eml file that any mail reader opens: what development and
 * the demo use instead of an SMTP server. Nothing leaves the machine.
 */
export function createFileOutbox(dir: string) {
  return {
    dir,
    write: async (message: MailMessage, identity: MailIdentity, sender: MailSender) => {
      await mkdir(dir, { recursive: true });
      const file = join(dir, outboxFileName(identity));
      // Written aside and renamed, so a reader never opens half a mail.
      await writeFile(`${file}.part`, await buildRawMail(message, sender, identity));
      await rename(`${file}.part`, file);
    },
  };
}

/** `2026-11-21T12-00-00-000Z-00000042.eml`: sorts by the time it was queued, then by id. */
export function outboxFileName({ id, queuedAt }: MailIdentity): string {
  const time = new Date(queuedAt).toISOString().replace(/[:.]/g, '-');
  return `${time}-${String(id).padStart(8, '0')}.eml`;
}
