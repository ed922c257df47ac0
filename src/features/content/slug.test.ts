import { describe, expect, it } from 'vitest';
import { isReservedSlug, isValidSlug } from './slug.ts';

describe('isValidSlug', () => {
  it('accepts slugs and refuses anything else', () => {
    expect(isValidSlug('a-good-slug-2')).toBe(true);
    for (const bad of [
      '',
      'Upper',
      'two--hyphens',
      '-lead',
      'trail-',
      'dot.ted',
      'a/b',
      'x'.repeat(81),
    ]) {
      expect(isValidSlug(bad), bad).toBe(false);
    }
  });
  it('knows the paths the site keeps for itself', () => {
    expect(isReservedSlug('archive')).toBe(true);
    expect(isReservedSlug('about')).toBe(false);
  });
});
