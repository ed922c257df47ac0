/**
 * The beacon's query parameters (contract §2.4, seed §3 "Tracking hit") and their bounds.
 * The beacon trims what it sends to these bounds; the server drops a hit that breaks one,
 * because only a forged hit can. Isomorphic: the beacon imports the names, the server all.
 */

/** `GET /?qstat=1&…` is a hit; any other value of `qstat` is an ordinary page request. */
export const trackingParam = 'qstat';

export const hitParams = {
  random: 'r',
  type: 't',
  path: 'p',
  referrer: 'ref',
  title: 'ti',
  screenWidth: 'sw',
  screenHeight: 'sh',
  viewportWidth: 'vw',
  viewportHeight: 'vh',
  charset: 'cs',
  colorDepth: 'cd',
  eventCategory: 'ec',
  eventAction: 'ea',
  eventLabel: 'el',
  eventValue: 'ev',
} as const;

export const utmParams = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

export type UtmParam = (typeof utmParams)[number];

/**
 * Advertising click ids the beacon passes on from the page address under their own names.
 * The server records which one was present (for campaign reports), never its value.
 */
export const clickIdParams = [
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'ttclid',
  'twclid',
  'li_fat_id',
  'yclid',
] as const;

export type ClickIdParam = (typeof clickIdParams)[number];

export const hitTypes = ['pageview', 'event'] as const;

/** Longest accepted value of each text parameter, in characters. */
export const hitLimits = {
  random: 20,
  path: 512,
  referrer: 1024,
  title: 256,
  utm: 128,
  clickId: 512,
  charset: 32,
  eventCategory: 64,
  eventAction: 64,
  eventLabel: 256,
  /** Screen and viewport sides, in CSS pixels. */
  maxSide: 16_384,
  maxColorDepth: 64,
  /** Event values are whole numbers within ± this. */
  maxEventValue: 1_000_000_000,
  /** A longer query string is not a beacon's. */
  queryLength: 8192,
} as const;
