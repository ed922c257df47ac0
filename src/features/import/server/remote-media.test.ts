import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OldSiteStandIn,
  serveImage,
  startOldSite,
} from '../../../../tests/support/old-site-stand-in.ts';
import { type RemoteMediaOptions, remoteMediaSource } from './remote-media.ts';

const photo = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 9, 8, 7, 6]);
const loopback: LookupAddress[] = [{ address: '127.0.0.1', family: 4 }];

/**
 * The test's own name resolution: these names are unknown to the system's resolver (`.example`
 * is reserved), so a fetch that reaches the stand-in connected to the address checked here.
 */
const names: Record<string, LookupAddress[]> = {
  'old.example': loopback,
  'www.old.example': loopback,
  'other.example': loopback,
  'media.old.example': [{ address: '10.0.0.7', family: 4 }],
  'split.old.example': [
    { address: '93.184.215.14', family: 4 },
    { address: '::ffff:192.168.0.2', family: 6 },
  ],
};
const resolved: string[] = [];
const resolveName = async (host: string) => {
  resolved.push(host);
  const addresses = names[host];
  if (addresses === undefined)
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return addresses;
};

let site: OldSiteStandIn;
let p: number;
const slowHeaders = 400;

beforeAll(async () => {
  site = await startOldSite({
    '/wp-content/uploads/2024/05/harbour.jpg': serveImage(photo),
    '/wp-content/uploads/2024/05/caf%C3%A9.jpg': serveImage(photo),
    '/flaky.jpg': (_request, response, hit) => {
      if (hit === 1) response.writeHead(503).end();
      else serveImage(photo)(_request, response, hit);
    },
    '/busy.jpg': (_request, response, hit) => {
      if (hit === 1) response.writeHead(429, { 'retry-after': '5' }).end();
      else serveImage(photo)(_request, response, hit);
    },
    '/down.jpg': (_request, response) => {
      response.writeHead(503).end();
    },
    '/forbidden.jpg': (_request, response) => {
      response.writeHead(403).end();
    },
    '/page.jpg': (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<p>Hello');
    },
    '/slow-start.jpg': (_request, response) => {
      setTimeout(() => serveImage(photo)(_request, response, 1), slowHeaders);
    },
    '/slow-body.jpg': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      response.write(photo);
      setTimeout(() => response.end(photo), slowHeaders);
    },
    '/big-declared.jpg': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': 1000 });
      response.end(new Uint8Array(1000));
    },
    '/big-streamed.jpg': (_request, response) => {
      response.writeHead(200, { 'content-type': 'image/jpeg' });
      for (let i = 0; i < 10; i++) response.write(new Uint8Array(50));
      response.end();
    },
    '/moved.jpg': (_request, response) => {
      response
        .writeHead(301, {
          location: `http://www.old.example:${p}/wp-content/uploads/2024/05/harbour.jpg`,
        })
        .end();
    },
    '/moved-relative.jpg': (_request, response) => {
      response.writeHead(302, { location: '/wp-content/uploads/2024/05/harbour.jpg' }).end();
    },
    '/moved-away.jpg': (_request, response) => {
      response.writeHead(302, { location: `http://other.example:${p}/harbour.jpg` }).end();
    },
    '/moved-inside.jpg': (_request, response) => {
      response.writeHead(307, { location: `http://media.old.example:${p}/harbour.jpg` }).end();
    },
    '/moved-to-ftp.jpg': (_request, response) => {
      response.writeHead(301, { location: 'ftp://old.example/harbour.jpg' }).end();
    },
    '/loop.jpg': (_request, response, hit) => {
      response.writeHead(302, { location: `/loop.jpg?${hit}` }).end();
    },
    '/slow-image.jpg': (_request, response) => {
      setTimeout(() => serveImage(photo)(_request, response, 1), 150);
    },
  });
  p = site.port;
});

afterAll(async () => {
  await site.close();
});

const source = (options: Partial<RemoteMediaOptions> = {}) =>
  remoteMediaSource({
    allowedHosts: [`old.example:${p}`, `media.old.example:${p}`, `split.old.example:${p}`],
    resolveName,
    testOnlyAllowedAddresses: ['127.0.0.1'],
    retryDelayMs: 10,
    ...options,
  });
const at = (path: string, host = 'old.example') => `http://${host}:${p}${path}`;
const requestsFor = (path: string) => site.requests.filter((r) => r === path).length;

describe('remoteMediaSource', () => {
  it('fetches a file from the old site, connecting to the address it checked', async () => {
    resolved.length = 0;
    const url = at('/wp-content/uploads/2024/05/harbour.jpg');
    expect(await source().get({ url })).toEqual({
      ok: true,
      bytes: photo,
      fileName: 'harbour.jpg',
    });
    expect(resolved).toEqual(['old.example']);
    expect(site.hosts.at(-1)).toBe(`old.example:${p}`);
    expect(await source().get({ url: at('/wp-content/uploads/2024/05/caf%C3%A9.jpg') })).toEqual({
      ok: true,
      bytes: photo,
      fileName: 'café.jpg',
    });
  });

  it('takes the www. form of an allowed host, and the bare form of an allowed www. host', async () => {
    const url = at('/wp-content/uploads/2024/05/harbour.jpg', 'www.old.example');
    expect((await source().get({ url })).ok).toBe(true);
    const fromWww = source({ allowedHosts: [`www.old.example:${p}`] });
    expect((await fromWww.get({ url: at('/wp-content/uploads/2024/05/harbour.jpg') })).ok).toBe(
      true,
    );
    const wholeAddress = source({ allowedHosts: [`http://old.example:${p}/blog/`] });
    expect((await wholeAddress.get({ url })).ok).toBe(true);
  });

  it('fetches nothing from another host, another port, or by another scheme', async () => {
    const before = site.requests.length;
    const other = at('/harbour.jpg', 'other.example');
    expect(await source().get({ url: other })).toEqual({
      ok: false,
      reason: `${other}: not fetched: other.example:${p} is not the old site's address.`,
    });
    const otherPort = 'http://old.example:1/harbour.jpg';
    expect(await source().get({ url: otherPort })).toEqual({
      ok: false,
      reason: `${otherPort}: not fetched: old.example:1 is not the old site's address.`,
    });
    expect(await source().get({ url: 'ftp://old.example/harbour.jpg' })).toEqual({
      ok: false,
      reason:
        'ftp://old.example/harbour.jpg: not fetched: only http and https addresses are fetched.',
    });
    expect(await source().get({ url: 'harbour.jpg' })).toEqual({
      ok: false,
      reason: 'harbour.jpg: not fetched: this is not a web address.',
    });
    expect(site.requests.length).toBe(before);
  });

  it('fetches nothing from a host with a private address among its addresses', async () => {
    const inside = at('/harbour.jpg', 'media.old.example');
    expect(await source().get({ url: inside })).toEqual({
      ok: false,
      reason: `${inside}: not fetched: media.old.example resolves to a private address.`,
    });
    const split = at('/harbour.jpg', 'split.old.example');
    expect(await source().get({ url: split })).toEqual({
      ok: false,
      reason: `${split}: not fetched: split.old.example resolves to a private address.`,
    });
  });

  it('fetches nothing from a loopback address unless a test names it', async () => {
    const before = site.requests.length;
    const literal = at('/wp-content/uploads/2024/05/harbour.jpg', '127.0.0.1');
    const strict = source({ allowedHosts: [`old.example:${p}`, `127.0.0.1:${p}`] });
    for (const url of [at('/wp-content/uploads/2024/05/harbour.jpg'), literal])
      expect(await strict.get({ url }).then((r) => r.ok)).toBe(true);
    const real = remoteMediaSource({
      allowedHosts: [`old.example:${p}`, `127.0.0.1:${p}`, `[::1]:${p}`],
      resolveName,
    });
    expect(await real.get({ url: at('/wp-content/uploads/2024/05/harbour.jpg') })).toEqual({
      ok: false,
      reason: `${at('/wp-content/uploads/2024/05/harbour.jpg')}: not fetched: old.example resolves to a private address.`,
    });
    expect(await real.get({ url: literal })).toEqual({
      ok: false,
      reason: `${literal}: not fetched: 127.0.0.1 resolves to a private address.`,
    });
    const six = `http://[::1]:${p}/harbour.jpg`;
    expect(await real.get({ url: six })).toEqual({
      ok: false,
      reason: `${six}: not fetched: ::1 resolves to a private address.`,
    });
    expect(site.requests.length).toBe(before + 2);
  });

  it('says when the host cannot be found', async () => {
    const lost = source({ allowedHosts: ['gone.example'] });
    expect(await lost.get({ url: 'https://gone.example/a.jpg' })).toEqual({
      ok: false,
      reason: 'https://gone.example/a.jpg: not fetched: gone.example could not be found.',
    });
  });

  it('tries again after a 503, and after a 429 waits as told, up to its limit', async () => {
    expect((await source().get({ url: at('/flaky.jpg') })).ok).toBe(true);
    expect(requestsFor('/flaky.jpg')).toBe(2);
    const started = Date.now();
    expect((await source({ maxRetryAfterMs: 300 }).get({ url: at('/busy.jpg') })).ok).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(requestsFor('/busy.jpg')).toBe(2);
  });

  it('gives up after three tries, saying so', async () => {
    expect(await source().get({ url: at('/down.jpg') })).toEqual({
      ok: false,
      reason: `${at('/down.jpg')}: the old site answered 503 (tried 3 times).`,
    });
    expect(requestsFor('/down.jpg')).toBe(3);
  });

  it('does not try again after a 404 or 403, nor for a web page instead of the file', async () => {
    expect(await source().get({ url: at('/missing.jpg') })).toEqual({
      ok: false,
      reason: `${at('/missing.jpg')}: the old site answered 404.`,
    });
    expect(await source().get({ url: at('/forbidden.jpg') })).toEqual({
      ok: false,
      reason: `${at('/forbidden.jpg')}: the old site answered 403.`,
    });
    expect(await source().get({ url: at('/page.jpg') })).toEqual({
      ok: false,
      reason: `${at('/page.jpg')}: the old site answered with a web page, not the file.`,
    });
    for (const path of ['/missing.jpg', '/forbidden.jpg', '/page.jpg'])
      expect(requestsFor(path)).toBe(1);
  });

  it('gives up on a site that is slow to answer or to send the file, and tries again', async () => {
    const impatient = source({ headersTimeoutMs: 100, timeoutMs: 200, tries: 2 });
    expect(await impatient.get({ url: at('/slow-start.jpg') })).toEqual({
      ok: false,
      reason: `${at('/slow-start.jpg')}: the old site did not answer within 0.1 s (tried 2 times).`,
    });
    expect(await impatient.get({ url: at('/slow-body.jpg') })).toEqual({
      ok: false,
      reason: `${at('/slow-body.jpg')}: took longer than 0.2 s (tried 2 times).`,
    });
    expect(requestsFor('/slow-body.jpg')).toBe(2);
  });

  it('refuses a file over the limit, declared or while it streams, without trying again', async () => {
    const small = source({ maxBytes: 100 });
    for (const path of ['/big-declared.jpg', '/big-streamed.jpg']) {
      expect(await small.get({ url: at(path) })).toEqual({
        ok: false,
        reason: `${at(path)}: larger than ${100 / 1024 / 1024} MB, Quire's limit for images.`,
      });
      expect(requestsFor(path)).toBe(1);
    }
  });

  it('follows redirects to an allowed host, checking each hop again', async () => {
    const before = site.hosts.length;
    expect(await source().get({ url: at('/moved.jpg') })).toEqual({
      ok: true,
      bytes: photo,
      fileName: 'moved.jpg',
    });
    expect(site.hosts.slice(before)).toEqual([`old.example:${p}`, `www.old.example:${p}`]);
    expect((await source().get({ url: at('/moved-relative.jpg') })).ok).toBe(true);
  });

  it('stops at a redirect to another host, a private one, another scheme, or the sixth', async () => {
    expect(await source().get({ url: at('/moved-away.jpg') })).toEqual({
      ok: false,
      reason: `${at('/moved-away.jpg')}: not fetched: other.example:${p} is not the old site's address.`,
    });
    expect(await source().get({ url: at('/moved-inside.jpg') })).toEqual({
      ok: false,
      reason: `${at('/moved-inside.jpg')}: not fetched: media.old.example resolves to a private address.`,
    });
    expect(await source().get({ url: at('/moved-to-ftp.jpg') })).toEqual({
      ok: false,
      reason: `${at('/moved-to-ftp.jpg')}: not fetched: only http and https addresses are fetched.`,
    });
    expect(await source().get({ url: at('/loop.jpg') })).toEqual({
      ok: false,
      reason: `${at('/loop.jpg')}: not fetched: the old site redirected more than 5 times.`,
    });
    expect(site.hosts).not.toContain(`other.example:${p}`);
    expect(site.requests.filter((r) => r.startsWith('/loop.jpg')).length).toBe(6);
  });

  it('says when the old site cannot be reached, after trying again', async () => {
    const closed = await startOldSite({});
    await closed.close();
    const url = `http://old.example:${closed.port}/a.jpg`;
    const gone = source({ allowedHosts: [`old.example:${closed.port}`] });
    expect(await gone.get({ url })).toEqual({
      ok: false,
      reason: `${url}: the old site could not be reached (ECONNREFUSED) (tried 3 times).`,
    });
  });

  it('refuses an old site whose certificate is not trusted, without trying again', async () => {
    const tls = await startOldSite({ '/a.jpg': serveImage(photo) }, { https: true });
    try {
      const url = `https://old.example:${tls.port}/a.jpg`;
      const secure = source({ allowedHosts: [`old.example:${tls.port}`] });
      expect(await secure.get({ url })).toEqual({
        ok: false,
        reason: `${url}: not fetched: the old site's certificate was refused (DEPTH_ZERO_SELF_SIGNED_CERT). Give a copy of its uploads folder instead.`,
      });
      expect(tls.connections).toBe(1);
      expect(tls.requests).toEqual([]);
    } finally {
      await tls.close();
    }
  });

  it('fetches at most four files at once by default, or as many as asked', async () => {
    const wanted = Array.from({ length: 12 }, () => ({ url: at('/slow-image.jpg') }));
    site.mostAtOnce = 0;
    const four = source();
    const results = await Promise.all(wanted.map((w) => four.get(w)));
    expect(results.every((r) => r.ok)).toBe(true);
    expect(site.mostAtOnce).toBe(4);
    site.mostAtOnce = 0;
    const two = source({ concurrency: 2 });
    await Promise.all(wanted.map((w) => two.get(w)));
    expect(site.mostAtOnce).toBe(2);
  });
});
