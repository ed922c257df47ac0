import { isIP } from 'node:net';
import type { CaptchaProvider } from '../../captcha.ts';

/**
 * The third-party captchas' server check: each service documents the same "siteverify" call,
 * a form-encoded POST of the site's `secret`, the widget's `response` token and, optionally,
 * the visitor's `remoteip`, answered with JSON `{ "success": true|false, "error-codes": [...] }`.
 */

export type ThirdPartyCaptcha = Exclude<CaptchaProvider, 'altcha'>;

/** Each service's documented address for the check. */
export const defaultVerifyUrls: Record<ThirdPartyCaptcha, string> = {
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
  recaptcha: 'https://www.google.com/recaptcha/api/siteverify',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
};

/** A token is a few hundred to a few thousand characters; anything longer is not one. */
const maxTokenLength = 8192;
/** How long the service may take before the submission is refused as unverified. */
const verifyTimeoutMs = 10_000;

export type SiteverifyVerdict =
  | { verdict: 'verified' }
  | { verdict: 'missing' }
  | { verdict: 'refused'; errorCodes: string[] }
  /** The service could not be asked or gave no answer it documents: never taken as a pass. */
  | { verdict: 'unreachable'; reason: string };

export async function siteverify(
  request: {
    url: string;
    secret: string;
    token: string | undefined;
    /** The visitor's address, sent only when it is one (the service's optional `remoteip`). */
    remoteIp: string;
  },
  fetchImpl: typeof fetch = fetch,
): Promise<SiteverifyVerdict> {
  const token = request.token?.trim() ?? '';
  if (token === '') return { verdict: 'missing' };
  if (token.length > maxTokenLength) return { verdict: 'refused', errorCodes: ['token-too-long'] };
  const body = new URLSearchParams({ secret: request.secret, response: token });
  if (isIP(request.remoteIp) !== 0) body.set('remoteip', request.remoteIp);
  let answer: unknown;
  try {
    const response = await fetchImpl(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body,
      signal: AbortSignal.timeout(verifyTimeoutMs),
    });
    if (!response.ok) return { verdict: 'unreachable', reason: `HTTP ${response.status}` };
    answer = await response.json();
  } catch (error) {
    return {
      verdict: 'unreachable',
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  if (typeof answer !== 'object' || answer === null || !('success' in answer)) {
    return { verdict: 'unreachable', reason: 'an answer without success' };
  }
  const { success } = answer as { success: unknown };
  const codes = (answer as { 'error-codes'?: unknown })['error-codes'];
  const errorCodes = Array.isArray(codes) ? codes.map(String).slice(0, 10) : [];
  if (success === true) return { verdict: 'verified' };
  return { verdict: 'refused', errorCodes };
}
