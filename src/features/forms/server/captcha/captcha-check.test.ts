import { describe, expect, it } from 'vitest';
import { activeCaptcha, captchaCspSources, publicCaptcha } from './captcha-check.ts';

describe('the site’s captcha', () => {
  it('is ALTCHA by default, and while a third-party service lacks either key', () => {
    const altcha = { provider: 'altcha', siteKey: '', secretKey: '' };
    expect(activeCaptcha({ provider: 'altcha', siteKey: 'k', secretKey: 's' })).toEqual(altcha);
    expect(activeCaptcha({ provider: 'hcaptcha', siteKey: '', secretKey: 's' })).toEqual(altcha);
    expect(activeCaptcha({ provider: 'turnstile', siteKey: 'k', secretKey: '' })).toEqual(altcha);
    expect(activeCaptcha({ provider: 'recaptcha', siteKey: 'k', secretKey: 's' })).toEqual({
      provider: 'recaptcha',
      siteKey: 'k',
      secretKey: 's',
    });
  });

  it('gives pages the service and its site key, never the secret key', () => {
    expect(publicCaptcha({ provider: 'turnstile', siteKey: 'site', secretKey: 'secret' })).toEqual({
      provider: 'turnstile',
      siteKey: 'site',
    });
  });

  it('opens the page’s policy to a third-party service’s documented sources only', () => {
    expect(captchaCspSources({ provider: 'altcha', siteKey: '' })).toBe(undefined);
    expect(captchaCspSources({ provider: 'turnstile', siteKey: 'k' })).toEqual({
      script: ['https://challenges.cloudflare.com'],
      style: [],
      frame: ['https://challenges.cloudflare.com'],
      connect: [],
    });
    expect(captchaCspSources({ provider: 'recaptcha', siteKey: 'k' })?.script).toEqual([
      'https://www.google.com/recaptcha/',
      'https://www.gstatic.com/recaptcha/',
    ]);
    expect(captchaCspSources({ provider: 'hcaptcha', siteKey: 'k' })?.connect).toEqual([
      'https://hcaptcha.com',
      'https://*.hcaptcha.com',
    ]);
  });
});
