import { describe, expect, it } from 'vitest';
import { quantile, sendTimes } from './fixed-rate-load.ts';

describe('a fixed-rate load', () => {
  it('sends evenly spaced requests, as many as the rate and length ask', () => {
    const times = sendTimes(40, 2);
    expect(times).toHaveLength(80);
    expect(times.slice(0, 3)).toEqual([0, 25, 50]);
    expect(times.at(-1)).toBe(1975);
  });

  it('reads quantiles from sorted values', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(quantile(values, 0.5)).toBe(51);
    expect(quantile(values, 0.99)).toBe(100);
    expect(quantile([], 0.5)).toBe(0);
  });
});
