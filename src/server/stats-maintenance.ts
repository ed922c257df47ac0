import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { foldAndTrim } from '../features/stats/server/rollup.ts';
import type { AppContext } from './boot.ts';

export const statsMaintenanceFirstDelayMs = 30_000;
export const statsMaintenanceIntervalMs = 10 * 60_000;

/**
 * Folds complete days into the daily rollups and deletes raw hits past `STATS_RAW_DAYS`, from
 * every serving process: there is no job runner, and the `stat_rolled_days` claim keeps two
 * processes from folding a day twice (decision 0017). The first pass runs shortly after start
 * (not during it, when workers boot together), then every 10 minutes.
 * Returns a stop function that waits for a pass in flight; a pass stops between days and
 * between deletion chunks once asked to, leaving the rest to the next process that runs.
 */
export function startStatsMaintenance(
  app: AppContext,
  options: { firstDelayMs?: number; intervalMs?: number } = {},
): () => Promise<void> {
  let running: Promise<void> | undefined;
  let stopping = false;
  const run = async () => {
    const { timeZone } = await readSiteSettings(app.database.db, app.log);
    const { folded, trimmed } = await foldAndTrim(app.database, {
      rawDays: app.config.stats.rawDays,
      timeZone,
      shouldStop: () => stopping,
    });
    if (trimmed.lateHits > 0) {
      app.log.warn(
        `${trimmed.lateHits} statistics hit(s) were written after their day was folded and are not counted`,
      );
    }
    if (folded.length > 0 || trimmed.deletedHits > 0) {
      app.log.info('Statistics maintenance', {
        foldedDays: folded.length,
        foldedHits: folded.reduce((sum, day) => sum + day.hits, 0),
        deletedRawHits: trimmed.deletedHits,
      });
    }
  };
  const tick = () => {
    if (running || stopping) return;
    running = run()
      .catch((error: unknown) => {
        app.log.warn(
          `Statistics maintenance failed: ${error instanceof Error ? error.message : error}`,
        );
      })
      .finally(() => {
        running = undefined;
      });
  };
  // Workers start together; spreading their first passes keeps them from queueing on one lock.
  const first = setTimeout(
    tick,
    options.firstDelayMs ?? statsMaintenanceFirstDelayMs * (1 + Math.random() / 3),
  );
  const interval = setInterval(tick, options.intervalMs ?? statsMaintenanceIntervalMs);
  first.unref();
  interval.unref();
  return async () => {
    stopping = true;
    clearTimeout(first);
    clearInterval(interval);
    await running;
  };
}
