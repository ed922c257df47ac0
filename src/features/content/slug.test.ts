import { describe, expect, it } from 'vitest';
import { isReservedSlug, isValidSlug, slugify } from './slug.ts';

describe('slugify', () => {
  it('turns a title into lower-case ASCII words joined by hyphens', () => {
    expect(slugify('Crème Brûlée, Done Right!')).toBe('creme-brulee-done-right');
    expect(slugify("  Don't   panic  ")).toBe('dont-panic');
    expect(slugify('Zürich → Genève 2026')).toBe('zurich-geneve-2026');
  });
  it('gives an empty slug when nothing usable is left', () => {
    expect(slugify('!!! ???')).toBe('');
    expect(slugify('日本語')).toBe('');
  });
  it('cuts at 80 characters without a trailing hyphen', () => {
    const slug = slugify(`${'word '.repeat(30)}end`);
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

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
