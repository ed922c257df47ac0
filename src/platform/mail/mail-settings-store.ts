import type { Db } from '../db/connect.ts';
import type { Logger } from '../log.ts';
import { readSettings, saveSettings } from '../settings-store.ts';
import { type MailSettings, mailSettingsKey, mailSettingsSchema } from './mail-settings.ts';

export function readMailSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<MailSettings> {
  return readSettings(db, mailSettingsKey, mailSettingsSchema, log);
}

/** Saves the changed mail settings; the next mail goes out with them. */
export function writeMailSettings(db: Db, changes: Partial<MailSettings>): Promise<MailSettings> {
  return saveSettings(db, mailSettingsKey, mailSettingsSchema, changes);
}
