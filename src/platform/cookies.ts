/** The value of one cookie in a `Cookie` request header, or undefined when it is absent. */
export function readCookie(
  cookieHeader: string | null | undefined,
  name: string,
): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator !== -1 && part.slice(0, separator).trim() === name) {
      return part.slice(separator + 1).trim();
    }
  }
  return undefined;
}

/**
 * The administrator's session cookie (features/admin/server/sessions.ts). The page cache never
 * answers a request that carries it signed by the site (a made-up one is a visitor's), and the
 * statistics leave out the owner's own visits.
 */
export const sessionCookieName = 'quire_session';
