import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { readSettings, writeSettings } from '../../../platform/settings-store.ts';
import { type SiteSettings, siteSettingsKey, siteSettingsSchema } from '../site-settings.ts';

export function readSiteSettings(db: Db): Promise<SiteSettings> {
  return readSettings(db, siteSettingsKey, siteSettingsSchema);
}

export async function writeSiteSettings(
  db: Db,
  settings: Partial<SiteSettings>,
): Promise<SiteSettings> {
  const current = await readSiteSettings(db);
  const saved = await writeSettings(db, siteSettingsKey, siteSettingsSchema, {
    ...current,
    ...settings,
  });
  await bumpContentVersion(db);
  return saved;
}
