import { describe, expect, it } from 'vitest';
import { slugify } from './slugify.ts';

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
