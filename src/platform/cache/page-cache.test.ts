import { describe, expect, it } from 'vitest';
import {
  acceptsGzip,
  type ContentState,
  matchesEtag,
  PageCache,
  pageCacheKey,
} from './page-cache.ts';

function cacheWith(state: { current: ContentState }, clock: { now: number }, maxEntries = 10) {
  let reads = 0;
  const cache = new PageCache({
    maxEntries,
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
    cache.set('/', page('home'));
    clock.now = 500;
    await cache.refresh();
    expect(reads()).toBe(1);
    expect(cache.get('/')?.body.toString()).toBe('home');
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
    cache.set('/', page('before'));
    clock.now = 4999;
    await cache.refresh();
    expect(cache.get('/')).toBeDefined();
    state.current = { version: '1', validUntil: undefined };
    clock.now = 5000;
    await cache.refresh();
    expect(cache.get('/')).toBeUndefined();
  });

  it('evicts the least recently used page beyond its size', async () => {
    const { cache } = cacheWith(
      { current: { version: '1', validUntil: undefined } },
      { now: 0 },
      2,
    );
    cache.set('/a', page('a'));
    cache.set('/b', page('b'));
    cache.get('/a');
    cache.set('/c', page('c'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('gzips large pages and gives each body a stable ETag', () => {
    const { cache } = cacheWith({ current: { version: '1', validUntil: undefined } }, { now: 0 });
    const small = cache.set('/s', page('tiny'));
    const large = cache.set('/l', page('x'.repeat(5000)));
    expect(small.gzip).toBeUndefined();
    expect(large.gzip!.byteLength).toBeLessThan(200);
    expect(cache.set('/l2', page('x'.repeat(5000))).etag).toBe(large.etag);
  });
});

describe('cache helpers', () => {
  it('matches ETags, weak ones and lists included', () => {
    expect(matchesEtag('"abc"', '"abc"')).toBe(true);
    expect(matchesEtag('W/"abc", "def"', '"abc"')).toBe(true);
    expect(matchesEtag('"xyz"', '"abc"')).toBe(false);
    expect(matchesEtag(undefined, '"abc"')).toBe(false);
  });
  it('reads Accept-Encoding', () => {
    expect(acceptsGzip('gzip, deflate, br')).toBe(true);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
  });
  it('caches only anonymous GET and HEAD requests', () => {
    const url = new URL('http://x/tag/a/?page=2');
    expect(pageCacheKey('GET', url, undefined)).toBe('/tag/a/?page=2');
    expect(pageCacheKey('HEAD', url, 'theme=dark')).toBe('/tag/a/?page=2');
    expect(pageCacheKey('POST', url, undefined)).toBeUndefined();
    expect(pageCacheKey('GET', url, 'a=1; quire_session=abc')).toBeUndefined();
    expect(pageCacheKey('GET', url, undefined, 'Basic eDp5')).toBeUndefined();
  });
});
