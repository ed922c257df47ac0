import { readCookie } from '../../platform/cookies.ts';
import type { SiteSettings } from './site-settings.ts';

/** The visitor identifier cookie (contract §1): a UUID v4 kept 3999 days. */
export const visitorCookieName = '_qvid';
export const visitorCookieDays = 3999;
/** The visitor's answer to the consent banner: `granted` or `denied`. */
export const consentCookieName = 'quire_consent';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The visitor's `_qvid`, when it is a well-formed UUID v4 and the site may use it: with the
 * setting `always`, or with `with-consent` once the visitor granted consent.
 */
export function usableVisitorId(
  cookieHeader: string | null | undefined,
  setting: SiteSettings['visitorId'],
): string | undefined {
  if (setting === 'off') return undefined;
  if (setting === 'with-consent' && readCookie(cookieHeader, consentCookieName) !== 'granted') {
    return undefined;
  }
  const id = readCookie(cookieHeader, visitorCookieName);
  return id && uuidV4.test(id) ? id.toLowerCase() : undefined;
}
