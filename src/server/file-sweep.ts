import { sweepUnclaimedFiles } from '../features/forms/server/files-entries.ts';
import type { AppContext } from './boot.ts';

export const fileSweepIntervalMs = 10 * 60_000;

/**
 * Removes form files that no entry has had for an hour (a process that died mid-upload, an
 * entry deleted by any path), from every serving process: deleting a row twice is harmless.
 * Returns a stop function that waits for a pass in flight.
 */
export function startFileSweep(app: AppContext, intervalMs = fileSweepIntervalMs) {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = sweepUnclaimedFiles({ db: app.database.db, storages: app.forms.fileStorages })
      .then((removed) => {
        if (removed > 0) app.log.info('Removed form files no entry took', { files: removed });
      })
      .catch((error: unknown) => {
        app.log.warn(`Form file sweep failed: ${error instanceof Error ? error.message : error}`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const interval = setInterval(tick, intervalMs * (1 + Math.random() / 3));
  interval.unref();
  return async () => {
    clearInterval(interval);
    await running;
  };
}
