import { z } from 'zod';
import { backupMessages as m } from './backup-messages.ts';

/**
 * Daily backups (Settings → Backups, decision 0057): whether the site writes one every day,
 * into which folder of the server, and how many it keeps there (the oldest go).
 */
export const backupSettingsSchema = z.object({
  daily: z.boolean().default(false),
  /** An absolute path on the server, or empty. */
  folder: z.string().trim().max(1000).default(''),
  keep: z.number().int().min(1).max(365).default(7),
});

export type BackupSettings = z.output<typeof backupSettingsSchema>;

export const backupSettingsKey = 'backups';

/** The Backups screen's form as posted: a ticked box is "on", the numbers are text. */
export const backupSettingsForm = z
  .object({
    daily: z.literal('on').optional(),
    folder: z.string().trim().max(1000, { error: m.folderTooLong }),
    keep: z.coerce
      .number({ error: m.keepRange })
      .int({ error: m.keepRange })
      .min(1, { error: m.keepRange })
      .max(365, { error: m.keepRange }),
  })
  .superRefine((value, context) => {
    if (value.folder !== '' && !value.folder.startsWith('/')) {
      context.addIssue({ code: 'custom', path: ['folder'], message: m.folderAbsolute });
    }
    if (value.daily && value.folder === '') {
      context.addIssue({ code: 'custom', path: ['folder'], message: m.folderNeeded });
    }
  })
  .transform(
    (value): BackupSettings => ({
      daily: value.daily === 'on',
      folder: value.folder,
      keep: value.keep,
    }),
  );
