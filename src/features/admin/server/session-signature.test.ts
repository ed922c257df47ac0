import { describe, expect, it } from 'vitest';
import { sessionCookieName } from '../../../platform/cookies.ts';
import { carriesSignedSession, sessionTokenOf, signedSessionValue } from './session-signature.ts';

const secret = 'the site secret';
const token = 'dG9rZW4tb2YtYS1zZXNzaW9uLTMyLWJ5dGVzLWxvbmc';
const cookie = (value: string) => `theme=dark; ${sessionCookieName}=${value}; other=1`;

describe('signed session cookies', () => {
  it('knows a cookie the site signed, in memory', () => {
    expect(carriesSignedSession(secret, cookie(signedSessionValue(secret, token)))).toBe(true);
  });

  it('knows a made-up, altered or foreign cookie as no session', () => {
    const signed = signedSessionValue(secret, token);
    expect(carriesSignedSession(secret, cookie('abc'))).toBe(false);
    expect(carriesSignedSession(secret, cookie(token))).toBe(false);
    expect(carriesSignedSession(secret, cookie(`${token}.`))).toBe(false);
    expect(carriesSignedSession(secret, cookie(`x${signed}`))).toBe(false);
    expect(carriesSignedSession(secret, cookie(`${signed.slice(0, -1)}A`))).toBe(false);
    expect(carriesSignedSession('another secret', cookie(signed))).toBe(false);
    expect(carriesSignedSession(secret, 'theme=dark')).toBe(false);
    expect(carriesSignedSession(secret, undefined)).toBe(false);
  });

  it('reads the token from a signed value and from a bare one given before signatures', () => {
    expect(sessionTokenOf(signedSessionValue(secret, token))).toBe(token);
    expect(sessionTokenOf(token)).toBe(token);
    expect(signedSessionValue(secret, token).length).toBeLessThanOrEqual(100);
  });
});
