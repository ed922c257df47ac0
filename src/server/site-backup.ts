import { createReadStream, createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import packageJson from '../../package.json' with { type: 'json' };
import {
  formFilesOutsideDatabase,
  restoreFormFileObject,
} from '../features/forms/server/files-backup.ts';
import { readFileSettings } from '../features/forms/server/files-settings-store.ts';
import { fileStorages } from '../features/forms/server/files-storage.ts';
import { type RestoreSummary, restoreBackup } from '../platform/backup/restore-backup.ts';
import { type BackupSummary, writeBackup } from '../platform/backup/write-backup.ts';
import type { Config } from '../platform/config.ts';
import { connectDatabase, type DatabaseHandle } from '../platform/db/connect.ts';
import type { Logger } from '../platform/log.ts';

type Progress = { onTable?: (name: string, rows: number) => void };

/**
 * Writes a backup of the site (decision 0057) to `output` through a connection of its own: on
 * SQLite a process has one, and the backup's long read would hold the site's queries behind it.
 */
export async function backupSite(
  database: Config['database'],
  output: Writable,
  log: Pick<Logger, 'warn'>,
  progress: Progress = {},
): Promise<BackupSummary> {
  const handle = connectDatabase(database, { applicationName: 'quire-backup' });
  try {
    return await writeBackup(handle, output, {
      quireVersion: packageJson.version,
      // Read in the snapshot: on SQLite the backup's one connection is busy with it.
      externalFiles: formFilesOutsideDatabase((db) =>
        fileStorages(db, () => readFileSettings(db, log)),
      ),
      onTable: progress.onTable,
    });
  } finally {
    await handle.db.destroy();
  }
}

/**
 * Writes a backup to a file: first under a temporary name, renamed once complete, so a backup
 * that fails half-way leaves no file that looks whole.
 */
export async function backupSiteToFile(
  database: Config['database'],
  file: string,
  log: Pick<Logger, 'warn'>,
  progress: Progress = {},
): Promise<BackupSummary> {
  const partial = `${file}.partial`;
  try {
    const summary = await backupSite(database, createWriteStream(partial), log, progress);
    await rename(partial, file);
    return summary;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Loads a backup file into the empty site of `handle` (under the caller's start-up lock). */
export function restoreSiteFromFile(
  handle: DatabaseHandle,
  file: string,
  log: Pick<Logger, 'warn'>,
  progress: Progress = {},
): Promise<RestoreSummary> {
  return restoreBackup(handle, createReadStream(file), {
    writeExternalFile: restoreFormFileObject((db) =>
      fileStorages(db, () => readFileSettings(db, log)),
    ),
    onTable: progress.onTable,
  });
}
