import type { SiteSettings } from '../../site/site-settings.ts';
import { consentCookieName } from '../../site/visitor-id.ts';
import { type CookieJar, readCookie } from './cookies.ts';

/**
 * Whether the page may keep `_qvid`: always, or when the site asks for consent and the visitor
 * granted it (`quire_consent=granted`, which Facebook's SDK needs too: share/ui/facebook-sdk.ts).
 */
export function mayUseVisitorId(setting: SiteSettings['visitorId'], jar: CookieJar): boolean {
  return (
    setting === 'always' ||
    (setting === 'with-consent' && readCookie(jar, consentCookieName) === 'granted')
  );
}
