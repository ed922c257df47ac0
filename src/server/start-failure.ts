/**
 * What a worker that cannot start tells the primary (a database it cannot reach, a bad
 * DATABASE_URL): the one line the operator should read, which the primary prints once for all
 * its workers instead of each worker printing it.
 */
export type StartFailure = { startFailure: string };

export function isStartFailure(message: unknown): message is StartFailure {
  return (
    typeof message === 'object' &&
    message !== null &&
    typeof (message as { startFailure?: unknown }).startFailure === 'string'
  );
}
