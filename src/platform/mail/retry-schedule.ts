const minute = 60_000;
const hour = 60 * minute;

/**
 * Waits before each new attempt after a failed one: a mail server that is down for a day still
 * gets every mail, and one that is gone for good stops being asked after about two days.
 */
export const retryDelaysMs: readonly number[] = [
  minute,
  5 * minute,
  15 * minute,
  hour,
  3 * hour,
  6 * hour,
  12 * hour,
  24 * hour,
];

/** The most attempts a mail gets: the first one and one after each delay. */
export const maxSendAttempts = retryDelaysMs.length + 1;

/**
 * When to try again after `failedAttempts` attempts (counting the one that just failed), or
 * `undefined` when the mail has had its last attempt.
 */
export function nextAttemptAt(failedAttempts: number, now: number): number | undefined {
  if (!Number.isInteger(failedAttempts) || failedAttempts < 1) {
    throw new RangeError(`failedAttempts must be a positive integer, not ${failedAttempts}`);
  }
  const delay = retryDelaysMs[failedAttempts - 1];
  return delay === undefined ? undefined : now + delay;
}
