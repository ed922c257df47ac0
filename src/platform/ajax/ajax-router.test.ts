import { describe, expect, it } from 'vitest';
import { AjaxRouter, ajaxMessages, readPostedFields } from './ajax-router.ts';

const multipart = (boundary: string, parts: Record<string, string>) =>
  new Request('http://site.test/ajax', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body: `${Object.entries(parts)
      .map(
        ([name, value]) =>
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      )
      .join('')}--${boundary}--\r\n`,
  });

describe('readPostedFields', () => {
  it('reads a browser multipart body whose boundary has capital letters', async () => {
    const posted = await readPostedFields(
      multipart('----WebKitFormBoundaryAbCdEf', { action: 'x', 'qforms[fields][1]': 'Ada' }),
      { maxBytes: 10_000, maxFields: 10 },
    );
    expect(posted.ok && posted.fields.entries).toEqual([
      ['action', 'x'],
      ['qforms[fields][1]', 'Ada'],
    ]);
  });

  it('refuses bodies over the size limit before reading them all, and too many fields', async () => {
    const big = await readPostedFields(
      new Request('http://site.test/ajax', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `a=${'x'.repeat(2000)}`,
      }),
      { maxBytes: 1000, maxFields: 10 },
    );
    expect(big).toEqual({ ok: false, status: 413, message: ajaxMessages.tooLarge });
    const many = await readPostedFields(
      new Request('http://site.test/ajax', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=1&b=2&c=3',
      }),
      { maxBytes: 1000, maxFields: 2 },
    );
    expect(many).toEqual({ ok: false, status: 413, message: ajaxMessages.tooManyFields });
  });
});

/** The router's view of the shared rate-limit table: calls counted per scope and client. */
function countingLimiter() {
  const counts = new Map<string, number>();
  return {
    counts,
    take: async ({ who }: { who: string }, rule: { scope: string; limit: number }) => {
      const key = `${rule.scope} ${who}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      const allowed = (counts.get(key) ?? 0) <= rule.limit;
      return { allowed, retryAfterSeconds: allowed ? 0 : 42 };
    },
  };
}

describe('AjaxRouter', () => {
  const limiter = countingLimiter();
  const failures: string[] = [];
  const router = new AjaxRouter<{ who: string }>({
    takeRateLimit: limiter.take,
    onError: (error, action, { who }) => failures.push(`${action} ${who}: ${String(error)}`),
  }).register(
    {
      name: 'roomy',
      maxBodyBytes: 1000,
      maxFields: 10,
      rateLimit: { limit: 100, windowMs: 60_000 },
      handle: async () => ({ success: true, data: null }),
    },
    {
      name: 'echo',
      maxBodyBytes: 100,
      maxFields: 3,
      rateLimit: { limit: 100, windowMs: 60_000 },
      refusal: (message) => ({ shaped: message }),
      handle: async (fields, _request, context) => ({
        success: true,
        data: { word: fields.get('word'), who: context.who },
      }),
    },
    {
      name: 'scarce',
      maxBodyBytes: 100,
      maxFields: 3,
      rateLimit: { limit: ({ who }) => (who === 'owner' ? 3 : 2), windowMs: 60_000 },
      handle: async () => ({ success: true, data: 'ran' }),
    },
    {
      name: 'failing',
      maxBodyBytes: 100,
      maxFields: 3,
      rateLimit: { limit: 100, windowMs: 60_000 },
      refusal: (message) => ({ shaped: message }),
      handle: async () => {
        throw new Error('connection lost');
      },
    },
    {
      name: 'self-counting',
      maxBodyBytes: 100,
      maxFields: 3,
      rateLimit: 'counted-by-action',
      handle: async () => ({ success: true, data: 'ran' }),
    },
  );
  const post = (body: string, who = 'tester') =>
    router.handle(
      new Request('http://site.test/ajax', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body,
      }),
      { who },
    );

  it('hands an action its fields and context and answers JSON', async () => {
    const response = await post('action=echo&word=hi');
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ success: true, data: { word: 'hi', who: 'tester' } });
  });

  it('lets the action word its own refusals', async () => {
    const response = await post('action=echo&a=1&b=2&c=3');
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      success: false,
      data: { shaped: ajaxMessages.tooManyFields },
    });
  });

  it('refuses unknown actions and other methods', async () => {
    expect((await post('action=nope')).status).toBe(400);
    const get = await router.handle(new Request('http://site.test/ajax'), { who: 'x' });
    expect(get.status).toBe(405);
  });

  it("counts every call against the action's limit before it runs, per client", async () => {
    expect((await (await post('action=scarce', 'visitor')).json()).data).toBe('ran');
    expect((await (await post('action=scarce', 'visitor')).json()).data).toBe('ran');
    const refused = await post('action=scarce', 'visitor');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('42');
    expect(await refused.json()).toEqual({
      success: false,
      data: { message: ajaxMessages.tooManyRequests(42) },
    });
    // Another client, and a limit that depends on the context.
    expect((await post('action=scarce', 'other')).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await post('action=scarce', 'owner')).status).toBe(200);
    expect((await post('action=scarce', 'owner')).status).toBe(429);
    expect(limiter.counts.get('ajax:scarce visitor')).toBe(3);
  });

  it('leaves the counting to an action that counts in its own transaction', async () => {
    for (let i = 0; i < 5; i++) expect((await post('action=self-counting')).status).toBe(200);
    expect([...limiter.counts.keys()].some((key) => key.includes('self-counting'))).toBe(false);
  });

  it('knows the largest body any action reads', () => {
    expect(router.largestBody).toBe(1000);
  });

  it('answers a failed action with a 503 in its own shape, and reports the error', async () => {
    const response = await post('action=failing');
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toBe('5');
    expect(await response.json()).toEqual({
      success: false,
      data: { shaped: ajaxMessages.unavailable },
    });
    expect(failures).toEqual(['failing tester: Error: connection lost']);
  });
});
