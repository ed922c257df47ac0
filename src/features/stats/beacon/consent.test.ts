import { describe, expect, it } from 'vitest';
import { cookieJar } from '../../../../tests/support/cookie-jar.ts';
import { mayUseVisitorId } from './consent.ts';

describe('mayUseVisitorId', () => {
  it('never with the setting off, whatever the visitor said', () => {
    expect(mayUseVisitorId('off', cookieJar('quire_consent=granted'))).toBe(false);
    expect(mayUseVisitorId('off', cookieJar())).toBe(false);
  });

  it('with consent only once the visitor granted it', () => {
    expect(mayUseVisitorId('with-consent', cookieJar())).toBe(false);
    expect(mayUseVisitorId('with-consent', cookieJar('quire_consent=denied'))).toBe(false);
    expect(mayUseVisitorId('with-consent', cookieJar('quire_consent=granted'))).toBe(true);
    expect(mayUseVisitorId('with-consent', cookieJar('xquire_consent=granted'))).toBe(false);
  });

  it('always when the site needs no consent', () => {
    expect(mayUseVisitorId('always', cookieJar())).toBe(true);
    expect(mayUseVisitorId('always', cookieJar('quire_consent=denied'))).toBe(true);
  });
});
