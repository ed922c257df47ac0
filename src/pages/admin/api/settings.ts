import { z } from 'zod';
import { adminMessages } from '../../../features/admin/messages.ts';
import {
  isSettingsSection,
  parseSettingsSection,
  type SettingsSectionName,
  valuesByGroup,
} from '../../../features/admin/settings-sections.ts';
import { secretCaptchaSettings } from '../../../features/forms/captcha-settings.ts';
import { secretFileSettings } from '../../../features/forms/file-settings.ts';
import { writeCaptchaSettings } from '../../../features/forms/server/captcha/captcha-settings-store.ts';
import { writeFileSettings } from '../../../features/forms/server/files-settings-store.ts';
import { secretPaymentSettings } from '../../../features/payments/payment-settings.ts';
import { writePaymentSettings } from '../../../features/payments/server/payment-settings-store.ts';
import { writeShareSettings } from '../../../features/share/server/share-settings-store.ts';
import { writeSiteSettings } from '../../../features/site/server/site-settings-store.ts';
import { writeStatsSettings } from '../../../features/stats/server/stats-settings-store.ts';
import { secretMailSettings } from '../../../platform/mail/mail-settings.ts';
import { writeMailSettings } from '../../../platform/mail/mail-settings-store.ts';
import { adminJson } from '../../../server/admin-api.ts';
import { claimSettingImages } from '../../../server/media-uses.ts';
import { ownerCall } from '../../../server/owner-action.ts';

/**
 * `POST /admin/api/settings`: one settings tab, `{ section, values }` as JSON, with the
 * session's CSRF token in `X-CSRF-Token`. Checked against the tab's schema (the browser checked
 * the same one); saved, the pages change at once on every instance (the content version).
 */
export const POST = ownerCall(
  {
    permission: 'settings',
    input: z.object({
      section: z.custom<SettingsSectionName>(isSettingsSection, {
        error: adminMessages.settingsNoSuchTab,
      }),
      values: z.unknown(),
    }),
  },
  async ({ app, owner, input: body }) => {
    const parsed = parseSettingsSection(body.section, body.values);
    if (!parsed.ok) {
      return adminJson(422, {
        ok: false,
        message: adminMessages.settingsInvalid,
        fieldErrors: parsed.fieldErrors,
      });
    }
    const groups = valuesByGroup(body.section, parsed.values);
    if (Object.keys(groups.site).length > 0) {
      await writeSiteSettings(app.database.db, groups.site);
      // A logo or share image the owner saved is kept from the sweep of unused uploads.
      await claimSettingImages(app);
    }
    if (Object.keys(groups.stats).length > 0)
      await writeStatsSettings(app.database.db, groups.stats);
    if (Object.keys(groups.share).length > 0)
      await writeShareSettings(app.database.db, groups.share);
    // A secret left empty keeps the one stored: the page never had it to send back.
    const secrets: readonly string[] = [
      ...secretPaymentSettings,
      ...secretCaptchaSettings,
      ...secretFileSettings,
      ...secretMailSettings,
    ];
    const withoutEmptySecrets = (values: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(values).filter(([name, value]) => !secrets.includes(name) || value !== ''),
      );
    const payments = withoutEmptySecrets(groups.payments);
    if (Object.keys(payments).length > 0) await writePaymentSettings(app.database.db, payments);
    const captcha = withoutEmptySecrets(groups.captcha);
    if (Object.keys(captcha).length > 0) await writeCaptchaSettings(app.database.db, captcha);
    const mail = withoutEmptySecrets(groups.mail);
    if (Object.keys(mail).length > 0) await writeMailSettings(app.database.db, mail);
    const files = withoutEmptySecrets(groups.files);
    if (Object.keys(files).length > 0) await writeFileSettings(app.database.db, files);
    app.log.info(`Settings saved: ${body.section} by administrator ${owner.userId}`);
    const shown = { ...parsed.values };
    for (const name of secrets) if (name in shown) shown[name] = '';
    // The Mail tab says where mail goes; a saved server may change it.
    const mailRoute = body.section === 'mail' ? await app.mail.route() : undefined;
    return adminJson(200, {
      ok: true,
      message: adminMessages.settingsSaved,
      values: shown,
      mailRoute,
    });
  },
);
