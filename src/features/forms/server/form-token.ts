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

/**
 * The issue time a token proves, whatever its age: undefined unless it was signed for this
 * form with this secret and not in the future. The timing check reads the token the browser
 * held when the visitor started with it, which may have expired since (decision 0019).
 */
export function signedIssueTime(
  secret: string,
  formId: number,
  token: unknown,
  nowMs = Date.now(),
): number | undefined {
  if (typeof token !== 'string') return undefined;
  const match = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const issuedAt = Number(match[1]);
  const expected = Buffer.from(signature(secret, formId, issuedAt));
  if (!timingSafeEqual(expected, Buffer.from(match[2] as string))) return undefined;
  return issuedAt - Math.floor(nowMs / 1000) > clockSkewSeconds ? undefined : issuedAt;
}

export function checkFormToken(
  secret: string,
  formId: number,
  token: unknown,
  nowMs = Date.now(),
): TokenCheck {
  if (typeof token !== 'string' || token === '') return { ok: false, reason: 'missing' };
  const issuedAt = signedIssueTime(secret, formId, token, nowMs);
  if (issuedAt === undefined) return { ok: false, reason: 'forged' };
  const ageSeconds = Math.floor(nowMs / 1000) - issuedAt;
  if (ageSeconds > tokenLifetimeSeconds + clockSkewSeconds) return { ok: false, reason: 'expired' };
  return { ok: true, issuedAt, ageSeconds: Math.max(0, ageSeconds) };
}
