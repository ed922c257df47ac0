import { clickIdParams, hitLimits, hitParams, trackingParam, utmParams } from '../hit-params.ts';

/**
 * The parts of the window a hit reads: the beacon passes the window itself, tests a plain
 * object. Only `location.search` is read for the utm parameters and click ids; the path is
 * `location.pathname`, never with its query.
 */
export type PageView = {
  location: Pick<Location, 'pathname' | 'search'>;
  document: Pick<Document, 'referrer' | 'title' | 'characterSet'>;
  screen: Pick<Screen, 'width' | 'height' | 'colorDepth'>;
  innerWidth: number;
  innerHeight: number;
};

/** The arguments of `window.qstat.event(category, action, label?, value?)`. */
export type HitEvent = [category: string, action: string, label?: string, value?: number];

/**
 * The beacon's address for one hit (seed §3 "Tracking hit", §7 call 8): `/?qstat=1&…`, a page
 * view or, given `event`, an event, with a random number against caches. The utm parameters and
 * click ids of the page's address go under their own names. Every value keeps to the bounds the
 * server checks (hit-params.ts, stats/server/parse-hit.ts): text is cut to its length; sizes,
 * colour depth and the event value are rounded into their range (the event value from its
 * negative bound, the rest from 1). Empty values, and an event value that is no number, are
 * left out.
 */
export function buildHitUrl(
  view: PageView,
  event?: HitEvent,
  // 16 digits, never an exponent: the server takes digits only.
  random = Math.random().toFixed(16).slice(2),
): string {
  const query = new URLSearchParams(
    `${trackingParam}=1&${hitParams.type}=${event ? 'event' : 'pageview'}`,
  );
  const address = new URLSearchParams(view.location.search);
  // Text is cut to `max`; with a `min`, the value is a number rounded into min…max.
  const add = (name: string, value: unknown, max: number, min?: number) => {
    const kept =
      min === undefined ? value : Math.min(max, Math.max(min, Math.round(value as number)));
    // Not for null, undefined, '' or NaN; 0 is a value.
    if (kept || kept === 0) query.set(name, String(kept).slice(0, max));
  };
  add(hitParams.random, random, hitLimits.random);
  add(hitParams.path, view.location.pathname, hitLimits.path);
  add(hitParams.referrer, view.document.referrer, hitLimits.referrer);
  add(hitParams.title, view.document.title, hitLimits.title);
  add(hitParams.screenWidth, view.screen.width, hitLimits.maxSide, 1);
  add(hitParams.screenHeight, view.screen.height, hitLimits.maxSide, 1);
  add(hitParams.viewportWidth, view.innerWidth, hitLimits.maxSide, 1);
  add(hitParams.viewportHeight, view.innerHeight, hitLimits.maxSide, 1);
  add(hitParams.charset, view.document.characterSet, hitLimits.charset);
  add(hitParams.colorDepth, view.screen.colorDepth, hitLimits.maxColorDepth, 1);
  if (event) {
    add(hitParams.eventCategory, event[0], hitLimits.eventCategory);
    add(hitParams.eventAction, event[1], hitLimits.eventAction);
    add(hitParams.eventLabel, event[2], hitLimits.eventLabel);
    add(hitParams.eventValue, event[3], hitLimits.maxEventValue, -hitLimits.maxEventValue);
  }
  for (const name of utmParams) add(name, address.get(name), hitLimits.utm);
  for (const name of clickIdParams) add(name, address.get(name), hitLimits.clickId);
  return `/?${query}`;
}
