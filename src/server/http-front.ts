import type { IncomingMessage, ServerResponse } from 'node:http';
import { unsubscribePath } from '../features/share/server/subscription-links.ts';
import { trackingParam } from '../features/stats/hit-params.ts';
import {
  acceptsGzip,
  type CachedPage,
  matchesEtag,
  pageCacheKey,
  pageKeyHeader,
  replyWithPage,
} from '../platform/cache/page-cache.ts';
import type { AppContext } from './boot.ts';
import { securityHeaders } from './security-headers.ts';
import type { StaticFile } from './static-files.ts';
import { answerUnsubscribePost } from './unsubscribe-post.ts';

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => void,
  locals?: object,
) => Promise<void>;

export const maxUrlLength = 4096;

export const maxQueryLength = 1024;

/** Why a request line cannot be served, or undefined when it is fine. */
export function requestLineProblem(
  rawUrl: string,
): { status: number; message: string } | undefined {
  if (rawUrl.length > maxUrlLength) return { status: 414, message: 'The address is too long.' };
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart + 1);
  if (query.length > maxQueryLength)
    return { status: 400, message: 'The query string is too long.' };
  try {
    decodeURIComponent(path);
    for (const part of query.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return { status: 400, message: 'The address is not correctly encoded.' };
  }
  if (!path.startsWith('/')) return { status: 400, message: 'The address is not valid.' };
  return undefined;
}

/**
 * Quire's HTTP front: answers what needs no rendering (built files, cached pages) and hands
 * the rest to Astro.
 */
export function createRequestListener(
  app: AppContext,
  astro: AstroHandler,
  staticFiles: Map<string, StaticFile>,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const rawUrl = req.url ?? '/';
      // Before the request-line checks: a forged hit's long query still gets its pixel.
      if (isTrackingHit(req.method, rawUrl)) {
        if (req.method === 'GET') {
          app.stats.record({
            url: rawUrl,
            headers: req.headers,
            socketAddress: req.socket.remoteAddress ?? '',
          });
        }
        return sendTrackingPixel(req, res);
      }
      const problem = requestLineProblem(rawUrl);
      if (problem) return sendText(res, problem.status, problem.message);
      const url = new URL(rawUrl, 'http://quire.invalid');

      const staticFile =
        req.method === 'GET' || req.method === 'HEAD' ? staticFiles.get(url.pathname) : undefined;
      if (staticFile) return sendStatic(req, res, staticFile);
      if (req.method === 'POST' && url.pathname === unsubscribePath) {
        return await answerUnsubscribePost(app, req, res, url);
      }

      const key = pageCacheKey(req.method, url, req.headers.cookie, req.headers.authorization);
      if (key !== undefined) {
        await app.pageCache.refresh();
        const page = app.pageCache.get(key);
        if (page) return sendCachedPage(req, res, page);
      }
      req.headers[pageKeyHeader] = key ?? '';
      await astro(req, res);
    } catch (error) {
      app.log.error('Request failed', {
        url: req.url,
        error: error instanceof Error ? error.stack : String(error),
      });
      if (!res.headersSent)
        sendText(res, 500, 'Something went wrong on our side. Please try again.');
      else res.destroy();
    }
  };
}

/** `GET /?qstat=1&…`, the beacon's hit (contract §2.4); `qstat` must be the first parameter. */
export function isTrackingHit(method: string | undefined, rawUrl: string): boolean {
  return (
    (method === 'GET' || method === 'HEAD') &&
    rawUrl.startsWith(trackingHitPrefix) &&
    (rawUrl.length === trackingHitPrefix.length || rawUrl[trackingHitPrefix.length] === '&')
  );
}

const trackingHitPrefix = `/?${trackingParam}=1`;

// The smallest transparent GIF: the beacon ignores it, but an image request should get one.
const trackingPixel = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/** Answers a hit at once, whatever became of it: nothing is cached, nothing is told. */
function sendTrackingPixel(req: IncomingMessage, res: ServerResponse): void {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  res.writeHead(200, {
    'Content-Type': 'image/gif',
    'Content-Length': trackingPixel.byteLength,
    'Cache-Control': 'no-store, max-age=0',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  res.end(req.method === 'HEAD' ? undefined : trackingPixel);
}

function sendCachedPage(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
  const reply = replyWithPage(
    page,
    {
      method: req.method,
      ifNoneMatch: req.headers['if-none-match'],
      acceptEncoding: req.headers['accept-encoding'],
    },
    'HIT',
  );
  for (const [name, value] of reply.headers) res.setHeader(name, value);
  res.writeHead(reply.status);
  res.end(reply.body);
}

function sendStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile): void {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  res.setHeader('Content-Type', file.type);
  res.setHeader('ETag', file.etag);
  res.setHeader(
    'Cache-Control',
    file.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
  );
  if (file.gzip) res.setHeader('Vary', 'Accept-Encoding');
  if (matchesEtag(req.headers['if-none-match'], file.etag)) {
    res.writeHead(304).end();
    return;
  }
  const gzip = file.gzip && acceptsGzip(req.headers['accept-encoding']);
  const body = gzip ? file.gzip! : file.body;
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.byteLength);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function sendText(res: ServerResponse, status: number, message: string): void {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(`${message}\n`);
}
