import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers.ts';

describe('securityHeaders', () => {
  it('adds HSTS only for a site served over https', () => {
    expect(securityHeaders('https://blog.example')['Strict-Transport-Security']).toBe(
      'max-age=31536000',
    );
    expect(securityHeaders('http://127.0.0.1:4321')['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders('http://127.0.0.1:4321')['X-Content-Type-Options']).toBe('nosniff');
  });
});
