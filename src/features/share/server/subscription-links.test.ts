import { describe, expect, it } from 'vitest';
import {
  checkLinkToken,
  confirmationLinkLifetimeMs,
  confirmToken,
  confirmUrl,
  parseLinkToken,
  unsubscribeToken,
  unsubscribeUrl,
} from './subscription-links.ts';

const secret = 's'.repeat(43);
const now = Date.UTC(2026, 10, 21, 12, 0, 0);
const reader = { id: 12, feedId: 1, email: 'reader@example.org' };

const check = (
  purpose: 'confirm' | 'unsubscribe',
  token: string,
  subscriber = reader,
  at = now,
  key = secret,
) => {
  const parsed = parseLinkToken(purpose, token);
  return parsed ? checkLinkToken(key, purpose, parsed, subscriber, at) : 'unparsable';
};

describe('confirmation links', () => {
  it('are valid for the subscription they were made for until they expire', () => {
    const token = confirmToken(secret, reader, now);
    expect(token).toMatch(/^12\.\d+\.[\w-]{43}$/);
    expect(check('confirm', token)).toBe('valid');
    expect(check('confirm', token, reader, now + confirmationLinkLifetimeMs - 1000)).toBe('valid');
    expect(check('confirm', token, reader, now + confirmationLinkLifetimeMs + 1000)).toBe(
      'expired',
    );
  });

  it('are forged when anything they were signed over differs', () => {
    const token = confirmToken(secret, reader, now);
    expect(check('confirm', token, { ...reader, email: 'other@example.org' })).toBe('forged');
    expect(check('confirm', token, { ...reader, feedId: 1003 })).toBe('forged');
    expect(check('confirm', token, { ...reader, id: 13 })).toBe('forged');
    expect(check('confirm', token, reader, now, 't'.repeat(43))).toBe('forged');
    // A later expiry written into the link breaks its signature, even after the real expiry.
    const [id, expires, signature] = token.split('.') as [string, string, string];
    const moved = `${id}.${Number(expires) + 86_400}.${signature}`;
    expect(check('confirm', moved, reader, now + confirmationLinkLifetimeMs + 1000)).toBe('forged');
    const flipped = `${id}.${expires}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(check('confirm', flipped)).toBe('forged');
  });

  it('cannot be used to unsubscribe, nor the other way round', () => {
    const confirm = confirmToken(secret, reader, now);
    const unsubscribe = unsubscribeToken(secret, reader);
    expect(check('unsubscribe', confirm)).toBe('unparsable');
    expect(check('confirm', unsubscribe)).toBe('unparsable');
    // Same shape, other purpose: the signature differs.
    const [id, signature] = unsubscribe.split('.') as [string, string];
    expect(check('confirm', `${id}.${Math.floor(now / 1000) + 60}.${signature}`)).toBe('forged');
  });

  it('refuses what cannot be a link of ours', () => {
    for (const token of [undefined, '', 'abc', '0.1.x', '12.1', ['12'], `12.1.${'a'.repeat(42)}`]) {
      expect(parseLinkToken('confirm', token), String(token)).toBeUndefined();
    }
    expect(parseLinkToken('confirm', `0.1.${'a'.repeat(43)}`)).toBeUndefined();
  });

  it('point at the site', () => {
    expect(confirmUrl('https://blog.example.org', secret, reader, now)).toMatch(
      /^https:\/\/blog\.example\.org\/subscription\/confirm\?t=12\.\d+\.[\w-]{43}$/,
    );
  });
});

describe('unsubscribe links', () => {
  it('never expire but are bound to their subscription', () => {
    const token = unsubscribeToken(secret, reader);
    expect(token).toMatch(/^12\.[\w-]{43}$/);
    expect(check('unsubscribe', token, reader, now + 10 * 365 * 86_400_000)).toBe('valid');
    expect(check('unsubscribe', token, { ...reader, email: 'x@example.org' })).toBe('forged');
    expect(check('unsubscribe', token, reader, now, 't'.repeat(43))).toBe('forged');
    expect(unsubscribeUrl('https://blog.example.org', secret, reader)).toBe(
      `https://blog.example.org/subscription/unsubscribe?t=${token}`,
    );
  });

  it('are forged when the subscription is gone', () => {
    const parsed = parseLinkToken('unsubscribe', unsubscribeToken(secret, reader));
    expect(parsed && checkLinkToken(secret, 'unsubscribe', parsed, undefined, now)).toBe('forged');
  });
});
