/** Headers every response carries. */
const everywhere = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'SAMEORIGIN',
  // The site's own pages may use the camera (a form's camera field asks the visitor first);
  // nothing framed in them may, and nothing may use the microphone or location.
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
} as const;

/** A site served over https tells browsers to use nothing else for a year (HSTS). */
const strictTransport = { 'Strict-Transport-Security': 'max-age=31536000' } as const;

/** The headers every response of the site at `siteUrl` carries. */
export function securityHeaders(siteUrl: string): Readonly<Record<string, string>> {
  return siteUrl.startsWith('https:') ? { ...everywhere, ...strictTransport } : everywhere;
}

/**
 * What admin pages carry instead of the site's policy (issue 13, point 6): scripts only from the
 * site's own files (the admin's bundle; no inline script, no Facebook), nothing framed and no
 * framing, forms posted only to the site, and addresses never passed on to other sites.
 * Styles stay inline-friendly: React Aria sets style attributes.
 */
const adminOnly = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self' data:",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; '),
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'same-origin',
} as const;

/** The headers of an admin page or admin call: the site's, with the admin's stricter ones. */
export function adminSecurityHeaders(siteUrl: string): Readonly<Record<string, string>> {
  return { ...securityHeaders(siteUrl), ...adminOnly };
}

/** Whether an address is the admin's: its pages, its sign-in and its calls. */
export function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}
