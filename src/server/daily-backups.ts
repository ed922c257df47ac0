import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type BackupSettings,
  backupSettingsKey,
  backupSettingsSchema,
} from '../features/admin/backup-settings.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { dayIn } from '../features/stats/stat-days.ts';
import type { Config } from '../platform/config.ts';
import type { Db } from '../platform/db/connect.ts';
import type { Logger } from '../platform/log.ts';
import { readSettings, saveSettings } from '../platform/settings-store.ts';
import { ensureWritableFolder, folderProblem } from '../platform/writable-folder.ts';
import { startPeriodicTask } from './periodic-task.ts';
import { backupSiteToFile } from './site-backup.ts';

export const dailyBackupCheckMs = 10 * 60_000;

/** A run still unfinished after this long was cut off (its process stopped or died). */
const interruptedAfterMs = 6 * 3_600_000;

export function readBackupSettings(db: Db, log: Pick<Logger, 'warn'>): Promise<BackupSettings> {
  return readSettings(db, backupSettingsKey, backupSettingsSchema, log);
}

export function writeBackupSettings(db: Db, settings: BackupSettings): Promise<BackupSettings> {
  return saveSettings(db, backupSettingsKey, backupSettingsSchema, settings);
}

/** Why a folder cannot take backups, in words; undefined when it can (it is made if missing). */
export function backupFolderProblem(folder: string): string | undefined {
  try {
    ensureWritableFolder(folder);
    return undefined;
  } catch (error) {
    return folderProblem(folder, error) ?? (error as Error).message;
  }
}

/** `quire-backup-2026-11-28-030512.tar`: sorted by name, sorted by time (UTC). */
export function backupFileName(at: number): string {
  const stamp = new Date(at).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `quire-backup-${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}-${stamp.slice(8)}.tar`;
}

const backupFilePattern = /^quire-backup-\d{4}-\d{2}-\d{2}-\d{6}\.tar$/;

/** Whether a name is one the daily backups write (and the only kind the screen serves). */
export const isBackupFileName = (name: string) => backupFilePattern.test(name);

export type BackupFile = { name: string; bytes: number; madeAt: number };

/** The daily backups in a folder, newest first; none when it does not exist or cannot be read. */
export async function listBackupFiles(folder: string): Promise<BackupFile[]> {
  if (folder === '') return [];
  let names: string[];
  try {
    names = (await readdir(folder)).filter(isBackupFileName);
  } catch {
    return [];
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(folder, name)).catch(() => undefined);
      return info?.isFile() ? { name, bytes: info.size, madeAt: info.mtimeMs } : undefined;
    }),
  );
  return files
    .filter((file): file is BackupFile => file !== undefined)
    .sort((a, b) => (a.name < b.name ? 1 : -1));
}

export type BackupRun = {
  day: number;
  startedAt: number;
  state: 'done' | 'failed' | 'interrupted' | 'running';
  file: string;
  bytes: number;
  error: string | null;
};

/** The newest day's run, as the screen and the dashboard tell it. */
export async function latestBackupRun(db: Db, now = Date.now()): Promise<BackupRun | undefined> {
  const row = await db
    .selectFrom('backup_runs')
    .selectAll()
    .orderBy('day', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) return undefined;
  const startedAt = Number(row.started_at);
  return {
    day: row.day,
    startedAt,
    state:
      row.error !== null
        ? 'failed'
        : row.finished_at !== null
          ? 'done'
          : now - startedAt > interruptedAfterMs
            ? 'interrupted'
            : 'running',
    file: row.file,
    bytes: Number(row.bytes),
    error: row.error,
  };
}

export type DailyBackupDeps = {
  db: Db;
  database: Config['database'];
  log: Pick<Logger, 'info' | 'warn'>;
};

/**
 * One check of the daily backup: when it is on and nobody has claimed today (a day of the site's
 * time zone), claims it, writes the backup into the folder, then deletes the oldest beyond the
 * number kept. The claim is a row keyed by the day, so one process of one instance does it,
 * however many run; a failure is kept on the row (the dashboard shows it) and tried again the
 * next day.
 */
export async function dailyBackupPass(
  deps: DailyBackupDeps,
  now = Date.now(),
): Promise<BackupRun | undefined> {
  const { db, log } = deps;
  const settings = await readBackupSettings(db, log);
  if (!settings.daily || settings.folder === '') return undefined;
  const { timeZone } = await readSiteSettings(db, log);
  const day = dayIn(now, timeZone);
  const claimed = await db
    .insertInto('backup_runs')
    .values({ day, started_at: now, finished_at: null, error: null })
    .onConflict((c) => c.column('day').doNothing())
    .returning('day')
    .executeTakeFirst();
  if (!claimed) return undefined;
  const name = backupFileName(now);
  try {
    const problem = backupFolderProblem(settings.folder);
    if (problem) throw new Error(problem);
    const { bytes } = await backupSiteToFile(deps.database, join(settings.folder, name), log);
    await db
      .updateTable('backup_runs')
      .set({ finished_at: Date.now(), file: name, bytes })
      .where('day', '=', day)
      .execute();
    const removed = await removeOldBackups(settings.folder, settings.keep);
    log.info('Daily backup written', { file: join(settings.folder, name), bytes, removed });
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    await db
      .updateTable('backup_runs')
      .set({ error: message, finished_at: Date.now() })
      .where('day', '=', day)
      .execute();
    log.warn(`The daily backup failed: ${message}`);
  }
  return latestBackupRun(db);
}

/** Deletes the daily backups beyond the newest `keep`; answers how many went. */
async function removeOldBackups(folder: string, keep: number): Promise<number> {
  const old = (await listBackupFiles(folder)).slice(keep);
  for (const file of old) await rm(join(folder, file.name), { force: true });
  return old.length;
}

/** Checks every ten minutes in every serving process; the day's claim keeps it to one. */
export function startDailyBackups(
  app: { database: { db: Db }; config: Config; log: Logger },
  intervalMs = dailyBackupCheckMs,
) {
  return startPeriodicTask(
    app.log,
    'Daily backup',
    async () => {
      await dailyBackupPass({ db: app.database.db, database: app.config.database, log: app.log });
    },
    intervalMs,
  );
}
