import { describe, expect, it } from 'vitest';
import {
  noScriptRepeatWindowMs,
  type SubmissionIdentity,
  submissionFingerprint,
} from './submission-identity.ts';

const secret = 's'.repeat(43);
const now = Date.UTC(2026, 10, 21, 12, 0, 1);
const base: SubmissionIdentity = {
  formId: 1,
  submissionId: undefined,
  token: '1795000000.abc',
  client: '203.0.113.9',
  userAgent: 'Mozilla/5.0',
  values: { 1: 'Yes' },
  now,
};
const key = (changes: Partial<SubmissionIdentity>) =>
  submissionFingerprint(secret, { ...base, ...changes });

describe('submission fingerprints', () => {
  it('with the island’s id: one key per filling-in, whoever sends it and whatever token', () => {
    const filling = { submissionId: 'a1b2c3d4e5f6a7b8c9d0' };
    expect(key(filling)).toBe(key({ ...filling, token: 'renewed', client: '198.51.100.1' }));
    expect(key(filling)).toBe(key({ ...filling, now: now + 3_600_000 }));
    expect(key(filling)).not.toBe(key({ submissionId: 'f1e2d3c4b5a6f7e8d9c0' }));
    expect(key(filling)).not.toBe(key({ ...filling, values: { 1: 'No' } }));
    expect(key(filling)).not.toBe(key({ ...filling, formId: 2 }));
  });

  it('without it: the same address, browser, token and values within a short window', () => {
    expect(key({})).toBe(key({ now: now + 1000 }));
    expect(key({})).not.toBe(key({ client: '203.0.113.10' }));
    expect(key({})).not.toBe(key({ userAgent: 'Mozilla/5.0 (other)' }));
    expect(key({})).not.toBe(key({ token: '1795000001.abc' }));
    expect(key({})).not.toBe(key({ now: now + noScriptRepeatWindowMs }));
    // An id that is not one the island makes counts as none.
    expect(key({ submissionId: 'x' })).toBe(key({}));
  });

  it('gives no address away: the key depends on the site secret', () => {
    expect(submissionFingerprint('t'.repeat(43), base)).not.toBe(key({}));
    expect(key({})).not.toContain('203.0.113.9');
  });
});
