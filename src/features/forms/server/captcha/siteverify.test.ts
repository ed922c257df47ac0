import { describe, expect, it } from 'vitest';
import { siteverify } from './siteverify.ts';

type Call = { url: string; init: RequestInit | undefined };

/** The form a recorded call posted. */
const postedForm = (call: Call | undefined) =>
  new URLSearchParams(call?.init?.body as URLSearchParams);

/** A fetch that records each call and answers as `reply` says. */
function fakeFetch(reply: () => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetchImpl = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    return reply();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const request = {
  url: 'https://verify.example/siteverify',
  secret: 'the-secret',
  token: 'a-token',
  remoteIp: '203.0.113.7',
};

describe('siteverify', () => {
  it('posts secret, response and remoteip form-encoded, and passes on success', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json({ success: true, 'error-codes': [] }));
    expect(await siteverify(request, fetchImpl)).toEqual({ verdict: 'verified' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(request.url);
    expect(calls[0]?.init?.method).toBe('POST');
    expect(Object.fromEntries(postedForm(calls[0]))).toEqual({
      secret: 'the-secret',
      response: 'a-token',
      remoteip: '203.0.113.7',
    });
  });

  it('leaves remoteip out when the client is not an address', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json({ success: true }));
    await siteverify({ ...request, remoteIp: 'unknown' }, fetchImpl);
    expect(postedForm(calls[0]).has('remoteip')).toBe(false);
  });

  it('refuses with the service’s error codes', async () => {
    const { fetchImpl } = fakeFetch(() =>
      json({ success: false, 'error-codes': ['invalid-input-response'] }),
    );
    expect(await siteverify(request, fetchImpl)).toEqual({
      verdict: 'refused',
      errorCodes: ['invalid-input-response'],
    });
  });

  it('asks nothing for a missing token', async () => {
    const { calls, fetchImpl } = fakeFetch(() => json({ success: true }));
    expect(await siteverify({ ...request, token: '  ' }, fetchImpl)).toEqual({
      verdict: 'missing',
    });
    expect(await siteverify({ ...request, token: undefined }, fetchImpl)).toEqual({
      verdict: 'missing',
    });
    expect(calls).toHaveLength(0);
  });

  it('never passes what is not the documented success: errors, other answers, no answer', async () => {
    const failing = [
      () => json({ error: 'down' }, 500),
      () => json({ 'error-codes': [] }),
      () => json({ success: 'true' }),
      () => new Response('<html>', { status: 200 }),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    const verdicts = [];
    for (const reply of failing) {
      verdicts.push((await siteverify(request, fakeFetch(reply).fetchImpl)).verdict);
    }
    expect(verdicts).toEqual([
      'unreachable',
      'unreachable',
      'refused',
      'unreachable',
      'unreachable',
    ]);
  });
});
