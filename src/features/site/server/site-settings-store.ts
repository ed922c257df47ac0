import type { Db } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import { readSettings, saveSettings } from '../../../platform/settings-store.ts';
import { type SiteSettings, siteSettingsKey, siteSettingsSchema } from '../site-settings.ts';

export function readSiteSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<SiteSettings> {
  return readSettings(db, siteSettingsKey, siteSettingsSchema, log);
}

/** Saves the changed settings (the others keep their value) and refreshes the pages. */
export function writeSiteSettings(db: Db, changes: Partial<SiteSettings>): Promise<SiteSettings> {
  return saveSettings(db, siteSettingsKey, siteSettingsSchema, changes);
}
