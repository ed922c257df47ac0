/**
 * The qstat beacon (seed §7 call 8), built on its own by esbuild and inlined into every page
 * while statistics are on (decision 0018). Its script element carries the settings:
 * `data-dnt="1"` when the site respects Do Not Track, `data-visitor-id` the site's `visitorId`.
 * This file only wires the modules beside it to the real window; its budget is 1.2 KB gzip.
 */
import {
  type ConsentChoice,
  consentBannerId,
  consentCookieDays,
  consentCookieName,
  mayKeepVisitorId,
  type VisitorIdSetting,
} from '../visitor-consent.ts';
import { readCookie, writeCookie } from './cookies.ts';
import { firstInteraction } from './first-interaction.ts';
import { buildHitUrl, type HitEvent } from './hit-url.ts';
import { type PrivacySignals, staysSilent } from './privacy-signals.ts';
import { keepVisitorId } from './visitor-cookie.ts';

/** The page's statistics API: `window.qstat?.event('Video', 'play', 'Intro', 3)`. */
export type QstatApi = {
  /** Records an event; before the visitor's first interaction it waits for the page view. */
  event: (...event: HitEvent) => void;
};

declare global {
  interface Window {
    qstat?: QstatApi;
  }
}

const settings = (document.currentScript as HTMLScriptElement).dataset;
const setting = settings.visitorId as VisitorIdSetting;
const silent = staysSilent(settings.dnt === '1', navigator as PrivacySignals);
// Rendered only when the site asks for consent (site/ui/ConsentBanner.tsx).
const banner = document.getElementById(consentBannerId);
/** Events waiting for the page view; none once it went. */
let waiting: HitEvent[] | undefined = [];

function send(event?: HitEvent): void {
  // An image request: no CORS, no preflight, and nothing waits for the answer.
  if (!silent) new Image().src = buildHitUrl(window, event);
}

function updateVisitorId(): void {
  keepVisitorId(
    document,
    !silent && mayKeepVisitorId(setting, readCookie(document, consentCookieName)),
  );
}

function pageView(): void {
  // The identifier first, so that the server sees it on this very hit.
  updateVisitorId();
  send();
  waiting?.forEach(send);
  waiting = undefined;
}

/** Shows the banner (a popover) until the visitor has answered. */
function showBannerIfAsking(): void {
  // Browsers without popovers (before 2024) never show it: nothing is stored, nothing breaks.
  banner?.togglePopover?.(!readCookie(document, consentCookieName));
}

const rearmPageView = firstInteraction(window, pageView);
showBannerIfAsking();

window.qstat = {
  event(...event) {
    if (waiting) waiting.push(event);
    else send(event);
  },
};

addEventListener('pageshow', (event) => {
  // Restored from the back/forward cache: the view counts again after its first interaction.
  if (event.persisted) {
    waiting = [];
    rearmPageView();
    showBannerIfAsking();
  }
});

if (banner) {
  // The two buttons carry the answer as their value, and close the popover themselves.
  banner.onclick = (event) => {
    const choice = (event.target as HTMLButtonElement).value as ConsentChoice | '';
    if (choice) {
      writeCookie(document, consentCookieName, choice, consentCookieDays);
      updateVisitorId();
    }
  };
}
