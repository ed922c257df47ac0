import type { Server } from 'node:http';
import type { Logger } from '../platform/log.ts';

export const stopSignals = ['SIGTERM', 'SIGINT'] as const;

/**
 * Runs `stop` on the first SIGTERM or SIGINT, then exits. A stop sent to the whole process
 * group (systemd, Docker, Kubernetes, Ctrl-C) reaches this process several times: directly,
 * forwarded by npm, and from the primary process to its workers. Every later signal is the
 * same request, never a reason to die before what is queued is stored.
 */
export function stopOnSignal(
  stop: () => Promise<void>,
  log: Logger,
  options: { lastResortMs: number },
): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.debug(`${signal} received again; still stopping`);
      return;
    }
    stopping = true;
    // Only if storing what is queued hangs (the database is unreachable) does the process
    // give up, and it says so.
    setTimeout(() => {
      log.error(`Stopping took longer than ${options.lastResortMs / 1000} s; exiting now`);
      process.exit(1);
    }, options.lastResortMs).unref();
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error(`Stopping failed: ${error instanceof Error ? error.message : String(error)}`);
        process.exit(1);
      },
    );
  };
  for (const signal of stopSignals) process.on(signal, onSignal);
}

/**
 * Stops accepting connections and resolves once every request in flight is answered. Idle
 * keep-alive connections are closed at once; connections still open after `graceMs` (a
 * client that keeps sending on one) are closed then, with those `closeOthers` closes (the ones
 * node:http does not know of, fast-lane.ts).
 */
export function closeServer(
  server: Server,
  graceMs: number,
  closeOthers: () => void = () => {},
): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      server.closeAllConnections();
      closeOthers();
    }, graceMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
