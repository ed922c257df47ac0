import { describe, expect, it } from 'vitest';
import { maxSendAttempts, nextAttemptAt, retryDelaysMs } from './retry-schedule.ts';

const now = Date.UTC(2026, 10, 21, 12);
const minute = 60_000;
const hour = 60 * minute;

describe('mail retry schedule', () => {
  it('backs off from a minute to a day', () => {
    const waits = [1, 2, 3, 4, 5, 6, 7, 8].map((attempts) => nextAttemptAt(attempts, now)! - now);
    expect(waits).toEqual([
      minute,
      5 * minute,
      15 * minute,
      hour,
      3 * hour,
      6 * hour,
      12 * hour,
      24 * hour,
    ]);
  });

  it('gives up after the attempt that follows the longest wait', () => {
    expect(maxSendAttempts).toBe(9);
    expect(nextAttemptAt(maxSendAttempts - 1, now)).toBe(now + 24 * hour);
    expect(nextAttemptAt(maxSendAttempts, now)).toBeUndefined();
    expect(nextAttemptAt(maxSendAttempts + 5, now)).toBeUndefined();
  });

  it('keeps asking a server that is down for a day and a half', () => {
    const total = retryDelaysMs.reduce((sum, delay) => sum + delay, 0);
    expect(total).toBeGreaterThan(36 * hour);
    expect(total).toBeLessThan(3 * 24 * hour);
  });

  it('refuses an attempt count that cannot follow a failure', () => {
    expect(() => nextAttemptAt(0, now)).toThrow(RangeError);
    expect(() => nextAttemptAt(1.5, now)).toThrow(RangeError);
  });
});
