import type { HitType } from '../../../platform/db/schema.ts';
import {
  type ClickIdParam,
  clickIdParams,
  hitLimits,
  hitParams,
  hitTypes,
  type UtmParam,
  utmParams,
} from '../hit-params.ts';

/** What one hit says, bounded and cleaned; the ingest adds the time and the visitor. */
export type ParsedHit = {
  type: HitType;
  path: string;
  title: string | null;
  referrer: string | null;
  referrerHost: string | null;
  utm: Record<UtmParam, string | null>;
  clickId: ClickIdParam | null;
  screenWidth: number | null;
  screenHeight: number | null;
  viewportWidth: number | null;
  viewportHeight: number | null;
  charset: string | null;
  colorDepth: number | null;
  event: { category: string; action: string; label: string | null; value: number | null } | null;
};

export type HitProblem = { problem: string };

class InvalidHit extends Error {}

// C0 and C1 control characters (tab and newline included): no title or tag needs one, and a
// report printed in a terminal must not receive escape sequences.
const controlCharacters = /\p{Cc}/gu;

function text(params: URLSearchParams, name: string, max: number): string | null {
  const raw = params.get(name);
  if (raw === null) return null;
  if (raw.length > max) throw new InvalidHit(`${name} is longer than ${max} characters`);
  const clean = raw.replace(controlCharacters, ' ').trim();
  return clean === '' ? null : clean;
}

function whole(params: URLSearchParams, name: string, min: number, max: number): number | null {
  const raw = params.get(name);
  if (raw === null || raw === '') return null;
  if (!/^-?\d{1,10}$/.test(raw)) throw new InvalidHit(`${name} is not a whole number`);
  const value = Number(raw);
  if (value < min || value > max) throw new InvalidHit(`${name} is outside ${min}…${max}`);
  return value;
}

/** A host name as reports group it: lower case, without `www.`. */
export function bareHost(hostname: string): string {
  return hostname.toLowerCase().replace(/^www\./, '');
}

/** The outside page a visitor came from, as host and path; undefined for the site itself. */
function parseReferrer(
  raw: string | null,
  siteHosts: string[],
): { referrer: string; host: string } | null {
  if (raw === null) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidHit('ref is not an address');
  }
  // Android apps refer as android-app://<package>/; anything else but the web is forged.
  if (!['http:', 'https:', 'android-app:'].includes(url.protocol) || url.hostname === '') {
    throw new InvalidHit('ref is not a web address');
  }
  const host = bareHost(url.hostname);
  if (siteHosts.includes(host)) return null;
  // The query and fragment are left out: they can carry a person's data.
  return { referrer: `${host}${url.pathname === '/' ? '' : url.pathname}`, host };
}

/**
 * Reads a beacon's query (seed §3 "Tracking hit"). A hit that breaks a bound of hit-params.ts
 * is refused as a whole: the beacon trims to those bounds, so only a forged hit breaks one.
 * Unknown parameters are ignored, so an older server accepts a newer beacon.
 */
export function parseHit(params: URLSearchParams, siteHosts: string[]): ParsedHit | HitProblem {
  try {
    if (!/^\d{1,20}$/.test(params.get(hitParams.random) ?? '')) {
      throw new InvalidHit(`${hitParams.random} (the random number) is missing or not a number`);
    }
    const type = params.get(hitParams.type);
    if (!hitTypes.includes(type as HitType)) throw new InvalidHit('t is not a hit type');
    const path = text(params, hitParams.path, hitLimits.path);
    if (path === null || !path.startsWith('/') || path.startsWith('//')) {
      throw new InvalidHit('p is not a path on this site');
    }
    const referrer = parseReferrer(
      text(params, hitParams.referrer, hitLimits.referrer),
      siteHosts.map(bareHost),
    );
    const utm = Object.fromEntries(
      utmParams.map((name) => [name, text(params, name, hitLimits.utm)]),
    ) as Record<UtmParam, string | null>;
    let clickId: ClickIdParam | null = null;
    for (const name of clickIdParams) {
      if (text(params, name, hitLimits.clickId) !== null) clickId ??= name;
    }
    const charset = text(params, hitParams.charset, hitLimits.charset);
    if (charset !== null && !/^[A-Za-z0-9._:-]+$/.test(charset)) {
      throw new InvalidHit('cs is not a character set name');
    }
    const side = (name: string) => whole(params, name, 1, hitLimits.maxSide);
    let event: ParsedHit['event'] = null;
    if (type === 'event') {
      const category = text(params, hitParams.eventCategory, hitLimits.eventCategory);
      const action = text(params, hitParams.eventAction, hitLimits.eventAction);
      if (category === null || action === null) {
        throw new InvalidHit('an event needs a category (ec) and an action (ea)');
      }
      event = {
        category,
        action,
        label: text(params, hitParams.eventLabel, hitLimits.eventLabel),
        value: whole(
          params,
          hitParams.eventValue,
          -hitLimits.maxEventValue,
          hitLimits.maxEventValue,
        ),
      };
    }
    return {
      type: type as HitType,
      path,
      title: text(params, hitParams.title, hitLimits.title),
      referrer: referrer?.referrer ?? null,
      referrerHost: referrer?.host ?? null,
      utm,
      clickId,
      screenWidth: side(hitParams.screenWidth),
      screenHeight: side(hitParams.screenHeight),
      viewportWidth: side(hitParams.viewportWidth),
      viewportHeight: side(hitParams.viewportHeight),
      charset,
      colorDepth: whole(params, hitParams.colorDepth, 1, hitLimits.maxColorDepth),
      event,
    };
  } catch (error) {
    if (error instanceof InvalidHit) return { problem: error.message };
    throw error;
  }
}
