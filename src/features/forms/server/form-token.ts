import { createHmac, timingSafeEqual } from 'node:crypto';

/** Seconds a token is good for (seed §9); the browser refreshes older ones on focus. */
export const tokenLifetimeSeconds = 86400;
/** Clocks of browsers, instances and the database differ a little. */
const clockSkewSeconds = 300;

export type IssuedToken = { token: string; issuedAt: number };

const signature = (secret: string, formId: number, issuedAt: number) =>
  createHmac('sha256', secret).update(`qforms-token:${formId}:${issuedAt}`).digest('base64url');

/**
 * A form's anti-spam token: the issue time (seconds) and an HMAC of form id and issue time
 * with the site secret. It needs no storage, so any instance can check it.
 */
export function issueFormToken(secret: string, formId: number, nowMs = Date.now()): IssuedToken {
  const issuedAt = Math.floor(nowMs / 1000);
  return { token: `${issuedAt}.${signature(secret, formId, issuedAt)}`, issuedAt };
}

export type TokenCheck =
  | { ok: true; issuedAt: number; ageSeconds: number }
  | { ok: false; reason: 'missing' | 'forged' | 'expired' };

export function checkFormToken(
  secret: string,
  formId: number,
  token: unknown,
  nowMs = Date.now(),
): TokenCheck {
  if (typeof token !== 'string' || token === '') return { ok: false, reason: 'missing' };
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return { ok: false, reason: 'forged' };
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, formId, issuedAt));
  if (!timingSafeEqual(expected, Buffer.from(match[2] as string))) {
    return { ok: false, reason: 'forged' };
  }
  const ageSeconds = Math.floor(nowMs / 1000) - issuedAt;
  if (ageSeconds < -clockSkewSeconds) return { ok: false, reason: 'forged' };
  if (ageSeconds > tokenLifetimeSeconds + clockSkewSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt, ageSeconds: Math.max(0, ageSeconds) };
}
