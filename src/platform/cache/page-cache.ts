import { hash } from 'node:crypto';
import { redirectLocation } from '../redirect-target.ts';
import { type ContentCoding, EncodedBody, preferredCoding } from './content-coding.ts';
import type { PageSegment } from './kept-parts.ts';

export type CachedPage = {
  status: number;
  headers: [string, string][];
  /**
   * For a redirect (an old address of the site): where it leads. Each answer's Location is this
   * with the query the visitor asked with, which the cache key may leave out (decision 0054).
   */
  redirect?: string | undefined;
  body: EncodedBody;
  etag: string;
  /** The headers of each kind of answer it has given, built once (replyWithPage). */
  replyHeaders: Map<string, [string, string][]>;
};

/** What the cached pages depend on: a version, and a time after which it must be read again. */
export type ContentState = { version: string; validUntil: number | undefined };

type Options = {
  /** Room for pages, in bytes of bodies, compressed forms and headers; 0 keeps nothing. */
  maxBytes: number;
  checkEveryMs: number;
  readState: () => Promise<ContentState>;
  now?: () => number;
};

/** Derived values kept per content version (the site chrome, one entry per post asked for). */
const maxMemos = 1000;

/** Set by the HTTP front on every request it hands to Astro: the page-cache key, or empty. */
export const pageKeyHeader = 'x-quire-page-key';

/**
 * Set by the HTTP front on every request it hands to Astro: the path and query the visitor
 * asked for, which a rewrite (to /404) would otherwise lose; a redirect needs both.
 */
export const askedAddressHeader = 'x-quire-asked';

/** Pages answered with this Cache-Control are kept in the page cache for anonymous visitors. */
export const publicPageCacheControl = 'public, max-age=0, must-revalidate';

/** What keeping a page costs: its bodies, plus its headers and the map's own share. */
function pageBytes(key: string, page: CachedPage): number {
  let bytes = 200 + key.length + page.body.bytes;
  for (const [name, value] of page.headers) bytes += name.length + value.length + 32;
  return bytes;
}

/** Pages in least-recently-used order, within a budget of bytes. */
class PageShelf {
  readonly #pages = new Map<string, { page: CachedPage; bytes: number }>();
  readonly #maxBytes: number;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  get size(): number {
    return this.#pages.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get(key: string): CachedPage | undefined {
    const entry = this.#pages.get(key);
    if (!entry) return undefined;
    // Most recently used goes last; the first key is the one evicted.
    this.#pages.delete(key);
    this.#pages.set(key, entry);
    return entry.page;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    const bytes = pageBytes(key, page);
    if (bytes > this.#maxBytes) return;
    const entry = { page, bytes };
    this.#pages.set(key, entry);
    this.#bytes += bytes;
    // A compressed form made later, when a client first asks for it, counts too.
    page.body.onGrow = (grown) => {
      if (this.#pages.get(key) !== entry) return;
      entry.bytes += grown;
      this.#bytes += grown;
      this.#evict();
    };
    this.#evict();
  }

  #evict(): void {
    for (const [oldest, entry] of this.#pages) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#pages.delete(oldest);
      this.#bytes -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.#pages.get(key);
    if (!entry) return;
    this.#pages.delete(key);
    this.#bytes -= entry.bytes;
  }

  clear(): void {
    this.#pages.clear();
    this.#bytes = 0;
  }
}

/**
 * Rendered anonymous pages, kept in process memory and thrown away as soon as the content
 * version in the database moves. The room is counted in bytes, so a site of long pages keeps
 * fewer of them rather than more memory. Several instances each keep their own copy and each notice
 * the new version within `checkEveryMs`; the instance that made the change clears at once
 * through `invalidate()`.
 *
 * Pages anyone can conjure up without end (404s for made-up addresses, search results) are
 * kept apart, in a tenth of the room, so however many of them arrive they push out only each
 * other, never the site's real pages.
 */
export class PageCache {
  readonly #entries: PageShelf;
  readonly #transient: PageShelf;
  readonly #memos = new Map<string, Promise<unknown>>();
  readonly #options: Options;
  readonly #now: () => number;
  #state: ContentState | undefined;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #pendingCheck: Promise<void> | undefined;

  constructor(options: Options) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
    this.#entries = new PageShelf(options.maxBytes);
    this.#transient = new PageShelf(Math.ceil(options.maxBytes / 10));
  }

  get size(): number {
    return this.#entries.size + this.#transient.size;
  }

  /** Bytes the kept pages take, as counted against the limit. */
  get bytes(): number {
    return this.#entries.bytes + this.#transient.bytes;
  }

  /**
   * Reads the content state when the last read is older than `checkEveryMs`. Undefined when
   * the state is fresh, so that a cached answer need not wait a turn of the event loop.
   */
  refresh(): Promise<void> | undefined {
    // Checking on every request (tests) must see writes made since the request arrived, so
    // it cannot share a read that was already under way.
    if (this.#options.checkEveryMs === 0) return this.#readState();
    if (this.isFresh()) return undefined;
    this.#pendingCheck ??= this.#readState().finally(() => {
      this.#pendingCheck = undefined;
    });
    return this.#pendingCheck;
  }

  /** Whether the content state was read recently enough that `refresh` would not read it. */
  isFresh(): boolean {
    if (this.#options.checkEveryMs === 0) return false;
    const now = this.#now();
    const expired = this.#state?.validUntil !== undefined && now >= this.#state.validUntil;
    return !expired && now - this.#checkedAt < this.#options.checkEveryMs;
  }

  /** Whether every `refresh` reads the content state (CACHE_VERSION_CHECK_MS=0, in tests). */
  get checksEveryRequest(): boolean {
    return this.#options.checkEveryMs === 0;
  }

  async #readState(): Promise<void> {
    const state = await this.#options.readState();
    this.#checkedAt = this.#now();
    const expired = this.#state?.validUntil !== undefined && this.#now() >= this.#state.validUntil;
    if (this.#state?.version !== state.version || expired) this.#clear();
    this.#state = state;
  }

  get(key: string): CachedPage | undefined {
    return this.#entries.get(key) ?? this.#transient.get(key);
  }

  /**
   * Stores a page. Its compressed forms are made as clients ask for them: well for a page that
   * is kept, fast for one that is thrown away after one answer (the cache keeps nothing) or
   * soon (a 404, a search).
   */
  async set(
    key: string,
    page: {
      status: number;
      headers: [string, string][];
      /**
       * The page's bytes, or the page as Astro wrote it (`marked`, kept parts named by their
       * markers) and cut at its kept parts (kept-parts.ts).
       */
      body: Buffer | { marked: Buffer; segments: readonly PageSegment[] };
      redirect?: string | undefined;
    },
    options: { transient?: boolean } = {},
  ): Promise<CachedPage> {
    const kept = this.#options.maxBytes > 0 && !options.transient;
    const { body } = page;
    // A marked page names each part by its content's hash, so it stands for the page it makes.
    const named = Buffer.isBuffer(body) ? body : body.marked;
    const entry: CachedPage = {
      ...page,
      body: new EncodedBody(
        Buffer.isBuffer(body) ? body : body.segments,
        kept ? 'thorough' : 'fast',
      ),
      etag: `"${hash('sha1', named, 'base64url').slice(0, 22)}"`,
      replyHeaders: new Map(),
    };
    if (this.#options.maxBytes === 0) return entry;
    (options.transient ? this.#transient : this.#entries).set(key, entry);
    return entry;
  }

  /**
   * A value derived from the content (the site chrome, say), computed once per content
   * version and shared by every page that needs it.
   */
  memo<T>(key: string, compute: () => Promise<T>): Promise<T> {
    let value = this.#memos.get(key) as Promise<T> | undefined;
    if (value) {
      this.#memos.delete(key);
      this.#memos.set(key, value);
      return value;
    }
    value = compute();
    this.#memos.set(key, value);
    value.catch(() => this.#memos.delete(key));
    if (this.#memos.size > maxMemos) {
      const oldest = this.#memos.keys().next().value;
      if (oldest !== undefined) this.#memos.delete(oldest);
    }
    return value;
  }

  #clear(): void {
    this.#entries.clear();
    this.#transient.clear();
    this.#memos.clear();
  }

  /** Forgets every page now and makes the next request re-read the content state. */
  invalidate(): void {
    this.#clear();
    this.#checkedAt = Number.NEGATIVE_INFINITY;
  }
}

export type PageReply = { status: number; headers: [string, string][]; body: Buffer | undefined };

/**
 * How to answer one request with a cached page: 304 when the client holds it, the br or gzip
 * form when the client takes one, no body for HEAD; a redirect with the request's own query
 * (`search`, `?…` or empty) carried to where it leads. Used by the HTTP front and the Astro
 * middleware.
 */
export function replyWithPage(
  page: CachedPage,
  request: {
    method: string | undefined;
    ifNoneMatch: string | null | undefined;
    acceptEncoding: string | null | undefined;
    search?: string;
  },
  cacheState: 'HIT' | 'MISS',
): PageReply {
  if (page.redirect !== undefined) {
    return {
      status: page.status,
      headers: [
        ...replyHeaders(page, cacheState, undefined, false),
        ['Location', redirectLocation(page.redirect, request.search ?? '')],
      ],
      body: request.method === 'HEAD' ? undefined : page.body.identity,
    };
  }
  if (page.status === 200 && matchesEtag(request.ifNoneMatch, page.etag)) {
    return {
      status: 304,
      headers: replyHeaders(page, cacheState, undefined, true),
      body: undefined,
    };
  }
  const coding = preferredCoding(request.acceptEncoding);
  const encoded = coding && page.body.encoded(coding);
  const body = encoded ?? page.body.identity;
  return {
    status: page.status,
    headers: replyHeaders(page, cacheState, encoded ? coding : undefined, false),
    body: request.method === 'HEAD' ? undefined : body,
  };
}

/** The headers of one kind of answer, the same for every request that gets it. */
function replyHeaders(
  page: CachedPage,
  cacheState: 'HIT' | 'MISS',
  coding: ContentCoding | undefined,
  notModified: boolean,
): [string, string][] {
  const key = `${cacheState} ${coding ?? 'identity'} ${notModified ? 304 : page.status}`;
  let headers = page.replyHeaders.get(key);
  if (!headers) {
    headers = [...page.headers, ['ETag', page.etag], ['X-Cache', cacheState]];
    if (page.body.compressible) headers.push(['Vary', 'Accept-Encoding']);
    if (!notModified) {
      if (coding) headers.push(['Content-Encoding', coding]);
      const body = (coding && page.body.encoded(coding)) || page.body.identity;
      headers.push(['Content-Length', String(body.byteLength)]);
    }
    page.replyHeaders.set(key, headers);
  }
  return headers;
}

/** Whether a client that sent `ifNoneMatch` already holds `etag`. */
export function matchesEtag(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return (
    ifNoneMatch === '*' ||
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)
  );
}

/**
 * The cache key of a request the page cache may answer, or undefined when it may not (a
 * signed-in owner's, or one with credentials): the path and the query parameters the page
 * reads (`params`, from the route), so other parameters, which cannot change the page, all
 * find the one cached copy.
 */
export function pageCacheKey(
  method: string | undefined,
  url: URL,
  params: readonly string[] | 'all',
  signedIn: boolean,
  authorization?: string | null,
): string | undefined {
  if (method !== 'GET' && method !== 'HEAD') return undefined;
  if (signedIn || authorization) return undefined;
  if (params === 'all') return `${url.pathname}${url.search}`;
  const read = new URLSearchParams();
  for (const name of params) {
    // The first value, as `searchParams.get` gives the page.
    const value = url.searchParams.get(name);
    if (value !== null) read.append(name, value);
  }
  const query = read.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}
