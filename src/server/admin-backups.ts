import { z } from 'zod';
import { backupMessages as m } from '../features/admin/backup-messages.ts';
import { backupSettingsForm } from '../features/admin/backup-settings.ts';
import type {
  BackupFileItem,
  BackupRunItem,
  BackupSettingsValues,
} from '../features/admin/ui/BackupsPage.tsx';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import {
  backupFolderProblem,
  latestBackupRun,
  listBackupFiles,
  readBackupSettings,
  writeBackupSettings,
} from './daily-backups.ts';
import { ownerPost } from './owner-action.ts';

type Notice = { kind: 'done' | 'error'; message: string };

export type BackupsScreen = {
  values: BackupSettingsValues;
  errors: Partial<Record<'folder' | 'keep', string>>;
  files: BackupFileItem[];
  lastRun: BackupRunItem | undefined;
  timeZone: string;
  notice: Notice | undefined;
  status: number;
};

/** What the form posts, read as text; its rules are `backupSettingsForm`'s, worded per field. */
const posted = z.object({
  daily: z.string().optional(),
  folder: z.string().max(2000).default(''),
  keep: z.string().max(20).default(''),
});

/**
 * The Backups screen: on a POST (administrators: the `settings` permission) checks the daily
 * backups' settings, the folder by writing to it, and saves them; then what the screen shows.
 */
export async function backupsScreen(
  admin: AdminPage,
  request: Request,
  url: URL,
): Promise<BackupsScreen | Response> {
  const { app } = admin;
  const { db } = app.database;
  const settings = await readBackupSettings(db, app.log);
  let values: BackupSettingsValues = { ...settings, keep: String(settings.keep) };
  let errors: BackupsScreen['errors'] = {};
  let notice: Notice | undefined;
  let status = 200;
  const done = url.searchParams.get('notice');
  if (done === 'saved') notice = { kind: 'done', message: settings.daily ? m.saved : m.savedOff };
  if (request.method === 'POST') {
    const write = await ownerPost(admin, request, { permission: 'settings', input: posted });
    if (!write.ok) {
      status = write.status;
      notice = { kind: 'error', message: write.message };
    } else {
      const input = write.input;
      values = {
        daily: input.daily === 'on',
        folder: input.folder.trim(),
        keep: input.keep.trim(),
      };
      const parsed = backupSettingsForm.safeParse(input);
      if (parsed.success) {
        const problem =
          parsed.data.folder === '' ? undefined : backupFolderProblem(parsed.data.folder);
        if (!problem) {
          await writeBackupSettings(db, parsed.data);
          app.log.info(`Backups: settings saved by administrator ${admin.userId}`, parsed.data);
          return seeOther('/admin/backups?notice=saved');
        }
        errors = { folder: m.folderProblem(problem) };
      } else {
        for (const issue of parsed.error.issues) {
          const field = issue.path[0];
          if ((field === 'folder' || field === 'keep') && !errors[field])
            errors[field] = issue.message;
        }
      }
      status = 400;
    }
  }
  const [files, lastRun, site] = await Promise.all([
    listBackupFiles(settings.folder),
    latestBackupRun(db),
    readSiteSettings(db, app.log),
  ]);
  return { values, errors, files, lastRun, timeZone: site.timeZone, notice, status };
}
