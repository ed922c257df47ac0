import {
  type CaptchaProvider,
  captchaFailedMessage,
  captchaResponseFields,
} from '../../captcha.ts';
import type { CaptchaSettings } from '../../captcha-settings.ts';
import type { FormDefinition } from '../../form-definition.ts';
import type { PublicCaptcha } from '../../public-form.ts';
import type { FormsDependencies } from '../forms-dependencies.ts';
import { verifyAltcha } from './altcha.ts';
import { defaultVerifyUrls, siteverify } from './siteverify.ts';

/**
 * The captcha of a form with a `captcha` field: which service it uses, what the page may load
 * for it, and the server's check of a submission's answer (decision 0037).
 */

export const hasCaptcha = (definition: FormDefinition) =>
  definition.fields.some((field) => field.type === 'captcha');

/**
 * The service forms use: the site's choice, or ALTCHA while a third-party one lacks either key
 * (a form is never left without a captcha, nor turned away for the owner's missing key).
 */
export function activeCaptcha(settings: CaptchaSettings): {
  provider: CaptchaProvider;
  siteKey: string;
  secretKey: string;
} {
  if (settings.provider === 'altcha' || settings.siteKey === '' || settings.secretKey === '') {
    return { provider: 'altcha', siteKey: '', secretKey: '' };
  }
  return settings;
}

/** What the page tells the browser: the service and its site key, never the secret key. */
export function publicCaptcha(settings: CaptchaSettings): PublicCaptcha {
  const { provider, siteKey } = activeCaptcha(settings);
  return { provider, siteKey };
}

/**
 * What a page whose form shows this captcha must allow in its Content-Security-Policy: each
 * service's documented sources for its script, its frames and its calls. ALTCHA's widget and
 * workers are the site's own files.
 */
export function captchaCspSources(
  captcha: PublicCaptcha,
): { script: string[]; style: string[]; frame: string[]; connect: string[] } | undefined {
  switch (captcha.provider) {
    case 'altcha':
      return undefined;
    case 'hcaptcha': {
      const hcaptcha = ['https://hcaptcha.com', 'https://*.hcaptcha.com'];
      return { script: hcaptcha, style: hcaptcha, frame: hcaptcha, connect: hcaptcha };
    }
    case 'recaptcha':
      return {
        script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
        style: [],
        frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
        connect: [],
      };
    case 'turnstile':
      return {
        script: ['https://challenges.cloudflare.com'],
        style: [],
        frame: ['https://challenges.cloudflare.com'],
        connect: [],
      };
  }
}

export type CaptchaCheck =
  | { passed: true }
  | {
      passed: false;
      provider: CaptchaProvider;
      /** The seed's message for the visitor, shown in the captcha's place. */
      message: string;
      /** Why, for the log: the service's error codes, a replay, or that it was out of reach. */
      reason: string;
      /** The service could not be asked: the site's trouble, not the sender's. */
      unreachable: boolean;
    };

/**
 * Checks the captcha's answer in a submission of a form that has one: ALTCHA's solution here,
 * a third party's token with its siteverify call. Anything short of a pass refuses, the service
 * out of reach included: an entry is never taken unverified.
 */
export async function checkCaptcha(
  deps: Pick<FormsDependencies, 'db' | 'secret' | 'captchaSettings' | 'captchaVerifyUrls'>,
  request: { entries: ReadonlyArray<readonly [string, string]>; client: string },
  now = Date.now(),
): Promise<CaptchaCheck> {
  const captcha = activeCaptcha(await deps.captchaSettings());
  const { provider } = captcha;
  const answer = request.entries.find(([name]) => name === captchaResponseFields[provider])?.[1];
  const refused = (reason: string, unreachable = false): CaptchaCheck => ({
    passed: false,
    provider,
    message: captchaFailedMessage(provider),
    reason,
    unreachable,
  });
  if (provider === 'altcha') {
    const verdict = await verifyAltcha(deps.db, deps.secret, answer, now);
    return verdict === 'verified' ? { passed: true } : refused(verdict);
  }
  const result = await siteverify({
    url: deps.captchaVerifyUrls[provider] ?? defaultVerifyUrls[provider],
    secret: captcha.secretKey,
    token: answer,
    remoteIp: request.client,
  });
  switch (result.verdict) {
    case 'verified':
      return { passed: true };
    case 'missing':
      return refused('missing');
    case 'refused':
      return refused(result.errorCodes.join(' ') || 'refused');
    case 'unreachable':
      return refused(result.reason, true);
  }
}
