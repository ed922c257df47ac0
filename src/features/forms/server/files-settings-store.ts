import type { Db } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import { readSettings, saveSettings } from '../../../platform/settings-store.ts';
import { type FileSettings, fileSettingsKey, fileSettingsSchema } from '../file-settings.ts';

export function readFileSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<FileSettings> {
  return readSettings(db, fileSettingsKey, fileSettingsSchema, log);
}

/** Saves the changed settings (the others keep their value) and refreshes the pages. */
export function writeFileSettings(db: Db, changes: Partial<FileSettings>): Promise<FileSettings> {
  return saveSettings(db, fileSettingsKey, fileSettingsSchema, changes);
}
