import type { Logger } from '../platform/log.ts';

/**
 * Runs a chore now and then in a serving process (there is no job runner): one pass at a time,
 * a failure logged and tried again at the next tick, the interval spread by up to a third so
 * that several processes do not all start together. Returns a stop function that waits for a
 * pass in flight.
 */
export function startPeriodicTask(
  log: Pick<Logger, 'warn'>,
  name: string,
  pass: () => Promise<void>,
  intervalMs: number,
  /**
   * A first pass this soon after start (spread the same way), for a chore whose interval is long
   * enough that a process restarted more often would otherwise never run it.
   */
  firstAfterMs?: number,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = pass()
      .catch((error: unknown) => {
        log.warn(`${name} failed: ${error instanceof Error ? error.message : error}`);
      })
      .finally(() => {
        running = undefined;
      });
  };
  const interval = setInterval(tick, intervalMs * (1 + Math.random() / 3));
  interval.unref();
  const first =
    firstAfterMs === undefined
      ? undefined
      : setTimeout(tick, firstAfterMs * (1 + Math.random() / 3));
  first?.unref();
  return async () => {
    clearInterval(interval);
    clearTimeout(first);
    await running;
  };
}
