import { describe, expect, it } from 'vitest';
import { signedSessionValue } from '../features/admin/server/session-signature.ts';
import { PageCache } from '../platform/cache/page-cache.ts';
import { sessionCookieName } from '../platform/cookies.ts';
import type { AppContext } from './boot.ts';
import { createCachedAnswer } from './http-front.ts';
import type { PlainHead } from './request-head.ts';
import type { StaticFile } from './static-files.ts';

const secret = 'a'.repeat(32);

/** An app whose page cache holds `/a-post/` and a redirect, its state read `checkEveryMs` ago. */
async function appWithCachedPost(options: { checkEveryMs?: number } = {}) {
  let now = 1_000_000;
  const pageCache = new PageCache({
    maxBytes: 1024 * 1024,
    checkEveryMs: options.checkEveryMs ?? 1000,
    readState: async () => ({ version: '1', validUntil: undefined }),
    now: () => now,
  });
  await pageCache.refresh();
  await pageCache.set('/a-post/', {
    status: 200,
    headers: [['content-type', 'text/html']],
    body: Buffer.from('<p>a post</p>'),
  });
  await pageCache.set('/old/', {
    status: 301,
    headers: [],
    body: Buffer.alloc(0),
    redirect: '/new/',
  });
  const app = { secret, pageCache } as unknown as AppContext;
  const staticFiles = new Map<string, StaticFile>([
    [
      '/favicon.svg',
      {
        body: Buffer.from('<svg/>'),
        gzip: undefined,
        type: 'image/svg+xml',
        etag: '"f"',
        immutable: false,
      },
    ],
  ]);
  const answer = createCachedAnswer(app, staticFiles);
  /** The answer, which must not be a wait. */
  const reply = (request: PlainHead) => {
    const outcome = answer(request);
    if (outcome instanceof Promise) throw new Error('The answer waits for a check');
    return outcome;
  };
  return { answer, reply, pageCache, later: (ms: number) => (now += ms) };
}

function head(
  target: string,
  headers: Record<string, string> = {},
  method: 'GET' | 'HEAD' = 'GET',
): PlainHead {
  return { method, target, headers: new Map(Object.entries({ host: 'blog.example', ...headers })) };
}

describe('the cached answer of the fast lane (decision 0072)', () => {
  it('answers a cached page as the front does: 200 with its body, 304 to its ETag, HEAD bodiless', async () => {
    const { reply: answer } = await appWithCachedPost();
    const page = answer(head('/a-post/'));
    expect(page?.status).toBe(200);
    expect(page?.body?.toString()).toBe('<p>a post</p>');
    expect(Object.fromEntries(page?.headers ?? [])).toMatchObject({ 'X-Cache': 'HIT' });
    const etag = Object.fromEntries(page?.headers ?? []).ETag as string;
    expect(answer(head('/a-post/', { 'if-none-match': etag }))?.status).toBe(304);
    expect(answer(head('/a-post/', {}, 'HEAD'))?.body).toBeUndefined();
    // A made-up session cookie, or a query the page ignores, is the same cached page.
    const madeUp = { cookie: `${sessionCookieName}=forged.value` };
    expect(answer(head('/a-post/', madeUp))?.status).toBe(200);
    expect(answer(head('/a-post/?utm_source=feed'))?.status).toBe(200);
  });

  it('says its answer holds only while the page is the one kept and no check is due', async () => {
    const { reply, later, pageCache } = await appWithCachedPost();
    const page = reply(head('/a-post/'));
    expect(page?.stillGiven?.()).toBe(true);
    await pageCache.set('/a-post/', {
      status: 200,
      headers: [['content-type', 'text/html']],
      body: Buffer.from('<p>a post, edited</p>'),
    });
    expect(page?.stillGiven?.()).toBe(false);
    const edited = reply(head('/a-post/'));
    expect(edited?.stillGiven?.()).toBe(true);
    later(1000);
    expect(edited?.stillGiven?.()).toBe(false);
  });

  it.each([
    ['a page not cached', head('/another/')],
    ['a redirect (its Location carries the query)', head('/old/?a=1')],
    ['a built file', head('/favicon.svg')],
    ['a beacon hit', head('/?qstat=1&p=1')],
    ['an address the front refuses', head('/a-post/%zz')],
    ['an address for POST only', head('/ajax')],
    [
      'a signed-in owner',
      head('/a-post/', { cookie: `${sessionCookieName}=${signedSessionValue(secret, 'token')}` }),
    ],
    ['credentials', head('/a-post/', { authorization: 'Basic eDp5' })],
  ])('leaves %s to the front', async (_, request) => {
    const { answer } = await appWithCachedPost();
    expect(answer(request)).toBeUndefined();
  });

  it('waits while the content is checked, then answers; leaves all to the front checking always', async () => {
    const { answer, later } = await appWithCachedPost();
    later(1000);
    const check = answer(head('/a-post/'));
    expect(check).toBeInstanceOf(Promise);
    await check;
    expect(answer(head('/a-post/'))).toMatchObject({ status: 200 });
    const { answer: checkingAlways } = await appWithCachedPost({ checkEveryMs: 0 });
    expect(checkingAlways(head('/a-post/'))).toBeUndefined();
  });
});
