/**
 * Requests the statistics leave out before reading a hit: robots and prefetches. A robot that
 * runs scripts and scrolls can still pass; these catch the ones that say what they are, and
 * the beacon's wait for a first interaction catches most of the rest.
 */

// Self-declared crawlers, link previewers, monitors, headless browsers and HTTP libraries;
// not apps' in-app browsers (Telegram, Pinterest, …), whose visitors are people. "Cubot" is a
// phone maker.
const robotWords =
  /(?<!cu)bot\b|bot\/|crawl|spider|slurp|archiver|facebookexternalhit|embedly|preview|vkshare|validator|headless|lighthouse|pagespeed|gtmetrix|pingdom|uptime|monitor|phantomjs|selenium|puppeteer|playwright|scrapy|curl|wget|python|go-http-client|java\/|okhttp|axios|node-fetch|undici|libwww|httpclient|feedfetcher|feedly|ahrefs|semrush|petalbot|mediapartners/i;

/** Whether a user agent is a robot's: missing, not a browser's shape, or self-declared. */
export function isRobot(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.length < 20 || userAgent.length > 512) return true;
  // Every browser in use starts its user agent with Mozilla/5.0 (Opera's old "Opera/9" too).
  if (!/^(?:Mozilla\/5\.0|Opera\/)/.test(userAgent)) return true;
  return robotWords.test(userAgent);
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string {
  const value = headers[name];
  return (Array.isArray(value) ? value.join(',') : (value ?? '')).toLowerCase();
}

/** Whether the browser fetched this speculatively (prefetch or prerender), not for a visit. */
export function isPrefetch(headers: Headers): boolean {
  return ['sec-purpose', 'purpose', 'x-purpose', 'x-moz'].some((name) => {
    const value = header(headers, name);
    return value.includes('prefetch') || value.includes('prerender') || value === 'preview';
  });
}

/** Whether the browser asks not to be tracked: Do Not Track or Global Privacy Control. */
export function asksNotToBeTracked(headers: Headers): boolean {
  return header(headers, 'dnt') === '1' || header(headers, 'sec-gpc') === '1';
}
