/**
 * The consent banner's hooks, shared by its markup (ui/ConsentBanner.tsx, the footer's
 * "Privacy choices" button) and the beacon, which shows it and keeps the answer in
 * `quire_consent` (visitor-id.ts). Isomorphic.
 */

/** The visitor's answer, the value of `quire_consent` and of the banner button that gives it. */
export type ConsentChoice = 'granted' | 'denied';

/** How long the answer is kept before the banner asks again. */
export const consentCookieDays = 365;

export const consentBannerId = 'consent';
/** The footer's "Privacy choices" button, which reopens the banner. */
export const privacyChoicesId = 'privacy-choices';
