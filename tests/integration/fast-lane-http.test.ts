import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstPostPath } from '../support/first-post-path.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/**
 * The fast lane on the built site (decision 0072): a cached page it answers reads byte for byte
 * (but the date) as node:http's answer to the same request. A head sent in two pieces is never
 * the lane's, so the same request sent whole and in pieces compares the two.
 */
describe('cached pages answered on the connection', () => {
  let server: TestServer;
  let post: string;

  beforeAll(async () => {
    // The content checked once a second, as sites run (the tests' usual 0 checks on every
    // request, which the lane leaves to the front).
    server = await startTestServer({ CACHE_VERSION_CHECK_MS: '60000' });
    post = firstPostPath(await (await fetch(server.url)).text()) as string;
    expect(post).toBeTruthy();
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  /** The raw answer to one request on its own connection, sent whole or in two pieces. */
  async function rawAnswer(request: string, pieces: 1 | 2): Promise<string> {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    if (pieces === 1) socket.write(request);
    else {
      socket.write(request.slice(0, 20));
      await new Promise((resolve) => setTimeout(resolve, 50));
      socket.write(request.slice(20));
    }
    // Each answer names its length; the connection stays open, so read until it is all here.
    for (;;) {
      await new Promise((resolve) => socket.once('data', resolve));
      const text = Buffer.concat(received).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\nContent-Length: (\d+)/i.exec(text)?.[1] ?? 0);
      const bodiless = request.startsWith('HEAD') || text.startsWith('HTTP/1.1 304');
      if (end !== -1 && text.length >= end + 4 + (bodiless ? 0 : length)) {
        socket.destroy();
        return text.replace(/\r\nDate: [^\r]+/, '');
      }
    }
  }

  it.each([
    ['gzip', 'GET', { 'Accept-Encoding': 'gzip, deflate, br, zstd' }],
    ['identity', 'GET', {}],
    ['HEAD', 'HEAD', { 'Accept-Encoding': 'gzip' }],
    ['a query the page ignores', 'GET', { 'Accept-Encoding': 'gzip' }, '?utm_source=feed'],
    ['a made-up session cookie', 'GET', { Cookie: 'quire_session=made.up' }],
  ])('the same answer either way: %s', async (_, method, headers, query = '') => {
    const lines = Object.entries({ Host: 'localhost', Accept: 'text/html', ...headers })
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const request = `${method} ${post}${query} HTTP/1.1\r\n${lines}\r\n`;
    // The first fills the cache.
    await rawAnswer(request, 2);
    const fromNode = await rawAnswer(request, 2);
    const fromLane = await rawAnswer(request, 1);
    expect(fromNode).toContain('X-Cache: HIT');
    expect(fromLane).toBe(fromNode);
  });

  it('the same 304 either way for the ETag the client holds', async () => {
    const page = await fetch(`${server.url}${post}`);
    const etag = page.headers.get('etag') as string;
    const request = `GET ${post} HTTP/1.1\r\nHost: localhost\r\nIf-None-Match: ${etag}\r\n\r\n`;
    const fromNode = await rawAnswer(request, 2);
    expect(fromNode).toMatch(/^HTTP\/1\.1 304 /);
    expect(await rawAnswer(request, 1)).toBe(fromNode);
  });
});
