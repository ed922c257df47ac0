import type { CookieJar } from '../../src/features/stats/beacon/cookies.ts';

/** A stand-in for `document` in the beacon's unit tests: reads give `cookies`, writes are kept. */
export function cookieJar(cookies = '', protocol = 'http:'): CookieJar & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    location: { protocol },
    get cookie() {
      return cookies;
    },
    set cookie(cookie: string) {
      writes.push(cookie);
    },
  };
}
