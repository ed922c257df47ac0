import { defineMiddleware } from 'astro:middleware';
import { resignedSessionCookie } from './features/admin/server/session-cookie.ts';
import { carriesSignedSession } from './features/admin/server/session-signature.ts';
import { homeQueryParameters } from './features/content/redirect-rules.ts';
import { pageSegments, takeKeptParts } from './platform/cache/kept-parts.ts';
import {
  askedAddressHeader,
  pageCacheKey,
  pageKeyHeader,
  publicPageCacheControl,
  replyWithPage,
} from './platform/cache/page-cache.ts';
import { responseBytes, withKeptPartsJoined } from './platform/cache/response-bytes.ts';
import { redirectLocation } from './platform/redirect-target.ts';
import { appContext } from './server/app-registry.ts';
import { isCrossSiteForm } from './server/cross-site-forms.ts';
import { httpMessages } from './server/http-messages.ts';
import { homeQueryTargetOf, redirectTargetOf } from './server/redirect-lookup.ts';
import { routeRules } from './server/routes.ts';
import { adminSecurityHeaders, isAdminPath, securityHeaders } from './server/security-headers.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const app = await appContext();
  context.locals.app = app;
  const route = routeRules(context.url.pathname);
  const request = context.request;
  // Astro's own check is off (astro.config.ts): it took the site's https address for another site.
  const crossSite = isCrossSiteForm(request.method, request.headers, [
    new URL(app.config.siteUrl).origin,
    context.url.origin,
  ]);
  const reading = request.method === 'GET' || request.method === 'HEAD';
  // WordPress's `/?p=123` lands on the home page, which exists: looked up before it renders.
  const oldHomeQuery = reading ? await homeQueryTargetOf(app, context.url) : undefined;
  const response = crossSite
    ? crossSiteRefusal(route.answersJson === true)
    : oldHomeQuery
      ? new Response(null, {
          status: 301,
          headers: {
            Location: redirectLocation(oldHomeQuery.target, oldHomeQuery.rest),
            // Checked again before reuse, as the site's other redirects are.
            'Cache-Control': publicPageCacheControl,
          },
        })
      : await next();
  // The parts of the site's markup the page named by marker (kept-parts.ts), joined in below.
  const keptParts = takeKeptParts(request);
  const pageHeaders = isAdminPath(context.url.pathname)
    ? adminSecurityHeaders(app.config.siteUrl)
    : securityHeaders(app.config.siteUrl);
  for (const [name, value] of Object.entries(pageHeaders)) response.headers.set(name, value);
  const cookie = request.headers.get('cookie');
  const signedIn = carriesSignedSession(app.secret, cookie);
  // What nothing of the site answers may be an old address of it: a live item always wins,
  // as only a 404 is looked up (decision 0054). A rewrite to /404 is looked up in its own pass.
  if (response.status === 404 && (request.method === 'GET' || request.method === 'HEAD')) {
    const asked = new URL(
      request.headers.get(askedAddressHeader) || `${context.url.pathname}${context.url.search}`,
      context.url,
    );
    const target = isAdminPath(asked.pathname)
      ? undefined
      : await redirectTargetOf(app, asked.pathname);
    if (target !== undefined) {
      return answerRedirect(app, request, { target, asked, pageHeaders, signedIn });
    }
  }
  // A signed-in owner's pages are theirs alone: no shared cache may keep one (decision 0032).
  if (signedIn && response.headers.get('cache-control') === publicPageCacheControl) {
    response.headers.set('Cache-Control', 'private, no-store');
  }
  if (!signedIn && isAdminPath(context.url.pathname) && !response.headers.has('set-cookie')) {
    const resigned = await resignedSessionCookie(
      app.database.db,
      app.secret,
      app.config.siteUrl,
      cookie,
    );
    if (resigned) response.headers.append('Set-Cookie', resigned);
  }

  // The front names the page by the address the visitor asked for, which a rewrite (to /404)
  // would otherwise lose; under `astro dev` there is no front and the URL is used.
  const key = request.headers.has(pageKeyHeader)
    ? request.headers.get(pageKeyHeader) || undefined
    : pageCacheKey(
        request.method,
        context.url,
        route.cacheParams,
        signedIn,
        request.headers.get('authorization'),
      );
  // A rewrite (to /404, /400) passes through here twice; the inner pass already encoded it.
  // Only a GET fills the cache: endpoints (feeds, sitemap) answer HEAD with an empty body.
  const cacheable =
    key !== undefined &&
    request.method === 'GET' &&
    !response.headers.has('x-cache') &&
    !response.headers.has('content-encoding') &&
    (response.status === 200 || response.status === 404) &&
    response.headers.get('cache-control') === publicPageCacheControl &&
    !response.headers.has('set-cookie');
  if (!cacheable) return keptParts ? withKeptPartsJoined(response, keptParts) : response;

  const bytes = await responseBytes(response);
  const body = keptParts ? { marked: bytes, segments: pageSegments(bytes, keptParts) } : bytes;
  const headers = [...response.headers.entries()].filter(
    ([name]) => name !== 'content-length' && name !== 'content-encoding',
  );
  await app.pageCache.refresh();
  const page = await app.pageCache.set(
    key,
    { status: response.status, headers, body },
    // The home page with a query no import knows (`/?p=999`): anyone can vary it without end.
    {
      transient:
        response.status === 404 || route.transient === true || homeQueryParamsIn(context.url),
    },
  );
  const reply = replyWithPage(
    page,
    {
      method: request.method,
      ifNoneMatch: request.headers.get('if-none-match'),
      acceptEncoding: request.headers.get('accept-encoding'),
    },
    'MISS',
  );
  // A view, not a copy: the body is a Buffer over a plain ArrayBuffer (zlib's or Astro's).
  const replyBytes = reply.body as Uint8Array<ArrayBuffer> | undefined;
  return new Response(replyBytes ?? null, {
    status: reply.status,
    headers: reply.headers,
  });
});

/**
 * A 301 to where an old address leads, with the visitor's query carried over. Kept in the page
 * cache like a page (so the next visitor costs no render and no query), and sent, like a page,
 * for browsers and proxies to check again before reuse: a redirect the owner deletes or changes
 * is followed no more (decision 0054).
 */
async function answerRedirect(
  app: App.Locals['app'],
  request: Request,
  {
    target,
    asked,
    pageHeaders,
    signedIn,
  }: {
    target: string;
    asked: URL;
    pageHeaders: Readonly<Record<string, string>>;
    signedIn: boolean;
  },
): Promise<Response> {
  const headers: [string, string][] = [
    ...Object.entries(pageHeaders),
    ['Cache-Control', signedIn ? 'private, no-store' : publicPageCacheControl],
  ];
  const key = request.headers.has(pageKeyHeader)
    ? request.headers.get(pageKeyHeader) || undefined
    : pageCacheKey(request.method, asked, routeRules(asked.pathname).cacheParams, signedIn);
  if (key === undefined || request.method !== 'GET') {
    headers.push(['Location', redirectLocation(target, asked.search)]);
    return new Response(null, { status: 301, headers });
  }
  await app.pageCache.refresh();
  // Addresses anyone can vary without end (every query of an unknown path) are kept apart.
  const page = await app.pageCache.set(
    key,
    { status: 301, headers, body: Buffer.alloc(0), redirect: target },
    { transient: routeRules(asked.pathname).cacheParams === 'all' },
  );
  const reply = replyWithPage(
    page,
    {
      method: request.method,
      ifNoneMatch: request.headers.get('if-none-match'),
      acceptEncoding: request.headers.get('accept-encoding'),
      search: asked.search,
    },
    'MISS',
  );
  return new Response(null, { status: reply.status, headers: reply.headers });
}

/** Whether the home page was asked for with one of WordPress's parameters (`?p=`, `?cat=`…). */
function homeQueryParamsIn(url: URL): boolean {
  return url.pathname === '/' && homeQueryParameters.some((name) => url.searchParams.has(name));
}

/** A form posted from another site: refused before any page or action sees it. */
function crossSiteRefusal(json: boolean): Response {
  const message = httpMessages.crossSiteForm;
  return new Response(
    json ? JSON.stringify({ success: false, data: { message } }) : `${message}\n`,
    {
      status: 403,
      headers: {
        'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
      },
    },
  );
}
