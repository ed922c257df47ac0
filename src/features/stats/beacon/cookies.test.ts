import { describe, expect, it } from 'vitest';
import { cookieJar } from '../../../../tests/support/cookie-jar.ts';
import { readCookie, writeCookie } from './cookies.ts';

describe('readCookie', () => {
  it('finds a cookie by its whole name, first or later in the list', () => {
    const jar = cookieJar('a_qvid=1; _qvid=abc; quire_consent=granted');
    expect(readCookie(jar, '_qvid')).toBe('abc');
    expect(readCookie(jar, 'quire_consent')).toBe('granted');
    expect(readCookie(cookieJar('_qvid=first'), '_qvid')).toBe('first');
    expect(readCookie(jar, 'qvid')).toBeUndefined();
    expect(readCookie(cookieJar(), '_qvid')).toBeUndefined();
  });
});

describe('writeCookie', () => {
  it('writes a first-party, Lax cookie for the whole site; Secure only over HTTPS', () => {
    const http = cookieJar('', 'http:');
    writeCookie(http, 'quire_consent', 'granted', 365);
    expect(http.writes).toEqual(['quire_consent=granted; max-age=31536000; path=/; SameSite=Lax']);
    const https = cookieJar('', 'https:');
    writeCookie(https, 'quire_consent', 'denied', 365);
    expect(https.writes).toEqual([
      'quire_consent=denied; max-age=31536000; path=/; SameSite=Lax; Secure',
    ]);
  });

  it('deletes with 0 days', () => {
    const jar = cookieJar();
    writeCookie(jar, '_qvid', '', 0);
    expect(jar.writes).toEqual(['_qvid=; max-age=0; path=/; SameSite=Lax']);
  });
});
