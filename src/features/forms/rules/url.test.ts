import { describe, expect, it } from 'vitest';
import { urlError, withHttps } from './url.ts';

describe('withHttps', () => {
  it('adds https:// when the scheme is missing', () => {
    expect(withHttps('example.com')).toBe('https://example.com');
    expect(withHttps('localhost:3000/path')).toBe('https://localhost:3000/path');
    expect(withHttps('  example.com/a ')).toBe('https://example.com/a');
  });
  it('keeps a scheme that is there, in any case', () => {
    expect(withHttps('http://x.org')).toBe('http://x.org');
    expect(withHttps('HTTPS://x.org')).toBe('HTTPS://x.org');
    expect(withHttps('ftp://x.org')).toBe('ftp://x.org');
  });
  it('leaves an empty value empty', () => {
    expect(withHttps('')).toBe('');
    expect(withHttps('  ')).toBe('');
  });
});

describe('urlError', () => {
  it('accepts http and https addresses with a dotted host or localhost', () => {
    for (const good of [
      'example.com',
      'http://x.org',
      'HTTPS://x.org/a?b=c#d',
      'http://localhost:4321/',
      'https://127.0.0.1/',
    ]) {
      expect(urlError(good), good).toBeUndefined();
    }
  });
  it('accepts an empty value (required is a separate rule)', () => {
    expect(urlError('')).toBeUndefined();
  });
  it('refuses other schemes', () => {
    expect(urlError('ftp://x.org')).toBe('Please enter a valid URL.');
  });
  it('refuses a host without a dot', () => {
    expect(urlError('intranet')).toBe('Please enter a valid URL.');
    expect(urlError('https://example./')).toBe('Please enter a valid URL.');
  });
  it('refuses what does not parse', () => {
    expect(urlError('exa mple.com')).toBe('Please enter a valid URL.');
    expect(urlError('https://')).toBe('Please enter a valid URL.');
  });
});
