import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publishPostFromOutside,
  startTestServer,
  type TestServer,
} from '../support/test-server.ts';

let server: TestServer;
const get = (path: string, init?: RequestInit) =>
  fetch(`${server.url}${path}`, { redirect: 'manual', ...init });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.stop());

async function firstPostPath(): Promise<string> {
  const html = await (await get('/')).text();
  const match = /class="post-card__title"><a href="(\/[a-z0-9-]+\/)"/.exec(html);
  if (!match?.[1]) throw new Error('No post on the home page');
  return match[1];
}

describe('public pages', () => {
  it('serves the home page with the demo posts, header, archives and subscription box', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('class="site-header"');
    expect(html).toContain('Select Month');
    expect(html).toContain('placeholder="Enter your email"');
    expect(html).toContain('name="email"');
    expect((html.match(/class="post-card"/g) ?? []).length).toBeGreaterThanOrEqual(5);
    // Served over http: no HSTS (it would lock browsers out of a site that has no https).
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('content-security-policy')).toMatch(/script-src 'self'/);
  });

  it('gives every page title, description, canonical, OpenGraph, Twitter card and JSON-LD', async () => {
    const path = await firstPostPath();
    const html = await (await get(path)).text();
    expect(html).toMatch(/<title>[^<]+ · [^<]+<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(html).toContain(`<link rel="canonical" href="${server.url}${path}"`);
    for (const property of [
      'og:title',
      'og:description',
      'og:url',
      'og:type" content="article',
      'og:image',
    ]) {
      expect(html).toContain(`property="${property}`);
    }
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'BlogPosting',
      url: `${server.url}${path}`,
    });
    expect(html).toMatch(/srcset="\/media\/\d+\/320\/[^"]+ 320w/);
  });

  it('serves resized images with long-lived caching and refuses other widths', async () => {
    const html = await (await get(await firstPostPath())).text();
    const src = /(\/media\/\d+\/)640(\/[^ "]+) 640w/.exec(html);
    expect(src).not.toBeNull();
    const image = await get(`${src![1]}640${src![2]}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toMatch(/^image\//);
    expect(image.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await image.arrayBuffer());
    expect(bytes.byteLength).toBeGreaterThan(1000);
    expect((await get(`${src![1]}641${src![2]}`)).status).toBe(404);
    expect((await get('/media/999999/640/none.jpg')).status).toBe(404);
  });

  it("sends a photo as AVIF, WebP or JPEG, as the browser's Accept header allows", async () => {
    const html = await (await get(await firstPostPath())).text();
    const src = /(\/media\/\d+\/640\/[^ "]+\.jpg) 640w/.exec(html)?.[1];
    expect(src).toBeDefined();
    const sizes: Record<string, number> = {};
    for (const [accept, type] of [
      ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'image/avif'],
      ['image/webp,*/*', 'image/webp'],
      ['*/*', 'image/jpeg'],
    ] as const) {
      const image = await fetch(`${server.url}${src}`, { headers: { Accept: accept } });
      expect(image.status, accept).toBe(200);
      expect(image.headers.get('content-type'), accept).toBe(type);
      expect(image.headers.get('vary'), accept).toBe('Accept');
      const bytes = Buffer.from(await image.arrayBuffer());
      sizes[type] = bytes.byteLength;
      // The same again, from the disk cache.
      const again = await fetch(`${server.url}${src}`, { headers: { Accept: accept } });
      expect(Buffer.from(await again.arrayBuffer()).equals(bytes), accept).toBe(true);
    }
    expect(sizes['image/avif']).toBeLessThan(sizes['image/webp']!);
    expect(sizes['image/webp']).toBeLessThan(sizes['image/jpeg']!);
  });

  it('lists monthly archives, tags, search results and the About page', async () => {
    const home = await (await get('/')).text();
    const archive = /<option value="(\/archive\/\d{4}\/\d{2}\/)"/.exec(home)?.[1];
    expect(archive).toBeDefined();
    const archivePage = await get(archive!);
    expect(archivePage.status).toBe(200);
    expect(await archivePage.text()).toContain('Archive: ');
    const tag = /href="(\/tag\/[a-z0-9-]+\/)"/.exec(home)?.[1];
    expect((await get(tag!)).status).toBe(200);
    const about = await get('/about/');
    expect(about.status).toBe(200);
    const search = await (await get('/search?q=the')).text();
    expect(search).toMatch(/\d+ results?/);
    expect(search).toContain('<mark>');
  });

  it('sends the archives dropdown without JavaScript to the chosen month', async () => {
    const response = await get('/archive?month=%2Farchive%2F2026%2F01%2F');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/archive/2026/01/');
    expect((await get('/archive?month=')).headers.get('location')).toBe('/');
    expect((await get('/archive?month=https%3A%2F%2Fevil.example%2F')).status).toBe(400);
  });

  it('publishes RSS feeds, a sitemap and robots.txt', async () => {
    const feed = await get('/feed.xml');
    expect(feed.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const rss = await feed.text();
    // A browser opening the feed renders it through the stylesheet; readers ignore it.
    expect(rss).toMatch(
      /^<\?xml [^>]+\?>\n<\?xml-stylesheet type="text\/xsl" href="\/feed\.xsl"\?>\n<rss /,
    );
    const stylesheet = await get('/feed.xsl');
    expect(stylesheet.status).toBe(200);
    expect(stylesheet.headers.get('content-type')).toBe('text/xsl; charset=utf-8');
    expect(await stylesheet.text()).toContain('<xsl:for-each select="item">');
    expect(rss).toContain('<rss version="2.0"');
    expect((rss.match(/<item>/g) ?? []).length).toBeGreaterThanOrEqual(10);
    expect(rss).toContain(`<atom:link href="${server.url}/feed.xml"`);
    const tag = /<category>([^<]+)<\/category>/.exec(rss)?.[1];
    expect(tag).toBeDefined();
    const sitemap = await (await get('/sitemap.xml')).text();
    expect(sitemap).toContain(`<loc>${server.url}/about/</loc>`);
    const robots = await (await get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    // It names only paths that exist: each answers, if not with a page, then not with a 404.
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((m) => m[1]!);
    expect(disallowed.length).toBeGreaterThan(0);
    for (const path of disallowed) expect((await get(path)).status, path).not.toBe(404);
  });

  it('shows the subscription page for the site feed and keeps a valid request', async () => {
    const page = await get('/subscription-form/1/8?email=reader%40example.org');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('value="reader@example.org"');
    const bad = await get('/subscription-form/1/8', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: 'email=not-an-address',
    });
    expect(bad.status).toBe(422);
    const badHtml = await bad.text();
    expect(badHtml).toContain('Please enter email address');
    expect(badHtml).toContain('value="not-an-address"');
    const good = await get('/subscription-form/1/8', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: 'email=reader%40example.org',
    });
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('reader@example.org');
    expect((await get('/subscription-form/1/7')).status).toBe(404);
    expect((await get('/subscription-form/999/8')).status).toBe(404);
  });
});

describe('bad input', () => {
  it('answers unknown slugs and paths with the 404 page', async () => {
    for (const path of [
      '/no-such-post/',
      '/UPPER/',
      '/tag/no-such-tag/',
      '/archive/2026/13/',
      '/archive/1999/01/',
      '/a/b/c/d',
      '/%2e%2e/etc/passwd',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      if (path !== '/%2e%2e/etc/passwd')
        expect(await response.text(), path).toContain('Page not found');
    }
  });

  it('answers malformed or oversized query strings with 400, never 500', async () => {
    for (const path of [
      '/?page=abc',
      '/?page=0',
      '/?page=-1',
      `/search?q=${'x'.repeat(300)}`,
      '/search?q=%E0%A4%A',
      '/?q=%ZZ',
      `/?${'a=1&'.repeat(400)}`,
      '/tag/travel/?page=1e9',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(400);
    }
    expect((await get(`/${'a'.repeat(5000)}`)).status).toBe(414);
  });

  it('shows a browser the site’s own page for an address it cannot decode, and other clients a line', async () => {
    const browser = { headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } };
    for (const path of ['/search?q=%ZZ', '/caf%C3/', '//elsewhere.example/']) {
      const page = await get(path, browser);
      expect(page.status, path).toBe(400);
      expect(page.headers.get('content-type'), path).toContain('text/html');
      expect(await page.text(), path).toContain('That address could not be understood');
    }
    const client = await get('/search?q=%ZZ');
    expect(client.status).toBe(400);
    expect(client.headers.get('content-type')).toContain('text/plain');
    expect(await client.text()).toBe('The address is not correctly encoded.\n');
  });

  it('answers a page number past the end with 404', async () => {
    expect((await get('/?page=999')).status).toBe(404);
  });

  it('handles search input that looks like syntax or markup', async () => {
    for (const q of [
      '"',
      'NOT',
      'a OR',
      '*',
      '<script>alert(1)</script>',
      "' or 1=1 --",
      '((',
      'NEAR(x',
    ]) {
      const response = await get(`/search?q=${encodeURIComponent(q)}`);
      expect(response.status, q).toBe(200);
      expect(await response.text()).not.toContain('<script>alert(1)</script>');
    }
  });
});

describe('page cache', () => {
  it('answers repeat visits from the cache with an ETag and 304', async () => {
    const path = await firstPostPath();
    const first = await get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    await first.arrayBuffer();
    const second = await get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('content-encoding')).toBe('gzip');
    expect(await second.text()).toContain('</html>');
    const revalidated = await get(path, { headers: { 'If-None-Match': etag! } });
    expect(revalidated.status).toBe(304);
  });

  it('sends br to browsers that take it, on a miss and from the cache', async () => {
    const browser = { headers: { 'Accept-Encoding': 'gzip, deflate, br, zstd' } };
    // A search no other test makes, so the first answer is rendered.
    const miss = await get('/search?q=brotli', browser);
    const hit = await get('/search?q=brotli&utm_source=x', browser);
    expect([miss.headers.get('x-cache'), hit.headers.get('x-cache')]).toEqual(['MISS', 'HIT']);
    for (const response of [miss, hit]) {
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      // fetch decodes br as a browser does.
      expect(await response.text()).toContain('</html>');
    }
    const gzipOnly = await get('/search?q=brotli', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzipOnly.headers.get('content-encoding')).toBe('gzip');
    expect(await gzipOnly.text()).toContain('</html>');
  });

  it('sends a page it does not keep in gzip joined around its kept parts: the same page', async () => {
    // A search is not kept for long, so it is compressed fast: the kept parts' own blocks
    // (header, sidebar, footer) are copied in and only the rest is compressed (decision 0071).
    const path = '/search?q=joined';
    const gzip = await get(path, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const raw = await get(path, { headers: { 'Accept-Encoding': 'identity' } });
    expect(raw.headers.get('content-encoding')).toBeNull();
    const [unzipped, identity] = [await gzip.text(), await raw.text()];
    expect(unzipped).toBe(identity);
    for (const part of ['class="site-header"', 'class="widget subscribe-box"', 'qshare-bar']) {
      expect(identity).toContain(part);
    }
    expect(identity).not.toContain('quire-part');
  });

  it('caches the 404 page under the address asked for, and ignores a forged cache key', async () => {
    // Without gzip, so that the rewrite's second pass through the middleware adds nothing.
    const identity = { headers: { 'Accept-Encoding': 'identity' } };
    const first = await get('/missing-page-one/', identity);
    expect(first.headers.get('x-cache')).toBe('MISS');
    expect(first.headers.get('etag')).toMatch(/^"[\w-]+"$/);
    const again = await get('/missing-page-one/', identity);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    await get('/tag/', { headers: { 'x-quire-page-key': '/poisoned/' } });
    const poisoned = await get('/poisoned/');
    expect(poisoned.status).toBe(404);
    expect(await poisoned.text()).toContain('Page not found');
  });

  it('never stores the empty answer to a HEAD request as the page', async () => {
    for (const path of ['/feed.xml', '/feed.xsl', '/sitemap.xml', '/robots.txt', '/about/']) {
      const head = await get(path, { method: 'HEAD' });
      expect(head.status, path).toBe(200);
      const page = await get(path);
      expect((await page.text()).length, path).toBeGreaterThan(50);
      const again = await get(path);
      expect(again.headers.get('x-cache'), path).toBe('HIT');
      expect((await again.text()).length, path).toBeGreaterThan(50);
    }
  });

  it('serves a made-up session cookie from the cache (a real session is in admin-http)', async () => {
    await get('/');
    const response = await get('/', { headers: { Cookie: 'quire_session=abc' } });
    expect(response.headers.get('x-cache')).toBe('HIT');
  });

  it('shows a change made by another process at once', async () => {
    const before = await (await get('/')).text();
    expect(before).not.toContain('A post imported while the site runs');
    await publishPostFromOutside(server, 'A post imported while the site runs');
    const after = await (await get('/')).text();
    expect(after).toContain('A post imported while the site runs');
  });
});

describe('several worker processes', () => {
  it('serve the site together and all show a change at once', async () => {
    const cluster = await startTestServer({ WEB_CONCURRENCY: '2' });
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 12; i++) {
        const response = await fetch(`${cluster.url}/`);
        expect(response.status).toBe(200);
        seen.add(response.headers.get('x-cache') ?? '');
        await response.arrayBuffer();
      }
      expect(seen).toEqual(new Set(['MISS', 'HIT']));
      await publishPostFromOutside(cluster, 'Seen by every worker');
      for (let i = 0; i < 4; i++)
        expect(await (await fetch(`${cluster.url}/`)).text()).toContain('Seen by every worker');
    } finally {
      await cluster.stop();
    }
    // Each worker boots on its own; one of them says that no administrator exists.
    expect(cluster.errorOutput().split('No administrator account exists yet').length - 1).toBe(1);
  });
});
