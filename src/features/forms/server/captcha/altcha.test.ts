import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { describe, expect, it } from 'vitest';
import {
  altchaChallengeLifetimeSeconds,
  altchaSigningSecret,
  issueAltchaChallenge,
  parseAltchaPayload,
} from './altcha.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('ALTCHA challenges', () => {
  it('are signed with a key of their own, derived from the site secret', () => {
    const key = altchaSigningSecret('site-secret-0123456789abcdefghijklmnop');
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(key).not.toBe(altchaSigningSecret('another-secret-0123456789abcdefghijk'));
    expect(key).not.toContain('site-secret');
  });

  it('are PBKDF2 proofs of work that expire after their lifetime', async () => {
    const now = Date.UTC(2026, 10, 27, 12);
    const challenge = await issueAltchaChallenge('site-secret-0123456789abcdefghijklmnop', now);
    expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(challenge.parameters.expiresAt).toBe(now / 1000 + altchaChallengeLifetimeSeconds);
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('parseAltchaPayload', () => {
  it('reads what the widget posts: base64 JSON of the challenge and its solution', async () => {
    const challenge = await issueAltchaChallenge('site-secret-0123456789abcdefghijklmnop');
    const solution = await solveChallenge({ challenge, deriveKey });
    const payload = { challenge, solution };
    expect(parseAltchaPayload(encode(payload))).toEqual(payload);
  });

  it('refuses the widget’s test mode, and anything that is not a payload', () => {
    expect(parseAltchaPayload(encode({ challenge: null, solution: null, test: true }))).toBe(
      undefined,
    );
    const parameters = { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', cost: 1 };
    const signed = { parameters, signature: 'a'.repeat(64) };
    const solution = { counter: 1, derivedKey: 'ab' };
    expect(parseAltchaPayload(encode({ challenge: signed, solution, test: false }))).toBe(
      undefined,
    );
    expect(parseAltchaPayload(encode({ challenge: { parameters }, solution }))).toBe(undefined);
    expect(parseAltchaPayload(encode({ challenge: signed }))).toBe(undefined);
    expect(parseAltchaPayload(encode([signed, solution]))).toBe(undefined);
    expect(parseAltchaPayload('not base64!')).toBe(undefined);
    expect(parseAltchaPayload(Buffer.from('{"challenge":').toString('base64'))).toBe(undefined);
    expect(parseAltchaPayload(encode({ challenge: signed, solution, pad: 'x'.repeat(4000) }))).toBe(
      undefined,
    );
    expect(parseAltchaPayload(undefined)).toBe(undefined);
    expect(parseAltchaPayload(encode({ challenge: signed, solution }))).toEqual({
      challenge: signed,
      solution,
    });
  });
});
