/**
 * What a redirect is, the same for the visitor's request, the owner's screen, the command line
 * and the CSV import (issue 29, point 5; decision 0054): the lookup form of an old address, how
 * the old and the new address are read, and the Location a visitor is sent to.
 */
import { isSafeRedirectTarget, redirectLocation } from '../../platform/redirect-target.ts';
import { redirectRuleMessages as m } from './address-messages.ts';

/** The longest old or new address kept. */
export const redirectAddressMaxLength = 1000;

/**
 * The lookup form of a path of this site: each part of it decoded, in lower case (the site's
 * addresses are; a link typed with capitals still arrives), encoded again one way, empty parts
 * dropped, and a closing slash on every path whose last part is no file name (`/old-post/`,
 * `/tag/news/`, but `/old.html`). So `/Old-Post`, `/old-post/` and `/old%2Dpost/` are one
 * address. Undefined when a part cannot be decoded, or is `.` or `..`.
 */
export function redirectKey(path: string): string | undefined {
  const parts: string[] = [];
  for (const raw of path.split('/')) {
    if (raw === '') continue;
    let part: string;
    try {
      part = decodeURIComponent(raw);
    } catch {
      return undefined;
    }
    if (part === '.' || part === '..') return undefined;
    parts.push(encodeURIComponent(part.toLowerCase()));
  }
  if (parts.length === 0) return '/';
  const last = parts[parts.length - 1] as string;
  return `/${parts.join('/')}${last.includes('.') ? '' : '/'}`;
}

/** First parts of a path that the site answers itself, whatever it holds. */
const siteOwnParts = new Set([
  'admin',
  'ajax',
  'payments',
  'media',
  'subscription-form',
  'search',
  'assets',
  '_astro',
]);

/** Whole paths the site answers itself (in their lookup form). */
const siteOwnPaths = new Set([
  '/tag/',
  '/archive/',
  '/feed.xml',
  '/feed.xsl',
  '/sitemap.xml',
  '/robots.txt',
  '/400/',
  '/404/',
  '/500/',
]);

/** Whether the site answers `key` (a lookup form) itself, so that no redirect may take it. */
export function isSiteOwnPath(key: string): boolean {
  const first = key.split('/')[1] ?? '';
  return siteOwnPaths.has(key) || siteOwnParts.has(first);
}

export type AddressReading<T> = { ok: true; value: T } | { ok: false; message: string };

const refuse = (message: string) => ({ ok: false as const, message });

const hasScheme = (text: string) => /^[a-z][a-z0-9+.-]*:/i.test(text);

/**
 * The old address of a redirect as the owner types it (`/old-post/`, or a full address of this
 * site), in its lookup form; or why it cannot be one.
 */
export function readRedirectFrom(input: string, siteUrl: string): AddressReading<string> {
  let text = input.trim();
  if (text === '') return refuse(m.fromEmpty);
  if (text.length > redirectAddressMaxLength)
    return refuse(m.fromTooLong(redirectAddressMaxLength));
  if (hasScheme(text) || text.startsWith('//')) {
    const site = new URL(siteUrl);
    let url: URL;
    try {
      url = new URL(text, site.origin);
    } catch {
      return refuse(m.fromNotPath);
    }
    if (url.host !== site.host || !/^https?:$/.test(url.protocol)) {
      return refuse(m.fromOtherSite(site.origin));
    }
    if (url.hash) return refuse(m.fromFragment);
    if (url.search) return refuse(m.fromQuery);
    text = url.pathname;
  }
  if (!text.startsWith('/')) return refuse(m.fromNotPath);
  if (text.includes('#')) return refuse(m.fromFragment);
  if (text.includes('?')) return refuse(m.fromQuery);
  // Spaces and letters a browser would encode are taken as typed, and encoded here.
  const key = redirectKey(text);
  if (key === undefined) {
    const dots = text.split('/').some((part) => part === '.' || part === '..');
    return refuse(dots ? m.fromDots : m.fromEncoding);
  }
  if (key === '/') return refuse(m.fromHome);
  if (isSiteOwnPath(key)) return refuse(m.fromSiteOwn(key));
  return { ok: true, value: key };
}

/** Where a redirect sends visitors: `address` as kept, and the lookup form of its path here. */
export type RedirectTarget = {
  /** A path of this site (with its query and fragment) or an absolute URL of another site. */
  address: string;
  /** The lookup form of the path, when the address is this site's; else undefined. */
  key: string | undefined;
};

/**
 * Where a redirect sends visitors, as the owner types it: a path of this site (`/new-post/`,
 * `/search?q=news`), or a full web address (of this site, kept as its path, or of another).
 */
export function readRedirectTo(input: string, siteUrl: string): AddressReading<RedirectTarget> {
  const text = input.trim();
  if (text === '') return refuse(m.toEmpty);
  if (text.length > redirectAddressMaxLength) return refuse(m.toTooLong(redirectAddressMaxLength));
  const site = new URL(siteUrl);
  let url: URL;
  if (hasScheme(text)) {
    if (!/^https?:/i.test(text)) return refuse(m.toScheme);
    try {
      url = new URL(text);
    } catch {
      return refuse(m.toNotAddress);
    }
    if (url.host !== site.host) {
      // Not `user:password@host`, nor anything a browser would read as another address.
      if (!isSafeRedirectTarget(url.href)) return refuse(m.toNotAddress);
      return { ok: true, value: { address: url.href, key: undefined } };
    }
  } else if (text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/\\')) {
    url = new URL(text, site.origin);
  } else {
    return refuse(m.toNotAddress);
  }
  const address = `${url.pathname}${url.search}${url.hash}`;
  const key = redirectKey(url.pathname);
  if (key === undefined || !isSafeRedirectTarget(address)) return refuse(m.toNotAddress);
  return { ok: true, value: { address, key } };
}

/**
 * Where a redirect to `first` goes once `first` itself moved to `next`: to `next`, with the
 * query and fragment `first` carried (as a visitor following both would arrive), so a chain of
 * redirects is one hop.
 */
export function collapsedTarget(first: string, next: string): string {
  const url = new URL(first, 'http://quire.invalid');
  const arrived = redirectLocation(next, url.search);
  return url.hash && !arrived.includes('#') ? `${arrived}${url.hash}` : arrived;
}

/** The query parameters by which WordPress answers on its home page: `/?p=123`, `/?tag=news`. */
export const homeQueryParameters = ['p', 'page_id', 'attachment_id', 'cat', 'tag'] as const;
export type HomeQueryParameter = (typeof homeQueryParameters)[number];

/** The lookup form of an old home-page address with a query (`/?p=123`), as an import keeps it. */
export function homeQueryKey(name: HomeQueryParameter, value: string | number): string {
  return `/?${name}=${encodeURIComponent(String(value).toLowerCase())}`;
}

/**
 * The lookup form of a request for the home page carrying one of WordPress's parameters
 * (`/?p=123&utm_source=x` → `/?p=123`), with the rest of its query; undefined for any other
 * request, which the home page answers.
 */
export function homeQueryOf(url: URL): { key: string; rest: string } | undefined {
  if (url.pathname !== '/') return undefined;
  for (const name of homeQueryParameters) {
    const value = url.searchParams.get(name);
    if (value === null) continue;
    const valid = name === 'tag' ? /^[\w%-]{1,200}$/.test(value) : /^\d{1,19}$/.test(value);
    if (!valid) return undefined;
    const rest = new URLSearchParams(url.searchParams);
    rest.delete(name);
    const query = rest.toString();
    return { key: homeQueryKey(name, value), rest: query ? `?${query}` : '' };
  }
  return undefined;
}
