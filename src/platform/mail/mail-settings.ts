import { z } from 'zod';
import type { MailSender } from './compose-mail.ts';

const email = z.email();

/**
 * Who the site's mail comes from, as the owner sets it in the admin. Empty means the default:
 * the site's title as the name, and MAIL_FROM or `no-reply@<host>` as the address.
 */
export const mailSettingsSchema = z.object({
  senderName: z.string().trim().max(100).default(''),
  senderAddress: z
    .string()
    .trim()
    .max(254)
    .refine(
      (value) => value === '' || email.safeParse(value).success,
      'Enter an e-mail address, or leave it empty for the default.',
    )
    .default(''),
});

export type MailSettings = z.output<typeof mailSettingsSchema>;

export const mailSettingsKey = 'mail';

/**
 * The sender of the next mail: the owner's address when set (with their name, or the site's
 * title); else MAIL_FROM as the operator wrote it; else `no-reply@<host>` under the name.
 */
export function mailSender(
  config: { from: string | undefined; noReplyAddress: string },
  siteTitle: string,
  settings: MailSettings,
): MailSender {
  const name = settings.senderName || siteTitle;
  if (settings.senderAddress) return { name, address: settings.senderAddress };
  return config.from ?? { name, address: config.noReplyAddress };
}
