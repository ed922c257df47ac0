import { describe, expect, it } from 'vitest';
import { isSafeRedirectTarget } from './redirect-target.ts';

describe('isSafeRedirectTarget', () => {
  it('takes paths of the site and http(s) addresses', () => {
    for (const target of [
      '/',
      '/thank-you/',
      '/thank-you/?from=contact#top',
      'https://example.org/thanks',
      'http://example.org',
    ]) {
      expect(isSafeRedirectTarget(target), target).toBe(true);
    }
  });

  it('refuses anything a browser could read as another site, or as script', () => {
    for (const target of [
      '/\\evil.example',
      '\\\\evil.example',
      '//evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      ' //evil.example',
      'https://evil.example\\@example.org/',
      'https://user:pass@example.org/',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'ftp://example.org/',
      'evil.example',
      '',
    ]) {
      expect(isSafeRedirectTarget(target), JSON.stringify(target)).toBe(false);
    }
  });
});
