import { describe, expect, it } from 'vitest';
import { requiredError } from './required.ts';

describe('requiredError', () => {
  it('asks for a value when the text is empty or only whitespace', () => {
    for (const blank of ['', '   ', '\n\t', '\u00a0']) {
      expect(requiredError(blank), JSON.stringify(blank)).toBe('This field is required.');
    }
  });
  it('asks for a value when a list has no entry with content', () => {
    expect(requiredError([])).toBe('This field is required.');
    expect(requiredError(['', ' '])).toBe('This field is required.');
  });
  it('accepts any content', () => {
    expect(requiredError('0')).toBeUndefined();
    expect(requiredError(' x ')).toBeUndefined();
    expect(requiredError(['Red'])).toBeUndefined();
    expect(requiredError(['', 'Lovelace'])).toBeUndefined();
  });
});
