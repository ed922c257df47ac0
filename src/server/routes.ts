import { maxImageBytes } from '../features/content/media-urls.ts';
import { bulkPostLimit } from '../features/content/post-actions.ts';
import { redirectImportLimits } from '../features/content/redirect-admin.ts';
import { homeQueryParameters } from '../features/content/redirect-rules.ts';
import { isReservedSlug, isValidSlug } from '../features/content/slug.ts';
import { largestUploadLimitMb } from '../features/forms/file-settings.ts';
import { formPostLimits } from '../features/forms/server/embedded-forms.ts';
import { bulkLimit } from '../features/forms/server/entry-review.ts';
import { importUploadMaxBytes } from '../features/import/import-upload.ts';
import {
  stripeWebhookMaxBytes,
  stripeWebhookPath,
} from '../features/payments/server/stripe-webhook-route.ts';
import {
  confirmPath,
  subscriptionPostLimits,
  unsubscribePath,
} from '../features/share/server/subscription-links.ts';
import { subscriberImportLimits } from '../features/share/subscriber-admin.ts';
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
  /**
   * Largest request body read, in bytes; 0 for routes that take none. The front refuses more
   * with 413, and the route's handler reads its body within the same figure (`bodyLimits`).
   */
  maxBodyBytes: number;
  /** Most fields a form posted here may have (routes that read form fields). */
  maxFields?: number;
  /**
   * What an admin route's body is: form fields (`form`), form fields with a file (`files`), or
   * JSON (`json`, with the session's CSRF token in `X-CSRF-Token`).
   */
  reads?: 'form' | 'files' | 'json';
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
  /**
   * A POST here is handed to the route unread, as it arrives, up to `maxBodyBytes`: an export of
   * hundreds of megabytes that the route writes to a file (decision 0066). Its handler reads it
   * itself; `ownerPost` and `ownerCall` cannot.
   */
  streamsBody?: true;
};

const pageOnly: RouteRules = { methods: ['GET', 'HEAD'], maxBodyBytes: 0, cacheParams: [] };
const pagedList: RouteRules = { ...pageOnly, cacheParams: ['page'] };
const unknown: RouteRules = { ...pageOnly, cacheParams: 'all' };

const exact = new Map<string, RouteRules>([
  // WordPress's old addresses on the home page (`/?p=123`) are looked up before it renders.
  ['/', { ...pageOnly, cacheParams: ['page', ...homeQueryParameters] }],
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
    maxFields: subscriptionPostLimits.maxFields,
    cacheParams,
  };
}

const subscriptionForm = subscriptionPage(['email']);

/** Posts and pages embed forms posted to the page itself (seed §7 call 6). */
const postOrPage: RouteRules = {
  ...pageOnly,
  methods: ['GET', 'HEAD', 'POST'],
  maxBodyBytes: formPostLimits.maxBytes,
  maxFields: formPostLimits.maxFields,
  streamsUploads: true,
};

const kilobyte = 1024;
const megabyte = 1024 * kilobyte;

/** An admin screen that shows, and changes nothing: GET only. */
const adminPage: RouteRules = { methods: ['GET', 'HEAD'], maxBodyBytes: 0, cacheParams: 'all' };

/** An admin screen with forms of a few fields: an e-mail address, a password, a token, an id. */
function adminForm(maxFields = 20, maxBodyBytes = 16 * kilobyte): RouteRules {
  return {
    methods: ['GET', 'HEAD', 'POST'],
    maxBodyBytes,
    maxFields,
    cacheParams: 'all',
    reads: 'form',
  };
}

/** A call of the admin's scripts (`/admin/api/…`): POST only. */
function adminCall(maxBodyBytes: number, reads: 'json' | 'files' = 'json'): RouteRules {
  return { methods: ['POST'], maxBodyBytes, maxFields: 20, cacheParams: 'all', reads };
}

/** An export for Admin → Import, streamed to a file, with the form's few fields before it. */
const importUpload: RouteRules = {
  methods: ['GET', 'HEAD', 'POST'],
  maxBodyBytes: importUploadMaxBytes + 64 * kilobyte,
  maxFields: 20,
  cacheParams: 'all',
  reads: 'files',
  streamsBody: true,
};

/** The largest forms file the Forms screen imports (`quire forms export` writes them). */
export const formsImportMaxBytes = 4 * megabyte;

/**
 * Every admin address that takes a body, with what it reads; `{…}` stands for one segment of
 * the path. Every other admin address is a screen that takes none (GET). The handlers read their
 * limits from here, through `bodyLimits`, so the front and a handler cannot disagree.
 * Admin pages are personal and answer `no-store`, so the cache never keeps one; keyed on every
 * parameter all the same.
 */
export const adminRoutes: ReadonlyMap<string, RouteRules> = new Map([
  ['/admin/sign-in', adminForm()],
  ['/admin/setup/{token}', adminForm()],
  ['/admin/invite/{token}', adminForm()],
  ['/admin/users', adminForm()],
  ['/admin/sign-out', { ...adminForm(), methods: ['POST'] }],
  ['/admin/account', adminForm()],
  ['/admin/outbox', adminForm()],
  // The daily backups' settings: a box, a folder's path, a number.
  ['/admin/backups', adminForm()],
  ['/admin/subscribers', adminForm()],
  // A subscribers' CSV file (decision 0041).
  [
    '/admin/subscribers/import',
    { ...adminForm(), maxBodyBytes: subscriberImportLimits.maxBytes, reads: 'files' },
  ],
  // A forms file, as exported, and the Forms screen's own small forms (duplicate).
  [
    '/admin/forms',
    { ...adminForm(), maxBodyBytes: formsImportMaxBytes + 16 * kilobyte, reads: 'files' },
  ],
  ['/admin/forms/{id}/delete', adminForm()],
  // A tag's name, address and description, or its deletion.
  ['/admin/tags/{id}', adminForm()],
  // A redirect added, or one deleted.
  ['/admin/redirects', adminForm()],
  // A redirects' CSV file, or (the confirmation) its text sent back (decision 0054).
  [
    '/admin/redirects/import',
    { ...adminForm(), maxBodyBytes: redirectImportLimits.maxBytes, reads: 'files' },
  ],
  // A coupon's terms, or its deletion.
  ['/admin/coupons', adminForm()],
  ['/admin/coupons/{id}', adminForm()],
  // Ticked entries: up to `bulkLimit` ids, the action, the token and the confirmation.
  ['/admin/entries', adminForm(bulkLimit + 5)],
  ['/admin/entries/{id}', adminForm(bulkLimit + 5)],
  // Chosen posts or pages: up to `bulkPostLimit` of `id:revision`, the action, a row's button,
  // the token, the confirmation and the Trash's newest time.
  ['/admin/posts', adminForm(bulkPostLimit + 8)],
  ['/admin/pages', adminForm(bulkPostLimit + 8)],
  // An export to import (the screen's form without scripts, and its script's upload), and a
  // run's buttons: run it for real, delete its file.
  ['/admin/import', importUpload],
  ['/admin/api/import', { ...importUpload, methods: ['POST'] }],
  ['/admin/import/{id}', adminForm()],
  // A post's whole text (up to 500,000 characters, in JSON), for saving or the preview.
  ['/admin/api/posts/save', adminCall(2 * megabyte)],
  ['/admin/api/preview', adminCall(2 * megabyte)],
  ['/admin/api/posts/trash', adminCall(kilobyte)],
  // A form definition: hundreds of fields, each with its options and rules.
  ['/admin/api/forms/save', adminCall(2 * megabyte)],
  ['/admin/api/forms/preview', adminCall(2 * megabyte)],
  // A settings tab; the largest, the header's menu, holds up to 420 links of 500 characters.
  ['/admin/api/settings', adminCall(megabyte)],
  ['/admin/api/test-mail', adminCall(kilobyte)],
  ['/admin/api/demo/remove', adminCall(kilobyte)],
  // The payment an owner records on an order's entry.
  ['/admin/api/entries/{id}/payment', adminCall(kilobyte)],
  // An image for the editor, or for the media library: the media pipeline's largest and the
  // form around it.
  ['/admin/api/media', adminCall(maxImageBytes + 64 * kilobyte, 'files')],
  ['/admin/api/media/upload', adminCall(maxImageBytes + 64 * kilobyte, 'files')],
  // An image's description, or its deletion (with the uses it was confirmed for).
  ['/admin/media/{id}', adminForm()],
]);

/**
 * The largest request body any address takes: a form's files at the highest upload limit the
 * Files tab allows, with the route's own room for the text fields. A proxy in front must let
 * this much through (nginx's `client_max_body_size`, docs/deploy.md), so that every refusal of
 * a body is Quire's own, in the site's words.
 */
export const largestRequestBytes = Math.max(
  ...[...exact.values(), postOrPage, subscriptionForm, ...adminRoutes.values()].map(
    (rules) => rules.maxBodyBytes + (rules.streamsUploads ? largestUploadLimitMb * megabyte : 0),
  ),
);

/** `{id}` is a number; any other `{…}` is one segment. */
const adminPatterns = [...adminRoutes].map(([template, rules]) => ({
  pattern: new RegExp(`^${template.replace('{id}', '[0-9]+').replace(/\{[a-z]+\}/g, '[^/]+')}/?$`),
  rules,
}));

function adminRouteRules(pathname: string): RouteRules {
  return adminPatterns.find(({ pattern }) => pattern.test(pathname))?.rules ?? adminPage;
}

/**
 * The limits a route's handler reads its body within: the route table's, which the front
 * applied already (and which bound it alone under `astro dev`, where there is no front).
 */
export function bodyLimits(pathname: string): { maxBytes: number; maxFields: number } {
  const rules = routeRules(pathname);
  return { maxBytes: rules.maxBodyBytes, maxFields: rules.maxFields ?? 0 };
}

export function routeRules(pathname: string): RouteRules {
  const known = exact.get(pathname);
  if (known) return known;
  if (isAdminPath(pathname)) return adminRouteRules(pathname);
  if (/^\/(tag\/[^/]+|archive\/[^/]+\/[^/]+)\/?$/.test(pathname)) return pagedList;
  if (/^\/tag\/[^/]+\/feed\.xml$/.test(pathname)) return pageOnly;
  if (/^\/subscription-form\/[^/]+\/[^/]+\/?$/.test(pathname)) return subscriptionForm;
  const slug = /^\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (slug !== undefined && isValidSlug(slug) && !isReservedSlug(slug)) return postOrPage;
  return unknown;
}
