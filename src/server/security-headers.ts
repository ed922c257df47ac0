/** Headers every response carries. */
const everywhere = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=()',
} as const;

/** A site served over https tells browsers to use nothing else for a year (HSTS). */
const strictTransport = { 'Strict-Transport-Security': 'max-age=31536000' } as const;

/** The headers every response of the site at `siteUrl` carries. */
export function securityHeaders(siteUrl: string): Readonly<Record<string, string>> {
  return siteUrl.startsWith('https:') ? { ...everywhere, ...strictTransport } : everywhere;
}
