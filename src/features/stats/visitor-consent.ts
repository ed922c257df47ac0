/**
 * The visitor identifier `_qvid` (contract §1) and the consent that lets the site keep it, in one
 * place: the cookie names and lifetimes, the setting that decides, and the rule. Used by the
 * beacon (which keeps the cookie and shows the banner), the ingest and form submissions (which
 * read it), the consent banner's markup and Facebook's SDK (which needs the same consent).
 * Isomorphic.
 */
import { readCookie } from '../../platform/cookies.ts';

/** The visitor identifier cookie: a UUID v4 kept 3999 days. */
export const visitorCookieName = '_qvid';
export const visitorCookieDays = 3999;

/** The visitor's answer to the consent banner: `granted` or `denied`. */
export const consentCookieName = 'quire_consent';
/** The visitor's answer, the value of `quire_consent` and of the banner button that gives it. */
export type ConsentChoice = 'granted' | 'denied';
/** How long the answer is kept before the banner asks again. */
export const consentCookieDays = 365;
/** The banner's element id; the footer's "Privacy choices" button reopens it. */
export const consentBannerId = 'consent';

/** The site setting: never keep `_qvid`, keep it once the visitor consents, or always. */
export const visitorIdSettings = ['off', 'with-consent', 'always'] as const;
export type VisitorIdSetting = (typeof visitorIdSettings)[number];

/** Whether the site may keep `_qvid`, given the setting and the `quire_consent` cookie's value. */
export function mayKeepVisitorId(setting: VisitorIdSetting, consent: string | undefined): boolean {
  return setting === 'always' || (setting === 'with-consent' && consent === 'granted');
}

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The visitor's `_qvid` from a request's Cookie header, when it is a well-formed UUID v4 and the
 * site may use it.
 */
export function usableVisitorId(
  cookieHeader: string | null | undefined,
  setting: VisitorIdSetting,
): string | undefined {
  if (!mayKeepVisitorId(setting, readCookie(cookieHeader, consentCookieName))) return undefined;
  const id = readCookie(cookieHeader, visitorCookieName);
  return id && uuidV4.test(id) ? id.toLowerCase() : undefined;
}
