import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SiteServer } from './site-server.ts';

let site: SiteServer | undefined;
afterEach(async () => {
  site?.server.closeAllConnections();
  await new Promise((resolve) => site?.server.close(resolve) ?? resolve(undefined));
  site = undefined;
});

async function listening(): Promise<{ site: SiteServer; url: string }> {
  site = new SiteServer();
  await site.listen('127.0.0.1', 0, (error) => {
    throw error;
  });
  const { port } = site.server.address() as AddressInfo;
  return { site, url: `http://127.0.0.1:${port}` };
}

/** The first `count` requests the server sees, once it has seen them. */
function untilRequests(server: SiteServer['server'], count: number): Promise<IncomingMessage[]> {
  const seen: IncomingMessage[] = [];
  return new Promise((resolve) => {
    server.on('request', (request: IncomingMessage) => {
      if (seen.push(request) === count) resolve(seen);
    });
  });
}

describe('SiteServer (decision 0070)', () => {
  it('holds requests that come before the app is ready and answers them in order once it is', async () => {
    const { site, url } = await listening();
    const arrived = untilRequests(site.server, 2);
    const first = fetch(`${url}/first`);
    const second = fetch(`${url}/second`);
    await arrived;
    const answered: string[] = [];
    site.serve((request, response) => {
      answered.push(request.url ?? '');
      response.end(`app: ${request.url}`);
    });
    expect(await (await first).text()).toBe('app: /first');
    expect(await (await second).text()).toBe('app: /second');
    expect(answered).toEqual(['/first', '/second']);
    // Later requests go to the app directly.
    expect(await (await fetch(`${url}/third`)).text()).toBe('app: /third');
  });

  it('drops a waiting request whose client went away', async () => {
    const { site, url } = await listening();
    const arrived = untilRequests(site.server, 1);
    const abandon = new AbortController();
    const gone = fetch(`${url}/gone`, { signal: abandon.signal }).catch(() => undefined);
    const [request] = await arrived;
    const closed = new Promise((resolve) => request!.socket.once('close', resolve));
    abandon.abort();
    await gone;
    await closed;
    const answered: string[] = [];
    site.serve((request, response) => {
      answered.push(request.url ?? '');
      response.end();
    });
    await fetch(`${url}/here`);
    expect(answered).toEqual(['/here']);
  });

  it('says when it cannot listen', async () => {
    const { url } = await listening();
    const port = Number(new URL(url).port);
    const second = new SiteServer();
    const problem = await new Promise<Error>((resolve) => {
      void second.listen('127.0.0.1', port, resolve);
    });
    expect((problem as { code?: string }).code).toBe('EADDRINUSE');
  });
});
