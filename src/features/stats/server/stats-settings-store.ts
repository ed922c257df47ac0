import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { readSettings, writeSettings } from '../../../platform/settings-store.ts';
import { type StatsSettings, statsSettingsKey, statsSettingsSchema } from '../stats-settings.ts';

export function readStatsSettings(db: Db): Promise<StatsSettings> {
  return readSettings(db, statsSettingsKey, statsSettingsSchema);
}

/** Saves the statistics settings and refreshes pages, which carry the beacon or not. */
export async function writeStatsSettings(
  db: Db,
  settings: Partial<StatsSettings>,
): Promise<StatsSettings> {
  const current = await readStatsSettings(db);
  const saved = await writeSettings(db, statsSettingsKey, statsSettingsSchema, {
    ...current,
    ...settings,
  });
  await bumpContentVersion(db);
  return saved;
}
