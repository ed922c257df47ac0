import { afterEach, describe, expect, it, vi } from 'vitest';
import { cookieJar } from '../../../../tests/support/cookie-jar.ts';
import { keepVisitorId, newVisitorId } from './visitor-cookie.ts';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('newVisitorId', () => {
  it('is a UUID v4, different each time', () => {
    const ids = Array.from({ length: 500 }, newVisitorId);
    for (const made of ids) expect(made).toMatch(uuidV4);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('draws its randomness from crypto.getRandomValues, not crypto.randomUUID', () => {
    const getRandomValues = vi.spyOn(crypto, 'getRandomValues');
    const randomUUID = vi.spyOn(crypto, 'randomUUID');
    newVisitorId();
    expect(getRandomValues).toHaveBeenCalled();
    expect(randomUUID).not.toHaveBeenCalled();
  });

  it('uses every bit it may: all 16 digits and the 4 variants turn up', () => {
    const ids = Array.from({ length: 400 }, newVisitorId);
    expect(new Set(ids.map((made) => made[0])).size).toBe(16);
    expect(new Set(ids.map((made) => made[19])).size).toBe(4);
  });
});

describe('keepVisitorId', () => {
  it('writes a new id for 3999 days (max-age 345513600) when the page may keep one', () => {
    const jar = cookieJar('quire_consent=granted');
    keepVisitorId(jar, true);
    expect(jar.writes).toHaveLength(1);
    const [cookie] = jar.writes;
    expect(cookie).toMatch(/^_qvid=[0-9a-f-]{36}; max-age=345513600; path=\/; SameSite=Lax$/);
    expect(cookie!.slice(6, 42)).toMatch(uuidV4);
  });

  it('writes the same id again on every page view, so capped lifetimes start over', () => {
    const jar = cookieJar(`_qvid=${id}`);
    keepVisitorId(jar, true);
    keepVisitorId(jar, true);
    expect(jar.writes).toEqual([
      `_qvid=${id}; max-age=345513600; path=/; SameSite=Lax`,
      `_qvid=${id}; max-age=345513600; path=/; SameSite=Lax`,
    ]);
  });

  it('is Secure on HTTPS only', () => {
    const https = cookieJar(`_qvid=${id}`, 'https:');
    keepVisitorId(https, true);
    expect(https.writes).toEqual([`_qvid=${id}; max-age=345513600; path=/; SameSite=Lax; Secure`]);
  });

  it('deletes an id the page may no longer keep, and writes nothing when there is none', () => {
    const withdrawn = cookieJar(`_qvid=${id}; quire_consent=denied`);
    keepVisitorId(withdrawn, false);
    expect(withdrawn.writes).toEqual(['_qvid=; max-age=0; path=/; SameSite=Lax']);
    const none = cookieJar('quire_consent=denied');
    keepVisitorId(none, false);
    expect(none.writes).toEqual([]);
  });
});
