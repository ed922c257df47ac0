import { describe, expect, it } from 'vitest';
import { isCrossSiteForm } from './cross-site-forms.ts';

const site = ['https://blog.example.org', 'http://blog.example.org'];
const request = (headers: Record<string, string>) => new Headers(headers);
const form = 'application/x-www-form-urlencoded';

describe('isCrossSiteForm', () => {
  it('takes a form from the public address behind a proxy that ends TLS', () => {
    const headers = request({ origin: 'https://blog.example.org', 'content-type': form });
    expect(isCrossSiteForm('POST', headers, site)).toBe(false);
  });

  it('refuses a form of every type a plain HTML form posts with from another site', () => {
    for (const type of [form, 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8']) {
      const headers = request({ origin: 'https://evil.example', 'content-type': type });
      expect(isCrossSiteForm('POST', headers, site)).toBe(true);
    }
  });

  it('refuses a form without an Origin, and a body of no type from another site', () => {
    expect(isCrossSiteForm('POST', request({ 'content-type': form }), site)).toBe(true);
    expect(isCrossSiteForm('DELETE', request({ origin: 'https://evil.example' }), site)).toBe(true);
  });

  it('leaves alone what a form cannot send, and requests that change nothing', () => {
    // Another site's JSON needs a CORS preflight, which Quire never grants (the admin checks CSRF too).
    const json = request({ origin: 'https://evil.example', 'content-type': 'application/json' });
    expect(isCrossSiteForm('POST', json, site)).toBe(false);
    const get = request({ origin: 'https://evil.example', 'content-type': form });
    expect(isCrossSiteForm('GET', get, site)).toBe(false);
    expect(isCrossSiteForm('HEAD', get, site)).toBe(false);
  });
});
