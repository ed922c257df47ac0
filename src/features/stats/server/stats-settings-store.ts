import type { Db } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import { readSettings, saveSettings } from '../../../platform/settings-store.ts';
import { type StatsSettings, statsSettingsKey, statsSettingsSchema } from '../stats-settings.ts';

export function readStatsSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<StatsSettings> {
  return readSettings(db, statsSettingsKey, statsSettingsSchema, log);
}

/** Saves the changed settings (the others keep their value) and refreshes the pages. */
export function writeStatsSettings(
  db: Db,
  changes: Partial<StatsSettings>,
): Promise<StatsSettings> {
  return saveSettings(db, statsSettingsKey, statsSettingsSchema, changes);
}
