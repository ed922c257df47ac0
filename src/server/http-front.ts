import type { IncomingMessage, ServerResponse } from 'node:http';
import { carriesSignedSession } from '../features/admin/server/session-signature.ts';
import { moreMessages } from '../features/forms/more-messages.ts';
import { megabytes } from '../features/forms/rules/files.ts';
import { unsubscribePath } from '../features/share/server/subscription-links.ts';
import { trackingParam } from '../features/stats/hit-params.ts';
import { accepts } from '../platform/cache/content-coding.ts';
import {
  askedAddressHeader,
  type CachedPage,
  matchesEtag,
  pageCacheKey,
  pageKeyHeader,
  replyWithPage,
} from '../platform/cache/page-cache.ts';
import { fill } from '../platform/fill-message.ts';
import type { AppContext } from './boot.ts';
import type { LaneAnswer } from './fast-lane.ts';
import { httpMessages } from './http-messages.ts';
import { sendPlainText } from './plain-text.ts';
import type { RenderQueue } from './render-queue.ts';
import {
  answerBeforeBody,
  boundedBody,
  hasBody,
  readRequestBody,
  uploadDeadlineMs,
} from './request-body.ts';
import { type RouteRules, routeRules } from './routes.ts';
import { securityHeaders } from './security-headers.ts';
import type { StaticFile } from './static-files.ts';
import { answerUnsubscribePost } from './unsubscribe-post.ts';

export type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => void,
  locals?: object,
) => Promise<void>;

const noBody: Buffer = Buffer.alloc(0);

export const maxUrlLength = 4096;

/** When a client refused for a full render line may try again. */
const busyRetryAfterSeconds = 1;

export const maxQueryLength = 1024;

/** Why a request line cannot be served, or undefined when it is fine. */
export function requestLineProblem(
  rawUrl: string,
): { status: number; message: string } | undefined {
  if (rawUrl.length > maxUrlLength) return { status: 414, message: httpMessages.addressTooLong };
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  const query = queryStart === -1 ? '' : rawUrl.slice(queryStart + 1);
  if (query.length > maxQueryLength) return { status: 400, message: httpMessages.queryTooLong };
  // Only a percent sign can make decoding fail; most addresses have none.
  if (rawUrl.includes('%')) {
    try {
      decodeURIComponent(path);
      for (const part of query.split('&')) decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      return { status: 400, message: httpMessages.badlyEncoded };
    }
  }
  // `//host` and `/\host` name another site to a URL parser (and to a browser, should the path
  // ever reach a Location header); no address of this site starts so or holds a backslash.
  if (!path.startsWith('/') || path.startsWith('//') || path.includes('\\')) {
    return { status: 400, message: httpMessages.invalidAddress };
  }
  return undefined;
}

/** Resolves when the response has room again (at once if it has, or once it has closed). */
function responseDrained(res: ServerResponse): Promise<void> {
  if (!res.writableNeedDrain || res.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

export type FrontOptions = {
  /** Time a request body has to arrive in (REQUEST_BODY_TIMEOUT_MS). */
  bodyTimeoutMs: number;
  /** Renders this process runs at once, and how many more may wait (serving-plan.ts). */
  renders: RenderQueue;
};

/**
 * Quire's HTTP front: answers what needs no rendering (built files, cached pages), refuses
 * methods an address does not take and bodies larger than it reads, reads every other body
 * (bounded, within `bodyTimeoutMs`) and hands the request to Astro with it.
 */
export function createRequestListener(
  app: AppContext,
  astro: AstroHandler,
  staticFiles: Map<string, StaticFile>,
  { bodyTimeoutMs, renders }: FrontOptions,
) {
  const headers = securityHeaders(app.config.siteUrl);
  /**
   * Refuses a request before its body is read, in the form the route's clients read (JSON for
   * `/ajax`, plain text elsewhere); see `answerBeforeBody` for what happens to the body.
   */
  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    status: number,
    message: string,
    options: { route?: RouteRules; headers?: Record<string, string>; linger?: false } = {},
  ) => {
    const json = options.route?.answersJson === true;
    const body =
      status === 204
        ? ''
        : json
          ? JSON.stringify({ success: false, data: { message } })
          : `${message}\n`;
    answerBeforeBody(
      req,
      res,
      status,
      {
        ...headers,
        'Content-Type': json ? 'application/json; charset=utf-8' : 'text/plain; charset=utf-8',
        'Cache-Control': 'no-store',
        ...options.headers,
      },
      body,
      options.linger === false ? 0 : bodyTimeoutMs,
    );
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    try {
      const rawUrl = req.url ?? '/';
      // Before the request-line checks: a forged hit's long query still gets its pixel.
      if (isTrackingHit(req.method, rawUrl) && !hasBody(req)) {
        // The pixel acknowledges a hit only once it is stored, so a crash loses no hit that
        // was answered (decision 0045). HEAD is answered at once and not counted.
        const stored =
          req.method !== 'GET' ||
          (await app.stats.record({
            url: rawUrl,
            headers: req.headers,
            socketAddress: req.socket.remoteAddress ?? '',
          }));
        return stored ? sendTrackingPixel(req, res, headers) : sendHitNotStored(res, headers);
      }
      const problem = requestLineProblem(rawUrl);
      if (problem?.status === 400 && opensAsPage(req)) {
        // A browser following a mangled link gets the site's own page saying so, not a line
        // of plain text; Astro never sees the address itself, which it could not decode.
        req.url = '/400';
        req.headers[pageKeyHeader] = '';
        req.headers[askedAddressHeader] = '';
        return await astro(req, res);
      }
      if (problem) return refuse(req, res, problem.status, problem.message);
      const url = new URL(rawUrl, 'http://quire.invalid');
      const route = routeRules(url.pathname);
      const method = req.method ?? 'GET';
      if (!(route.methods as readonly string[]).includes(method)) {
        const allow = route.methods.join(', ');
        // OPTIONS is answered, not refused: 204 with what the address takes.
        const status = method === 'OPTIONS' ? 204 : 405;
        return refuse(req, res, status, httpMessages.methodNotAllowed(allow), {
          route,
          headers: { Allow: allow },
        });
      }

      const staticFile =
        method === 'GET' || method === 'HEAD' ? staticFiles.get(url.pathname) : undefined;
      if (staticFile && !hasBody(req)) return sendStatic(req, res, staticFile, headers);

      // Form files are streamed to storage as they arrive, never read whole here: the route
      // parses the body, within the upload limit, and Astro's adapter streams `req.body`.
      // A body the route takes whole anyway (most submissions, without files or with small
      // ones) is read here as any other: streaming costs more than it saves below that size.
      const declaredBytes = Number(req.headers['content-length'] ?? Number.NaN);
      const streamed =
        method === 'POST' &&
        route.streamsUploads === true &&
        hasBody(req) &&
        !(declaredBytes <= route.maxBodyBytes) &&
        (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
      // An export for Admin → Import: streamed whatever its size, within the route's own limit.
      const streamedWhole =
        method === 'POST' && route.streamsBody === true && hasBody(req) && !streamed;
      if (streamedWhole) {
        if (declaredBytes > route.maxBodyBytes) {
          return refuse(req, res, 413, httpMessages.bodyTooLarge, { route });
        }
        const deadline = uploadDeadlineMs(declaredBytes || route.maxBodyBytes, bodyTimeoutMs);
        Object.assign(req, { body: boundedBody(req, route.maxBodyBytes, deadline) });
      }
      if (streamed) {
        const stale = app.pageCache.refresh();
        if (stale) await stale;
        const { uploadLimitMb } = await app.forms.fileSettings();
        const uploadBytes = uploadLimitMb * 1024 * 1024;
        const ceiling = uploadBytes + route.maxBodyBytes;
        const declared = Number(req.headers['content-length'] ?? 0);
        if (declared > ceiling) {
          const message = fill(moreMessages.uploadTotal, {
            totalSize: megabytes(declared),
            maxSize: megabytes(uploadBytes),
          });
          return refuse(req, res, 413, message, { route });
        }
        const deadline = uploadDeadlineMs(declared || ceiling, bodyTimeoutMs);
        Object.assign(req, { body: boundedBody(req, ceiling, deadline) });
      }
      // Astro's Node adapter takes a body already read from `req.body`.
      let body: Buffer = noBody;
      if (hasBody(req) && !streamed && !streamedWhole) {
        const read = await readRequestBody(req, {
          maxBytes: method === 'POST' ? route.maxBodyBytes : 0,
          timeoutMs: bodyTimeoutMs,
        });
        if (read.outcome === 'aborted') return void res.destroy();
        if (read.outcome === 'timeout') {
          // A client this slow is not waited for again: answer, and close.
          return refuse(req, res, 408, httpMessages.bodyTimeout, {
            route,
            headers: { Connection: 'close' },
            linger: false,
          });
        }
        if (read.outcome === 'too-large') {
          return refuse(req, res, 413, httpMessages.bodyTooLarge, { route });
        }
        body = read.body;
      }
      if (method === 'POST' && !streamed && !streamedWhole) {
        if (url.pathname === unsubscribePath) {
          return await answerUnsubscribePost(app, req, res, url, body);
        }
        Object.assign(req, { body });
      }

      // Only a session cookie this site signed skips the cache: a made-up one costs no render.
      const signedIn = carriesSignedSession(app.secret, req.headers.cookie);
      const key = pageCacheKey(method, url, route.cacheParams, signedIn, req.headers.authorization);
      // Every page sees the newest content, the owner's too: their pages are never cached, but
      // the chrome and memos they are rendered from are.
      const stale = app.pageCache.refresh();
      if (stale) await stale;
      if (key !== undefined) {
        const page = app.pageCache.get(key);
        if (page) return sendCachedPage(req, res, page, url.search);
      }
      req.headers[pageKeyHeader] = key ?? '';
      req.headers[askedAddressHeader] = `${url.pathname}${url.search}`;
      // Astro writes a streamed body without waiting for the socket; a route that streams much
      // (the entries' CSV) waits on this between its chunks instead.
      const render = () =>
        astro(req, res, undefined, { responseDrained: () => responseDrained(res) });
      // A body that streams in (an upload, an export to import) holds its request for as long as
      // the client sends: it is bounded by its route's limits, not made to wait behind pages.
      // The signed-in owner's requests do not wait either: they are few, and a download (a
      // backup, the entries' CSV) streams for as long as it takes, which must not hold a place.
      if (streamed || streamedWhole || signedIn) return await render();
      const rendered = renders.run(render, () => !req.socket.destroyed);
      if (!rendered) {
        return refuse(req, res, 503, httpMessages.busy, {
          route,
          headers: { 'Retry-After': String(busyRetryAfterSeconds) },
        });
      }
      await rendered;
    } catch (error) {
      app.log.error('Request failed', {
        url: req.url,
        error: error instanceof Error ? error.stack : String(error),
      });
      if (!res.headersSent) sendPlainText(res, headers, 500, httpMessages.serverError);
      else res.destroy();
    }
  };
}

/**
 * The fast lane's answer (fast-lane.ts): a cached page, for a plain GET or HEAD the listener
 * above would answer from the page cache at once, with the same reply. Anything it would do
 * more for (a beacon hit, an address to refuse or to redirect, a built file, a signed-in
 * owner, a page not cached) is left to it. While the content's version is being read, the
 * lane waits for it (the promise), then asks again.
 */
export function createCachedAnswer(
  app: AppContext,
  staticFiles: Map<string, StaticFile>,
): LaneAnswer {
  return ({ method, target, headers }) => {
    if (isTrackingHit(method, target) || requestLineProblem(target)) return undefined;
    const url = new URL(target, 'http://quire.invalid');
    if (staticFiles.has(url.pathname)) return undefined;
    const route = routeRules(url.pathname);
    if (!(route.methods as readonly string[]).includes(method)) return undefined;
    if (carriesSignedSession(app.secret, headers.get('cookie'))) return undefined;
    const key = pageCacheKey(method, url, route.cacheParams, false, headers.get('authorization'));
    if (key === undefined || app.pageCache.checksEveryRequest) return undefined;
    // Once a second the content's version is read: the lane waits for it, as the front does.
    const check = app.pageCache.refresh();
    if (check) return check;
    const page = app.pageCache.get(key);
    if (!page) return undefined;
    const reply = replyWithPage(
      page,
      {
        method,
        ifNoneMatch: headers.get('if-none-match'),
        acceptEncoding: headers.get('accept-encoding'),
        search: url.search,
      },
      'HIT',
    );
    // A redirect's Location carries the request's query: node:http checks what it writes.
    if (reply.status !== 200 && reply.status !== 304) return undefined;
    const { pageCache } = app;
    // The same head gets the same answer while the same page is kept and needs no check.
    const stillGiven = () => pageCache.isFresh() && pageCache.get(key) === page;
    return { ...reply, stillGiven };
  };
}

/** A browser asking for a page to show: GET or HEAD, no body, HTML accepted. */
function opensAsPage(req: IncomingMessage): boolean {
  return (
    (req.method === 'GET' || req.method === 'HEAD') &&
    !hasBody(req) &&
    (req.headers.accept ?? '').includes('text/html')
  );
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

/** Answers a stored hit, or a dropped one once its count is stored: nothing is cached or told. */
function sendTrackingPixel(
  req: IncomingMessage,
  res: ServerResponse,
  headers: Readonly<Record<string, string>>,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(200, {
    'Content-Type': 'image/gif',
    'Content-Length': trackingPixel.byteLength,
    'Cache-Control': 'no-store, max-age=0',
    'Cross-Origin-Resource-Policy': 'same-origin',
  });
  res.end(req.method === 'HEAD' ? undefined : trackingPixel);
}

/**
 * A hit not stored within `STATS_BATCH_MS` (the database is slow or away; it stays queued) is
 * not acknowledged: no pixel, nothing to read, and the answer says nothing about the hit.
 */
function sendHitNotStored(res: ServerResponse, headers: Readonly<Record<string, string>>): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(503, { 'Content-Length': 0, 'Cache-Control': 'no-store', 'Retry-After': '1' });
  res.end();
}

function sendCachedPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  search: string,
): void {
  const reply = replyWithPage(
    page,
    {
      method: req.method,
      ifNoneMatch: req.headers['if-none-match'],
      acceptEncoding: req.headers['accept-encoding'],
      search,
    },
    'HIT',
  );
  res.writeHead(reply.status, flatHeaders(reply.headers));
  res.end(reply.body);
}

/** Headers as `writeHead` takes them in one go, kept for each cached page's (shared) list. */
const flattened = new WeakMap<[string, string][], string[]>();

function flatHeaders(headers: [string, string][]): string[] {
  let flat = flattened.get(headers);
  if (!flat) {
    flat = headers.flat();
    flattened.set(headers, flat);
  }
  return flat;
}

function sendStatic(
  req: IncomingMessage,
  res: ServerResponse,
  file: StaticFile,
  headers: Readonly<Record<string, string>>,
): void {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
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
  const gzip = file.gzip && accepts(req.headers['accept-encoding'], 'gzip');
  const body = gzip ? file.gzip! : file.body;
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.byteLength);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : body);
}
