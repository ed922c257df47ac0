import { defineMiddleware } from 'astro:middleware';
import {
  pageCacheKey,
  pageKeyHeader,
  publicPageCacheControl,
  replyWithPage,
} from './platform/cache/page-cache.ts';
import { readCookie, sessionCookieName } from './platform/cookies.ts';
import { appContext } from './server/app-registry.ts';
import { routeRules } from './server/routes.ts';
import { adminSecurityHeaders, isAdminPath, securityHeaders } from './server/security-headers.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const app = await appContext();
  context.locals.app = app;
  const response = await next();
  const pageHeaders = isAdminPath(context.url.pathname)
    ? adminSecurityHeaders(app.config.siteUrl)
    : securityHeaders(app.config.siteUrl);
  for (const [name, value] of Object.entries(pageHeaders)) response.headers.set(name, value);
  const route = routeRules(context.url.pathname);
  // A signed-in owner's pages are theirs alone: no shared cache may keep one (decision 0032).
  if (
    readCookie(context.request.headers.get('cookie'), sessionCookieName) !== undefined &&
    response.headers.get('cache-control') === publicPageCacheControl
  ) {
    response.headers.set('Cache-Control', 'private, no-store');
  }

  const request = context.request;
  // The front names the page by the address the visitor asked for, which a rewrite (to /404)
  // would otherwise lose; under `astro dev` there is no front and the URL is used.
  const key = request.headers.has(pageKeyHeader)
    ? request.headers.get(pageKeyHeader) || undefined
    : pageCacheKey(
        request.method,
        context.url,
        route.cacheParams,
        request.headers.get('cookie'),
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
  if (!cacheable) return response;

  const body = Buffer.from(await response.arrayBuffer());
  const headers = [...response.headers.entries()].filter(
    ([name]) => name !== 'content-length' && name !== 'content-encoding',
  );
  await app.pageCache.refresh();
  const page = await app.pageCache.set(
    key,
    { status: response.status, headers, body },
    { transient: response.status === 404 || route.transient === true },
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
  const bytes = reply.body as Uint8Array<ArrayBuffer> | undefined;
  return new Response(bytes ?? null, {
    status: reply.status,
    headers: reply.headers,
  });
});
