import { describe, expect, it } from 'vitest';
import { choiceLimitError, confirmationError } from './choices.ts';

describe('choiceLimitError', () => {
  it('refuses more selections than the limit, naming the limit', () => {
    expect(choiceLimitError(3, 2)).toBe('You have exceeded the number of allowed selections: 2.');
  });
  it('accepts up to the limit', () => {
    expect(choiceLimitError(2, 2)).toBeUndefined();
    expect(choiceLimitError(0, 2)).toBeUndefined();
  });
  it('treats a limit of 0 as no limit', () => {
    expect(choiceLimitError(50, 0)).toBeUndefined();
  });
});

describe('confirmationError', () => {
  it('refuses a confirmation that differs from the value', () => {
    expect(confirmationError('ada@example.com', 'ada@example.org')).toBe(
      'Field values do not match.',
    );
    expect(confirmationError('ada@example.com', 'Ada@example.com')).toBe(
      'Field values do not match.',
    );
  });
  it('accepts an equal confirmation', () => {
    expect(confirmationError('ada@example.com', 'ada@example.com')).toBeUndefined();
    expect(confirmationError('', '')).toBeUndefined();
  });
});
