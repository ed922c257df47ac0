import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { MailIdentity } from './compose-mail.ts';
import { createFileOutbox } from './file-outbox.ts';
import type { MailMessage } from './mail-message.ts';
import {
  type MailSettings,
  mailSender,
  mailServerOf,
  mailSettingsSchema,
} from './mail-settings.ts';
import { createSmtpTransport, type SmtpTransport } from './smtp-transport.ts';

/** Where the next mail goes, and why there. */
export type MailRoute = {
  /** MAIL_URL (which wins), the server set in Settings → Mail, or none: the local folder. */
  source: 'environment' | 'settings' | 'none';
  /** For messages and log lines: `smtp://host:port` or the outbox folder. */
  destination: string;
  /** Whether a mail handed over leaves the machine; the folder keeps it here, for nobody. */
  reachesPeople: boolean;
};

/** Where mail goes once it leaves the outbox table. */
export type MailTransport = {
  route: () => Promise<MailRoute>;
  /** Resolves when the mail is handed over; `rejected` lists recipients the server refused. */
  send: (
    message: MailMessage,
    identity: MailIdentity,
  ) => Promise<{ rejected: string[]; route: MailRoute }>;
  close: () => void;
};

export type MailTransportOptions = {
  mail: Config['mail'];
  dataDir: string;
  /** The owner's mail settings, read for each mail so a change applies on every instance. */
  readSettings?: () => Promise<MailSettings>;
  /** The site's title, the sender's name unless the owner chose one. */
  siteTitle?: () => Promise<string>;
};

/**
 * SMTP through MAIL_URL when the operator set it; else through the server the owner set in the
 * admin; else .eml files in `{dataDir}/outbox`, for development and the demo. The route and the
 * sender are decided for each mail, so a change in the admin shows with the next one.
 */
export function createMailTransport({
  mail,
  dataDir,
  readSettings = async () => mailSettingsSchema.parse({}),
  siteTitle = async () => 'Quire',
}: MailTransportOptions): MailTransport {
  const folder = createFileOutbox(join(dataDir, 'outbox'));
  const environment = mail.smtpUrl ? createSmtpTransport({ url: mail.smtpUrl }) : undefined;
  let fromSettings: { key: string; smtp: SmtpTransport } | undefined;

  function settingsServer(settings: MailSettings): SmtpTransport | undefined {
    const server = mailServerOf(settings);
    if (!server) return undefined;
    const key = JSON.stringify(server);
    if (fromSettings?.key !== key) {
      fromSettings?.smtp.close();
      fromSettings = { key, smtp: createSmtpTransport(server) };
    }
    return fromSettings.smtp;
  }

  function routeOf(settings: MailSettings): { route: MailRoute; smtp?: SmtpTransport } {
    if (environment) {
      const route = { source: 'environment', destination: environment.description };
      return { route: { ...route, reachesPeople: true } as MailRoute, smtp: environment };
    }
    const smtp = settingsServer(settings);
    if (smtp) {
      return {
        route: { source: 'settings', destination: smtp.description, reachesPeople: true },
        smtp,
      };
    }
    return { route: { source: 'none', destination: folder.dir, reachesPeople: false } };
  }

  return {
    route: async () => routeOf(await readSettings()).route,
    send: async (message, identity) => {
      const [settings, title] = await Promise.all([readSettings(), siteTitle()]);
      const sender = mailSender(mail, title, settings);
      const { route, smtp } = routeOf(settings);
      if (!smtp) {
        await folder.write(message, identity, sender);
        return { rejected: [], route };
      }
      return { ...(await smtp.send(message, identity, sender)), route };
    },
    close: () => {
      environment?.close();
      fromSettings?.smtp.close();
    },
  };
}
