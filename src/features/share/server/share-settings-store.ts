import type { Db } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import { readSettings, saveSettings } from '../../../platform/settings-store.ts';
import { type ShareSettings, shareSettingsKey, shareSettingsSchema } from '../share-settings.ts';

export function readShareSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<ShareSettings> {
  return readSettings(db, shareSettingsKey, shareSettingsSchema, log);
}

/** Saves the changed settings (the others keep their value) and refreshes the pages. */
export function writeShareSettings(
  db: Db,
  changes: Partial<ShareSettings>,
): Promise<ShareSettings> {
  return saveSettings(db, shareSettingsKey, shareSettingsSchema, changes);
}
