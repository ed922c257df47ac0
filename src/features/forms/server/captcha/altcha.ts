import { createHmac } from 'node:crypto';
import { type Challenge, createChallenge, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Db } from '../../../../platform/db/connect.ts';

/**
 * ALTCHA, the site's own captcha (decision 0037): the server hands out a signed proof-of-work
 * challenge, the visitor's browser solves it, and the server checks the solution on submit.
 * The check needs nothing the server kept, except that a challenge is accepted once: spent
 * challenges are kept in the database until they expire.
 */

/**
 * PBKDF2 with SHA-256: the browser's Web Crypto computes it in a worker, so it runs under the
 * site's strict Content-Security-Policy (the memory-hard ones need WebAssembly).
 */
const algorithm = 'PBKDF2/SHA-256';
/**
 * Iterations per attempt. With the default key prefix of one byte a browser makes about 256
 * attempts: well under a second on a phone, and each of a spammer's messages costs the same.
 */
const cost = 5_000;
/** Long enough to fill in a long form after the challenge was solved on its first focus. */
export const altchaChallengeLifetimeSeconds = 30 * 60;
/** A payload is base64 JSON of a challenge and its solution, a few hundred bytes. */
const maxPayloadLength = 4096;

/** The key ALTCHA challenges are signed with, derived from the site's secret. */
export function altchaSigningSecret(siteSecret: string): string {
  return createHmac('sha256', siteSecret).update('quire:altcha-challenge').digest('hex');
}

/** A fresh challenge for a visitor's browser, signed, expiring after the lifetime. */
export function issueAltchaChallenge(siteSecret: string, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm,
    cost,
    deriveKey,
    expiresAt: Math.floor(now / 1000) + altchaChallengeLifetimeSeconds,
    hmacSignatureSecret: altchaSigningSecret(siteSecret),
  });
}

export type AltchaPayload = { challenge: Challenge; solution: Solution };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What the widget posts (`altcha`): base64 of JSON with the challenge and its solution.
 * The widget's test mode (`test: true`, no challenge) and anything else are not a payload.
 */
export function parseAltchaPayload(text: string | undefined): AltchaPayload | undefined {
  if (!text || text.length > maxPayloadLength || !/^[A-Za-z0-9+/]+={0,2}$/.test(text)) {
    return undefined;
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!isObject(decoded) || decoded.test !== undefined) return undefined;
  const { challenge, solution } = decoded;
  if (!isObject(challenge) || !isObject(challenge.parameters) || !isObject(solution)) {
    return undefined;
  }
  if (typeof challenge.signature !== 'string' || !/^[0-9a-f]{64}$/.test(challenge.signature)) {
    return undefined;
  }
  return {
    challenge: challenge as unknown as Challenge,
    solution: solution as unknown as Solution,
  };
}

export type AltchaVerdict =
  | 'verified'
  | 'missing'
  | 'malformed'
  | 'expired'
  | 'invalid-signature'
  | 'invalid-solution'
  | 'replayed';

/**
 * Checks an ALTCHA payload: the challenge is the site's (its signature), still valid, solved,
 * and not accepted before; a verified one is spent at once, so sending it again fails.
 */
export async function verifyAltcha(
  db: Db,
  siteSecret: string,
  text: string | undefined,
  now = Date.now(),
): Promise<AltchaVerdict> {
  if (!text) return 'missing';
  const payload = parseAltchaPayload(text);
  if (!payload) return 'malformed';
  const { expiresAt } = payload.challenge.parameters;
  if (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)) return 'malformed';
  if (expiresAt * 1000 <= now) return 'expired';
  let result: Awaited<ReturnType<typeof verifySolution>>;
  try {
    result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: altchaSigningSecret(siteSecret),
    });
  } catch {
    // A signed challenge always works with deriveKey: this is parameters made up by a sender.
    return 'malformed';
  }
  if (result.expired) return 'expired';
  if (result.invalidSignature) return 'invalid-signature';
  if (!result.verified) return 'invalid-solution';
  const spent = await spendAltchaChallenge(
    db,
    payload.challenge.signature as string,
    expiresAt * 1000,
    now,
  );
  return spent ? 'verified' : 'replayed';
}

/**
 * Records a challenge as spent; false when it already was (by this or another instance). The
 * challenges that have expired are forgotten in the same transaction: an expired one is refused
 * for its expiry, so the table holds only the last lifetime's.
 */
export async function spendAltchaChallenge(
  db: Db,
  signature: string,
  expiresAt: number,
  now: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('captcha_spent_challenges').where('expires_at', '<=', now).execute();
    const recorded = await trx
      .insertInto('captcha_spent_challenges')
      .values({ signature, expires_at: expiresAt })
      .onConflict((c) => c.column('signature').doNothing())
      .executeTakeFirst();
    return Number(recorded.numInsertedOrUpdatedRows ?? 0) > 0;
  });
}
