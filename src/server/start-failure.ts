import cluster from 'node:cluster';

/**
 * What a worker that cannot start tells the primary (a database it cannot reach, a bad
 * DATABASE_URL): the one line the operator should read, which the primary prints once for all
 * its workers instead of each worker printing it.
 */
export type StartFailure = { startFailure: string };

/** What a worker tells the primary once the app answers its requests. */
export type Serving = { serving: true };

export function isServing(message: unknown): message is Serving {
  return typeof message === 'object' && message !== null && (message as Serving).serving === true;
}

export function isStartFailure(message: unknown): message is StartFailure {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { startFailure?: unknown }).startFailure === 'string'
  );
}

/** How long a worker that could not start waits for its primary to stop it. */
const workerStopWaitMs = 10_000;

/**
 * Ends a start that cannot succeed with its one line. Every worker meets the same problem: the
 * primary says it once and stops them all (main.ts); a worker whose primary is gone, or
 * silent, stops by itself.
 */
export function reportStartFailure(line: string): Promise<never> {
  if (cluster.isWorker && process.send) {
    const report: StartFailure = { startFailure: line };
    process.send(report);
    process.once('disconnect', () => process.exit(1));
    setTimeout(() => process.exit(1), workerStopWaitMs);
    return new Promise<never>(() => {});
  }
  console.error(line);
  process.exit(1);
}
