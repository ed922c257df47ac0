import { z } from 'zod';
import type { MailSender } from './compose-mail.ts';

const email = z.email();

/** How the connection to the mail server is protected. */
export const mailServerSecurities = ['starttls', 'tls', 'none'] as const;
export type MailServerSecurity = (typeof mailServerSecurities)[number];

/** A host name or an IP address, without a scheme, a port or a path. */
const hostName =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$|^\[?[0-9a-f:.]+\]?$/i;

/**
 * The site's mail as the owner sets it in the admin: who it comes from (empty means the default:
 * the site's title as the name, and MAIL_FROM or `no-reply@<host>` as the address) and the mail
 * server it goes through (an empty host means none: MAIL_URL, or the local outbox folder).
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
  serverHost: z
    .string()
    .trim()
    .max(253)
    .refine(
      (value) => value === '' || hostName.test(value),
      'Enter the server’s name only, such as smtp.example.net: no smtp://, port or path.',
    )
    .default(''),
  serverPort: z.number().int().min(1).max(65535).default(587),
  serverSecurity: z.enum(mailServerSecurities).default('starttls'),
  serverUser: z.string().trim().max(254).default(''),
  serverPassword: z.string().max(1024).default(''),
});

export type MailSettings = z.output<typeof mailSettingsSchema>;

export const mailSettingsKey = 'mail';

/** Settings never sent back to a browser; a save that leaves one empty keeps the stored one. */
export const secretMailSettings = ['serverPassword'] as const;

/**
 * The sender of the next mail: the owner's address when set (with their name, or the site's
 * title); else MAIL_FROM as the operator wrote it; else `no-reply@<host>` under the name.
 */
export function mailSender(
  config: { from: string | undefined; noReplyAddress: string },
  siteTitle: string,
  settings: Pick<MailSettings, 'senderName' | 'senderAddress'>,
): MailSender {
  const name = settings.senderName || siteTitle;
  if (settings.senderAddress) return { name, address: settings.senderAddress };
  return config.from ?? { name, address: config.noReplyAddress };
}

/** The mail server set in the admin, when a host is set. */
export type MailServer = {
  host: string;
  port: number;
  security: MailServerSecurity;
  user: string;
  password: string;
};

export function mailServerOf(settings: MailSettings): MailServer | undefined {
  if (!settings.serverHost) return undefined;
  return {
    host: settings.serverHost,
    port: settings.serverPort,
    security: settings.serverSecurity,
    user: settings.serverUser,
    password: settings.serverPassword,
  };
}
