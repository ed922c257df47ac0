import { describe, expect, it } from 'vitest';
import { adminSecurityHeaders, isAdminPath, securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it('adds HSTS only for a site served over https', () => {
    expect(securityHeaders('https://blog.example')['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
    expect(securityHeaders('http://127.0.0.1:4321')['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders('http://127.0.0.1:4321')['X-Content-Type-Options']).toBe('nosniff');
  });

  it('gives admin pages a strict policy of their own, and only admin addresses', () => {
    const headers = adminSecurityHeaders('https://blog.example');
    expect(headers['Content-Security-Policy']).toContain("script-src 'self';");
    expect(headers['Content-Security-Policy']).not.toMatch(/facebook|unsafe-eval/);
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['X-Frame-Options']).toBe('DENY');
    expect(headers['Strict-Transport-Security']).toBe('max-age=31536000');
    expect(['/admin', '/admin/settings', '/admin/api/settings'].every(isAdminPath)).toBe(true);
    expect(['/administration-tips/', '/adminx', '/'].some(isAdminPath)).toBe(false);
  });
});
