import { describe, expect, it } from 'vitest';
import {
  checkFormToken,
  issueFormToken,
  signedIssueTime,
  tokenLifetimeSeconds,
} from './form-token.ts';

const secret = 'a'.repeat(43);
const now = Date.UTC(2026, 10, 21, 12, 0, 0);

describe('form tokens', () => {
  it('accepts a token for the form it was issued for and reports its age', () => {
    const { token, issuedAt } = issueFormToken(secret, 7, now);
    expect(issuedAt).toBe(now / 1000);
    expect(checkFormToken(secret, 7, token, now + 5000)).toEqual({
      ok: true,
      issuedAt,
      ageSeconds: 5,
    });
  });

  it('rejects a token of another form, another secret, or with a changed time', () => {
    const { token, issuedAt } = issueFormToken(secret, 7, now);
    expect(checkFormToken(secret, 8, token, now)).toEqual({ ok: false, reason: 'forged' });
    expect(checkFormToken('b'.repeat(43), 7, token, now)).toMatchObject({ reason: 'forged' });
    const moved = token.replace(String(issuedAt), String(issuedAt + 86400));
    expect(checkFormToken(secret, 7, moved, now + 86400_000)).toMatchObject({ reason: 'forged' });
  });

  it('tells a missing token from a malformed one', () => {
    expect(checkFormToken(secret, 7, undefined, now)).toMatchObject({ reason: 'missing' });
    expect(checkFormToken(secret, 7, '', now)).toMatchObject({ reason: 'missing' });
    expect(checkFormToken(secret, 7, '123.abc', now)).toMatchObject({ reason: 'forged' });
    expect(checkFormToken(secret, 7, ['x'], now)).toMatchObject({ reason: 'missing' });
  });

  it('expires after the lifetime (86400 s) plus a little clock skew', () => {
    const { token } = issueFormToken(secret, 7, now);
    expect(tokenLifetimeSeconds).toBe(86400);
    expect(checkFormToken(secret, 7, token, now + 86400_000).ok).toBe(true);
    expect(checkFormToken(secret, 7, token, now + 86400_000 + 301_000)).toMatchObject({
      reason: 'expired',
    });
  });

  it('does not accept tokens issued in the future', () => {
    const { token } = issueFormToken(secret, 7, now + 3600_000);
    expect(checkFormToken(secret, 7, token, now)).toMatchObject({ reason: 'forged' });
  });

  it('proves its issue time after it expired, but only for its form and never in the future', () => {
    const { token, issuedAt } = issueFormToken(secret, 7, now);
    const threeDaysLater = now + 3 * 86400_000;
    expect(checkFormToken(secret, 7, token, threeDaysLater)).toMatchObject({ reason: 'expired' });
    expect(signedIssueTime(secret, 7, token, threeDaysLater)).toBe(issuedAt);
    expect(signedIssueTime(secret, 8, token, threeDaysLater)).toBeUndefined();
    expect(signedIssueTime(secret, 7, `${issuedAt - 60}${token.slice(10)}`, now)).toBeUndefined();
    expect(signedIssueTime(secret, 7, undefined, now)).toBeUndefined();
    const future = issueFormToken(secret, 7, now + 3600_000).token;
    expect(signedIssueTime(secret, 7, future, now)).toBeUndefined();
  });
});
