import { createHash, randomBytes } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keptMarkup, pageSegments, takeKeptParts } from './kept-parts.ts';
import {
  type ContentState,
  matchesEtag,
  PageCache,
  pageCacheKey,
  replyWithPage,
} from './page-cache.ts';

function cacheWith(state: { current: ContentState }, clock: { now: number }, maxBytes = 100_000) {
  let reads = 0;
  const cache = new PageCache({
    maxBytes,
    checkEveryMs: 1000,
    now: () => clock.now,
    readState: async () => {
      reads++;
      return state.current;
    },
  });
  return { cache, reads: () => reads };
}

const page = (text: string) => ({
  status: 200,
  headers: [['content-type', 'text/html']] as [string, string][],
  body: Buffer.from(text),
});

describe('PageCache', () => {
  it('keeps pages until the content version changes', async () => {
    const state = { current: { version: '1', validUntil: undefined } as ContentState };
    const clock = { now: 0 };
    const { cache, reads } = cacheWith(state, clock);
    await cache.refresh();
    await cache.set('/', page('home'));
    clock.now = 500;
    // Fresh: nothing to wait for, so a cached answer goes out in the same turn.
    expect(cache.refresh()).toBeUndefined();
    expect(reads()).toBe(1);
    expect(cache.get('/')?.body.identity.toString()).toBe('home');
    state.current = { version: '2', validUntil: undefined };
    clock.now = 1000;
    await cache.refresh();
    expect(reads()).toBe(2);
    expect(cache.get('/')).toBeUndefined();
  });

  it('drops everything once a scheduled post is due', async () => {
    const state = { current: { version: '1', validUntil: 5000 } as ContentState };
    const clock = { now: 0 };
    const { cache } = cacheWith(state, clock);
    await cache.refresh();
    await cache.set('/', page('before'));
    clock.now = 4999;
    await cache.refresh();
    expect(cache.get('/')).toBeDefined();
    state.current = { version: '1', validUntil: undefined };
    clock.now = 5000;
    await cache.refresh();
    expect(cache.get('/')).toBeUndefined();
  });

  it('keeps a page cut at its kept parts, named by its marked bytes, joined when asked', async () => {
    const { cache } = cacheWith({ current: { version: '1', validUntil: undefined } }, { now: 0 });
    await cache.refresh();
    const request = {};
    const footer = `<footer>${'<a href="/">Field Notes</a>'.repeat(40)}</footer>`;
    const marked = Buffer.from(`<main>One page</main>${keptMarkup(request, footer)}`);
    const segments = pageSegments(marked, takeKeptParts(request) ?? new Map());
    const kept = await cache.set('/marked/', { ...page(''), body: { marked, segments } });
    const whole = await cache.set('/whole/', page(`<main>One page</main>${footer}`));
    expect(kept.body.identity.toString()).toBe(`<main>One page</main>${footer}`);
    expect(gunzipSync(kept.body.encoded('gzip')!)).toEqual(whole.body.identity);
    // Tagged by the bytes Astro wrote, whose markers are their parts' hashes: not joined for it.
    expect(kept.etag).toBe(
      `"${createHash('sha1').update(marked).digest('base64url').slice(0, 22)}"`,
    );
  });

  it('evicts the least recently used page beyond its room in bytes', async () => {
    // Each of these small pages counts about 260 bytes with its headers: room for two.
    const { cache } = cacheWith(
      { current: { version: '1', validUntil: undefined } },
      { now: 0 },
      600,
    );
    await cache.set('/a', page('a'));
    await cache.set('/b', page('b'));
    cache.get('/a');
    await cache.set('/c', page('c'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.size).toBe(2);
    expect(cache.bytes).toBeLessThanOrEqual(600);
  });

  it('counts bytes, not pages: one long page takes the room of many short ones', async () => {
    const { cache } = cacheWith(
      { current: { version: '1', validUntil: undefined } },
      { now: 0 },
      20_000,
    );
    for (let i = 0; i < 20; i++) await cache.set(`/short-${i}/`, page('short'));
    expect(cache.size).toBe(20);
    // Text that barely compresses (a fixed pseudo-random sequence), 15 KB.
    let seed = 1;
    const long = Buffer.from(
      Array.from({ length: 15_000 }, () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return String.fromCharCode(33 + (seed % 90));
      }).join(''),
    );
    await cache.set('/long/', { ...page(''), body: long });
    expect(cache.get('/long/')).toBeDefined();
    expect(cache.size).toBeLessThan(20);
    expect(cache.bytes).toBeLessThanOrEqual(20_000);
    // A page larger than all the room is answered but not kept.
    const huge = Buffer.from('x'.repeat(30_000));
    const answered = await cache.set('/huge/', { ...page(''), body: huge });
    expect(answered.body.identity.byteLength).toBe(30_000);
    expect(cache.get('/huge/')).toBeUndefined();
    expect(cache.get('/long/')).toBeDefined();
  });

  it('compresses large pages as clients ask, and gives each body a stable ETag', async () => {
    const { cache } = cacheWith({ current: { version: '1', validUntil: undefined } }, { now: 0 });
    const small = await cache.set('/s', page('tiny'));
    const large = await cache.set('/l', page('x'.repeat(5000)));
    expect(small.body.encoded('br')).toBeUndefined();
    const before = cache.bytes;
    const br = large.body.encoded('br')!;
    expect(brotliDecompressSync(br).toString()).toBe('x'.repeat(5000));
    // The form made on demand is counted against the room, once.
    expect(cache.bytes).toBe(before + br.byteLength);
    expect(large.body.encoded('br')).toBe(br);
    expect(cache.bytes).toBe(before + br.byteLength);
    expect(gunzipSync(large.body.encoded('gzip')!).toString()).toBe('x'.repeat(5000));
    expect((await cache.set('/l2', page('x'.repeat(5000)))).etag).toBe(large.etag);
  });

  it('evicts older pages when a compressed form outgrows the room', async () => {
    const { cache } = cacheWith(
      { current: { version: '1', validUntil: undefined } },
      { now: 0 },
      12_000,
    );
    const first = await cache.set('/a', { ...page(''), body: randomBytes(5000) });
    const second = await cache.set('/b', { ...page(''), body: randomBytes(5000) });
    expect(cache.size).toBe(2);
    // Both bodies and one poorly compressible form no longer fit: the older page goes.
    second.body.encoded('gzip');
    expect(cache.bytes).toBeLessThanOrEqual(12_000);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/b')).toBe(second);
    // A page no longer kept still answers the request that holds it.
    expect(first.body.encoded('gzip')).toBeDefined();
    expect(cache.bytes).toBeLessThanOrEqual(12_000);
  });
});

describe('PageCache.memo', () => {
  it('computes a value once per content version', async () => {
    const state = { current: { version: '1', validUntil: undefined } as ContentState };
    const clock = { now: 0 };
    const { cache } = cacheWith(state, clock);
    await cache.refresh();
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.memo('chrome', compute)).toBe(1);
    expect(await cache.memo('chrome', compute)).toBe(1);
    state.current = { version: '2', validUntil: undefined };
    clock.now = 2000;
    await cache.refresh();
    expect(await cache.memo('chrome', compute)).toBe(2);
    cache.invalidate();
    expect(await cache.memo('chrome', compute)).toBe(3);
  });

  it('forgets a failed computation', async () => {
    const { cache } = cacheWith({ current: { version: '1', validUntil: undefined } }, { now: 0 });
    await expect(cache.memo('x', () => Promise.reject(new Error('db down')))).rejects.toThrow(
      'db down',
    );
    expect(await cache.memo('x', async () => 'ok')).toBe('ok');
  });
});

describe('cache helpers', () => {
  it('matches ETags, weak ones and lists included', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc", "def"', '"abc"')).toBe(true);
    expect(matchesEtag('"xyz"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
  it('caches only anonymous GET and HEAD requests', () => {
    const url = new URL('http://x/tag/a/?page=2');
    const page = ['page'];
    expect(pageCacheKey('GET', url, page, false)).toBe('/tag/a/?page=2');
    expect(pageCacheKey('HEAD', url, page, false)).toBe('/tag/a/?page=2');
    expect(pageCacheKey('POST', url, page, false)).toBeUndefined();
    expect(pageCacheKey('GET', url, page, true)).toBeUndefined();
    expect(pageCacheKey('GET', url, page, false, 'Basic eDp5')).toBeUndefined();
  });

  it('keys a page on the parameters its route reads, and nothing else', () => {
    const key = (address: string, params: readonly string[] | 'all') =>
      pageCacheKey('GET', new URL(address, 'http://x'), params, false);
    expect(key('/?utm_source=x&fbclid=1', ['page'])).toBe('/');
    expect(key('/?zz=1&page=2&page=3', ['page'])).toBe('/?page=2');
    expect(key('/search?page=2&x=1&q=a+b', ['q', 'page'])).toBe('/search?q=a+b&page=2');
    expect(key('/search?q=a%20b', ['q', 'page'])).toBe('/search?q=a+b');
    expect(key('/about/?qforms_form_id=1', [])).toBe('/about/');
    expect(key('/unknown?x=1', 'all')).toBe('/unknown?x=1');
  });
});

describe('PageCache room for pages anyone can make up', () => {
  it('keeps 404s and search results apart, so they never push out real pages', async () => {
    const state = { current: { version: '1', validUntil: undefined } as ContentState };
    const { cache } = cacheWith(state, { now: 0 }, 6000);
    await cache.refresh();
    await cache.set('/', page('home'));
    await cache.set('/about/', page('about'));
    for (let i = 0; i < 1000; i++) {
      await cache.set(`/missing-${i}/`, { ...page('not found'), status: 404 }, { transient: true });
    }
    expect(cache.get('/')?.body.identity.toString()).toBe('home');
    expect(cache.get('/about/')?.body.identity.toString()).toBe('about');
    // A tenth of the room (600 bytes): the last two made-up pages, the others gone.
    expect(cache.get('/missing-999/')?.status).toBe(404);
    expect(cache.get('/missing-998/')?.status).toBe(404);
    expect(cache.get('/missing-997/')).toBeUndefined();
    expect(cache.size).toBe(4);
  });
});

describe('PageCache.memo bounds', () => {
  it('keeps at most 1000 values, dropping the least recently used', async () => {
    const cache = new PageCache({
      maxBytes: 100_000,
      checkEveryMs: 1000,
      readState: async () => ({ version: '1', validUntil: undefined }),
    });
    for (let i = 0; i < 1001; i++) await cache.memo(`k${i}`, async () => i);
    expect(await cache.memo('k0', async () => -1)).toBe(-1);
    expect(await cache.memo('k1000', async () => -1)).toBe(1000);
  });
});

describe('replyWithPage', () => {
  const makePage = async () => {
    const cache = new PageCache({
      maxBytes: 100_000,
      checkEveryMs: 1000,
      readState: async () => ({ version: '1', validUntil: undefined }),
    });
    return cache.set('/', {
      status: 200,
      headers: [['content-type', 'text/html']],
      body: Buffer.from('x'.repeat(5000)),
    });
  };

  it('sends br to clients that take it, else gzip, else the plain body', async () => {
    const page = await makePage();
    const br = replyWithPage(
      page,
      { method: 'GET', ifNoneMatch: null, acceptEncoding: 'gzip, deflate, br, zstd' },
      'HIT',
    );
    expect(br.status).toBe(200);
    expect(br.body).toBe(page.body.encoded('br'));
    expect(br.headers).toContainEqual(['Content-Encoding', 'br']);
    expect(br.headers).toContainEqual(['Vary', 'Accept-Encoding']);
    expect(br.headers).toContainEqual(['X-Cache', 'HIT']);
    const gzip = replyWithPage(
      page,
      { method: 'GET', ifNoneMatch: null, acceptEncoding: 'gzip, br;q=0' },
      'HIT',
    );
    expect(gzip.body).toBe(page.body.encoded('gzip'));
    expect(gzip.headers).toContainEqual(['Content-Encoding', 'gzip']);
    const plain = replyWithPage(
      page,
      { method: 'GET', ifNoneMatch: null, acceptEncoding: null },
      'MISS',
    );
    expect(plain.body?.byteLength).toBe(5000);
    expect(plain.headers).toContainEqual(['Content-Length', '5000']);
    expect(plain.headers.some(([name]) => name === 'Content-Encoding')).toBe(false);
  });

  it('builds the headers of each kind of answer once, and reuses them', async () => {
    const page = await makePage();
    const request = { method: 'GET', ifNoneMatch: null, acceptEncoding: 'br' };
    const first = replyWithPage(page, request, 'HIT');
    expect(replyWithPage(page, request, 'HIT').headers).toBe(first.headers);
    const gzip = replyWithPage(page, { ...request, acceptEncoding: 'gzip' }, 'HIT');
    expect(gzip.headers).not.toBe(first.headers);
    expect(gzip.headers).toContainEqual(['Content-Encoding', 'gzip']);
    expect(replyWithPage(page, request, 'MISS').headers).toContainEqual(['X-Cache', 'MISS']);
  });

  it('answers 304 to a client holding the page, and no body to HEAD', async () => {
    const page = await makePage();
    const revalidated = replyWithPage(
      page,
      { method: 'GET', ifNoneMatch: page.etag, acceptEncoding: 'gzip' },
      'HIT',
    );
    expect(revalidated).toMatchObject({ status: 304, body: undefined });
    const head = replyWithPage(
      page,
      { method: 'HEAD', ifNoneMatch: null, acceptEncoding: 'gzip' },
      'HIT',
    );
    expect(head.status).toBe(200);
    expect(head.body).toBeUndefined();
    expect(head.headers).toContainEqual([
      'Content-Length',
      String(page.body.encoded('gzip')!.byteLength),
    ]);
  });
});
