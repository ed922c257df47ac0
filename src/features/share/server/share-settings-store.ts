import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { readSettings, writeSettings } from '../../../platform/settings-store.ts';
import { type ShareSettings, shareSettingsKey, shareSettingsSchema } from '../share-settings.ts';

export function readShareSettings(db: Db): Promise<ShareSettings> {
  return readSettings(db, shareSettingsKey, shareSettingsSchema);
}

/** Saves the sharing settings (missing groups keep their current value) and refreshes pages. */
export async function writeShareSettings(
  db: Db,
  settings: Partial<ShareSettings>,
): Promise<ShareSettings> {
  const current = await readShareSettings(db);
  const saved = await writeSettings(db, shareSettingsKey, shareSettingsSchema, {
    ...current,
    ...settings,
  });
  await bumpContentVersion(db);
  return saved;
}
