import { describe, expect, it } from 'vitest';
import { dayOf } from '../stat-days.ts';
import { cookieVisitorKey, saltedVisitorKey } from './visitor-keys.ts';

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/142.0 Safari/537.36';

describe('visitor keys', () => {
  it('counts days in UTC', () => {
    expect(dayOf(Date.UTC(1970, 0, 1, 23, 59))).toBe(0);
    expect(dayOf(Date.UTC(2026, 10, 22, 0, 0))).toBe(dayOf(Date.UTC(2026, 10, 22, 23, 59, 59)));
    expect(dayOf(Date.UTC(2026, 10, 23))).toBe(dayOf(Date.UTC(2026, 10, 22)) + 1);
  });

  it('keys a recognised visitor by a keyed hash of _qvid, the same every day', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const key = cookieVisitorKey('secret-a', id);
    expect(key).toMatch(/^q[\w-]{22}$/);
    expect(key).not.toContain(id.slice(0, 8));
    expect(cookieVisitorKey('secret-a', id)).toBe(key);
    expect(cookieVisitorKey('secret-b', id)).not.toBe(key);
  });

  it('keys other visitors by salt, address and browser, and never shows the address', () => {
    const key = saltedVisitorKey('salt-of-monday', '203.0.113.7', chrome);
    expect(key).toMatch(/^h[\w-]{22}$/);
    expect(key).not.toContain('203');
    expect(saltedVisitorKey('salt-of-monday', '203.0.113.7', chrome)).toBe(key);
    expect(saltedVisitorKey('salt-of-monday', '203.0.113.8', chrome)).not.toBe(key);
    expect(saltedVisitorKey('salt-of-monday', '203.0.113.7', `${chrome} Edg/142`)).not.toBe(key);
  });

  it('gives the same visitor another key when the salt rotates', () => {
    expect(saltedVisitorKey('salt-of-tuesday', '203.0.113.7', chrome)).not.toBe(
      saltedVisitorKey('salt-of-monday', '203.0.113.7', chrome),
    );
  });
});
