import { consentCookieName } from '../../stats/visitor-consent.ts';

export const facebookSdkUrl = 'https://connect.facebook.net/en_US/sdk.js#xfbml=1&version=v21.0';
/** How long the page plugin waits for the SDK before it gives up and keeps its plain link. */
export const facebookSdkTimeoutMs = 10_000;

export type SdkOutcome = 'loaded' | 'failed' | 'timeout' | 'no-consent';

/** Whether the visitor granted consent (`quire_consent=granted`, see visitor-id.ts). */
export function hasConsent(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${consentCookieName}=granted`);
}

/**
 * Loads Facebook's SDK for the page plugin (seed §7 call 10), only with the visitor's consent,
 * after the page's load event, asynchronously. A failed or slow load settles the promise and
 * leaves the plugin's plain link in place: it never breaks the bar or holds up the page.
 */
export function loadFacebookSdk(
  doc: Document = document,
  timeoutMs: number = facebookSdkTimeoutMs,
): Promise<SdkOutcome> {
  if (!hasConsent(doc.cookie)) return Promise.resolve('no-consent');
  const win = doc.defaultView!;
  return new Promise((resolve) => {
    const start = () => {
      if (doc.getElementById('facebook-jssdk')) return resolve('loaded');
      const script = doc.createElement('script');
      script.id = 'facebook-jssdk';
      script.async = true;
      script.crossOrigin = 'anonymous';
      script.src = facebookSdkUrl;
      const timer = win.setTimeout(() => resolve('timeout'), timeoutMs);
      script.onload = () => {
        win.clearTimeout(timer);
        resolve('loaded');
      };
      script.onerror = () => {
        win.clearTimeout(timer);
        script.remove();
        resolve('failed');
      };
      doc.body.append(script);
    };
    if (doc.readyState === 'complete') start();
    else win.addEventListener('load', start, { once: true });
  });
}
