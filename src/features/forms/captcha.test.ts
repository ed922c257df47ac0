import { describe, expect, it } from 'vitest';
import { captchaFailedMessage, captchaProviders } from './captcha.ts';

describe('captchaFailedMessage', () => {
  it('words each service’s failure as the seed and the contract do, verbatim', () => {
    expect(Object.fromEntries(captchaProviders.map((p) => [p, captchaFailedMessage(p)]))).toEqual({
      altcha: 'ALTCHA verification failed, please try again later.',
      hcaptcha: 'hCaptcha verification failed, please try again later.',
      recaptcha: 'Google reCAPTCHA verification failed, please try again later.',
      turnstile: 'Cloudflare Turnstile verification failed, please try again later.',
    });
  });
});
