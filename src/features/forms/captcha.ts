import { fill } from '../../platform/fill-message.ts';
import { captchaMessages } from './captcha-messages.ts';

/**
 * The captcha services a form's `captcha` field can use (the site's setting): ALTCHA, a
 * proof of work the site hands out and checks itself, and three third-party widgets. What the
 * browser and the server both need to know of them; no zod, so the form island can import it.
 */
export const captchaProviders = ['altcha', 'hcaptcha', 'recaptcha', 'turnstile'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

/** How the seed's messages name each service (contract §1). */
export const captchaProviderNames: Record<CaptchaProvider, string> = {
  altcha: 'ALTCHA',
  hcaptcha: 'hCaptcha',
  recaptcha: 'Google reCAPTCHA',
  turnstile: 'Cloudflare Turnstile',
};

/** Seed §5 and §8: what a visitor is told when the captcha was not passed. */
export function captchaFailedMessage(provider: CaptchaProvider): string {
  if (provider === 'recaptcha') return captchaMessages.recaptchaFailed;
  if (provider === 'hcaptcha') return captchaMessages.hcaptchaFailed;
  return fill(captchaMessages.captchaFailed, { name: captchaProviderNames[provider] });
}

/** The form input each service's widget puts its answer in. */
export const captchaResponseFields: Record<CaptchaProvider, string> = {
  altcha: 'altcha',
  hcaptcha: 'h-captcha-response',
  recaptcha: 'g-recaptcha-response',
  turnstile: 'cf-turnstile-response',
};

/** The services' documented browser scripts; a page loads one only when its form has a captcha. */
export const captchaScriptUrls: Record<Exclude<CaptchaProvider, 'altcha'>, string> = {
  hcaptcha: 'https://js.hcaptcha.com/1/api.js',
  recaptcha: 'https://www.google.com/recaptcha/api.js',
  turnstile: 'https://challenges.cloudflare.com/turnstile/v0/api.js',
};

/** The `/ajax` action that hands out an ALTCHA challenge. */
export const altchaChallengeAction = 'qforms_altcha_challenge';
