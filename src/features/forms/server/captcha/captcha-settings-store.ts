import type { Db } from '../../../../platform/db/connect.ts';
import type { Logger } from '../../../../platform/log.ts';
import { readSettings, saveSettings } from '../../../../platform/settings-store.ts';
import {
  type CaptchaSettings,
  captchaSettingsKey,
  captchaSettingsSchema,
} from '../../captcha-settings.ts';

export function readCaptchaSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<CaptchaSettings> {
  return readSettings(db, captchaSettingsKey, captchaSettingsSchema, log);
}

/** Saves the changed settings (the others keep their value) and refreshes the pages. */
export function writeCaptchaSettings(
  db: Db,
  changes: Partial<CaptchaSettings>,
): Promise<CaptchaSettings> {
  return saveSettings(db, captchaSettingsKey, captchaSettingsSchema, changes);
}
