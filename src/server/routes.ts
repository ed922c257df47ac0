import {
  adminFormLimits,
  adminPostLimits,
  adminUploadLimits,
} from '../features/admin/server/session-cookie.ts';
import { isReservedSlug, isValidSlug } from '../features/content/slug.ts';
import { formPostLimits } from '../features/forms/server/embedded-forms.ts';
import {
  stripeWebhookMaxBytes,
  stripeWebhookPath,
} from '../features/payments/server/stripe-webhook-route.ts';
import {
  confirmPath,
  subscriptionPostLimits,
  unsubscribePath,
} from '../features/share/server/subscription-links.ts';
import {
  subscriberImportLimits,
  subscriberImportPath,
} from '../features/share/subscriber-admin.ts';
import { ajaxRouter } from './ajax.ts';
import { isAdminPath } from './security-headers.ts';

/**
 * What the HTTP front knows of each address before Astro sees the request: the methods it
 * answers, the largest body it reads, and the query parameters its page reads (so the page
 * cache keys on those and nothing else). A page that starts reading a new parameter must add
 * it here, or every value of it would be served the page cached for the first.
 */
export type RouteRules = {
  methods: readonly ('GET' | 'HEAD' | 'POST')[];
  /** Largest request body read, in bytes; 0 for routes that take none. */
  maxBodyBytes: number;
  /**
   * The query parameters the page reads, in the order the cache key lists them; `all` for
   * addresses this table does not know (they are 404s, which are cached apart).
   */
  cacheParams: readonly string[] | 'all';
  /**
   * Pages whose addresses anyone can vary without end (search results): cached apart, with
   * the 404s, so they cannot push real pages out of the cache.
   */
  transient?: true;
  /** Refusals (405, 413, 408) are answered as the `{ success, data }` JSON its clients read. */
  answersJson?: true;
  /**
   * A multipart POST here may carry form files: its body is not read by the front but streamed
   * to the route, within the site's upload limit plus `maxBodyBytes` (decision 0038).
   */
  streamsUploads?: true;
};

const pageOnly: RouteRules = { methods: ['GET', 'HEAD'], maxBodyBytes: 0, cacheParams: [] };
const pagedList: RouteRules = { ...pageOnly, cacheParams: ['page'] };
const unknown: RouteRules = { ...pageOnly, cacheParams: 'all' };

const exact = new Map<string, RouteRules>([
  ['/', pagedList],
  ['/search', { ...pageOnly, cacheParams: ['q', 'page'], transient: true }],
  ['/feed.xml', pageOnly],
  ['/feed.xsl', pageOnly],
  ['/sitemap.xml', pageOnly],
  ['/robots.txt', pageOnly],
  ['/tag', pageOnly],
  ['/tag/', pageOnly],
  // The archives dropdown without JavaScript: a redirect, never cached, but keyed right anyway.
  ['/archive', { ...pageOnly, cacheParams: ['month'] }],
  [
    '/ajax',
    {
      methods: ['POST'],
      maxBodyBytes: ajaxRouter.largestBody,
      cacheParams: [],
      answersJson: true,
      streamsUploads: true,
    },
  ],
  [
    stripeWebhookPath,
    { methods: ['POST'], maxBodyBytes: stripeWebhookMaxBytes, cacheParams: [], answersJson: true },
  ],
  [confirmPath, subscriptionPage(['t'])],
  [unsubscribePath, subscriptionPage(['t'])],
]);

/** The subscription pages take a small POST; they are never cached, but keyed right anyway. */
function subscriptionPage(cacheParams: string[]): RouteRules {
  return {
    methods: ['GET', 'HEAD', 'POST'],
    maxBodyBytes: subscriptionPostLimits.maxBytes,
    cacheParams,
  };
}

const subscriptionForm = subscriptionPage(['email']);

/** Posts and pages embed forms posted to the page itself (seed §7 call 6). */
const postOrPage: RouteRules = {
  ...pageOnly,
  methods: ['GET', 'HEAD', 'POST'],
  maxBodyBytes: formPostLimits.maxBytes,
  streamsUploads: true,
};

/**
 * The admin: its forms are small. Its pages are personal and answer `no-store`, so the cache
 * never keeps one; keyed on every parameter all the same.
 */
const admin: RouteRules = {
  methods: ['GET', 'HEAD', 'POST'],
  maxBodyBytes: adminFormLimits.maxBytes,
  cacheParams: 'all',
};

/** The editor's calls carry a post's whole text, or an image. */
const adminPost: RouteRules = {
  methods: ['POST'],
  maxBodyBytes: adminPostLimits.maxBytes,
  cacheParams: 'all',
};
const adminUpload: RouteRules = {
  methods: ['POST'],
  maxBodyBytes: adminUploadLimits.maxBytes,
  cacheParams: 'all',
};
/** A subscribers' CSV file (decision 0041). */
const adminImport: RouteRules = { ...admin, maxBodyBytes: subscriberImportLimits.maxBytes };
const adminLarge = new Map([
  [subscriberImportPath, adminImport],
  ['/admin/api/posts/save', adminPost],
  ['/admin/api/preview', adminPost],
  ['/admin/api/media', adminUpload],
]);

export function routeRules(pathname: string): RouteRules {
  const known = exact.get(pathname) ?? adminLarge.get(pathname);
  if (known) return known;
  if (isAdminPath(pathname)) return admin;
  if (/^\/(tag\/[^/]+|archive\/[^/]+\/[^/]+)\/?$/.test(pathname)) return pagedList;
  if (/^\/tag\/[^/]+\/feed\.xml$/.test(pathname)) return pageOnly;
  if (/^\/subscription-form\/[^/]+\/[^/]+\/?$/.test(pathname)) return subscriptionForm;
  const slug = /^\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (slug !== undefined && isValidSlug(slug) && !isReservedSlug(slug)) return postOrPage;
  return unknown;
}
