import { sweepExpiredTrash } from '../features/content/server/trash.ts';
import type { AppContext } from './boot.ts';
import { startPeriodicTask } from './periodic-task.ts';

export const trashSweepIntervalMs = 60 * 60_000;

/**
 * Deletes permanently the posts and pages in the Trash for more than 30 days, from every serving
 * process: one statement picks and deletes them, so each goes once however many processes
 * sweep, and one restored meanwhile stays. Within the hour of its day is soon enough: the Trash
 * shows the day.
 */
export function startTrashSweep(app: AppContext, intervalMs = trashSweepIntervalMs) {
  return startPeriodicTask(
    app.log,
    'Trash sweep',
    async () => {
      const deleted = await sweepExpiredTrash(app.database);
      if (deleted > 0)
        app.log.info('Deleted posts and pages kept 30 days in the Trash', { deleted });
    },
    intervalMs,
    // Soon after a start too: a site restarted more often than hourly still sweeps.
    60_000,
  );
}
