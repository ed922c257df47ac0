import { defineMiddleware } from 'astro:middleware';
import {
  acceptsGzip,
  matchesEtag,
  pageCacheKey,
  pageKeyHeader,
  publicPageCacheControl,
} from './platform/cache/page-cache.ts';
import { appContext } from './server/app-registry.ts';
import { securityHeaders } from './server/security-headers.ts';

export const onRequest = defineMiddleware(async (context, next) => {
  const app = await appContext();
  context.locals.app = app;
  const response = await next();
  for (const [name, value] of Object.entries(securityHeaders)) response.headers.set(name, value);

  const request = context.request;
  // The front names the page by the address the visitor asked for, which a rewrite (to /404)
  // would otherwise lose; under `astro dev` there is no front and the URL is used.
  const key = request.headers.has(pageKeyHeader)
    ? request.headers.get(pageKeyHeader) || undefined
    : pageCacheKey(
        request.method,
        context.url,
        request.headers.get('cookie'),
        request.headers.get('authorization'),
      );
  // A rewrite (to /404, /400) passes through here twice; the inner pass already encoded it.
  const cacheable =
    key !== undefined &&
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
  const page = await app.pageCache.set(key, { status: response.status, headers, body });
  const out = new Headers(headers);
  out.set('ETag', page.etag);
  out.set('X-Cache', 'MISS');
  if (page.gzip) out.set('Vary', 'Accept-Encoding');
  if (page.status === 200 && matchesEtag(request.headers.get('if-none-match'), page.etag)) {
    return new Response(null, { status: 304, headers: out });
  }
  const gzip = page.gzip && acceptsGzip(request.headers.get('accept-encoding'));
  if (gzip) out.set('Content-Encoding', 'gzip');
  const bytes = gzip ? page.gzip! : page.body;
  out.set('Content-Length', String(bytes.byteLength));
  return new Response(request.method === 'HEAD' ? null : new Uint8Array(bytes), {
    status: page.status,
    headers: out,
  });
});
