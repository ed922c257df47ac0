import { sweepUnclaimedFiles } from '../features/forms/server/files-entries.ts';
import type { AppContext } from './boot.ts';
import { startPeriodicTask } from './periodic-task.ts';

export const fileSweepIntervalMs = 10 * 60_000;

/**
 * Removes form files that no entry has had for an hour (a process that died mid-upload, an
 * entry deleted by any path), from every serving process: deleting a row twice is harmless.
 */
export function startFileSweep(app: AppContext, intervalMs = fileSweepIntervalMs) {
  return startPeriodicTask(
    app.log,
    'Form file sweep',
    async () => {
      const removed = await sweepUnclaimedFiles({
        db: app.database.db,
        storages: app.forms.fileStorages,
      });
      if (removed > 0) app.log.info('Removed form files no entry took', { files: removed });
    },
    intervalMs,
  );
}
