import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signedSessionValue } from '../features/admin/server/session-signature.ts';
import { PageCache } from '../platform/cache/page-cache.ts';
import { sessionCookieName } from '../platform/cookies.ts';
import type { AppContext } from './boot.ts';
import { type AstroHandler, createRequestListener } from './http-front.ts';
import { httpMessages } from './http-messages.ts';
import { RenderQueue } from './render-queue.ts';

/** What the front reads of the app on a request it hands to Astro: a page cache that keeps nothing. */
function frontApp(): AppContext {
  const pageCache = new PageCache({
    maxBytes: 0,
    checkEveryMs: 60_000,
    readState: async () => ({ version: '1', validUntil: undefined }),
  });
  return {
    config: { siteUrl: 'http://127.0.0.1' },
    secret: 'a'.repeat(32),
    pageCache,
    log: { error: () => {}, warn: () => {}, info: () => {} },
  } as unknown as AppContext;
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  server = undefined;
});

/** A site whose renders wait until `release` is called, one render at a time and one waiting. */
async function siteWithSlowRenders() {
  const started: string[] = [];
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const astro: AstroHandler = async (req, res) => {
    started.push(req.url ?? '');
    await released;
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(`rendered ${req.url}`);
  };
  const listener = createRequestListener(frontApp(), astro, new Map(), {
    bodyTimeoutMs: 5000,
    renders: new RenderQueue({ inFlight: 1, waiting: 1 }),
  });
  server = createServer(listener);
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, started, release };
}

describe('the HTTP front under a burst of renders (decision 0068)', () => {
  it('renders one at a time, lets one wait, and answers the next 503 with Retry-After at once', async () => {
    const site = await siteWithSlowRenders();
    const first = fetch(`${site.url}/first/`);
    await expect.poll(() => site.started).toEqual(['/first/']);
    const second = fetch(`${site.url}/second/`);
    // The second waits in line: nothing renders it while the first holds the only place.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(site.started).toEqual(['/first/']);
    const refused = await fetch(`${site.url}/third/`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(await refused.text()).toBe(`${httpMessages.busy}\n`);
    const refusedAjax = await fetch(`${site.url}/ajax`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'action=qforms_submit',
    });
    expect(refusedAjax.status).toBe(503);
    expect(await refusedAjax.json()).toEqual({
      success: false,
      data: { message: httpMessages.busy },
    });
    // The owner, signed in, is never held in the line: a download may stream for minutes.
    const owner = fetch(`${site.url}/admin/`, {
      headers: { cookie: `${sessionCookieName}=${signedSessionValue('a'.repeat(32), 'token')}` },
    });
    await expect.poll(() => site.started).toEqual(['/first/', '/admin/']);
    site.release();
    expect((await owner).status).toBe(200);
    const answers = await Promise.all([first, second]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await answers[1]?.text()).toBe('rendered /second/');
    expect(site.started).toEqual(['/first/', '/admin/', '/second/']);
  });
});
