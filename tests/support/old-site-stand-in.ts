import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for an old WordPress or Ghost site that an import fetches media from. Each
 * path (query aside) answers through its own handler, given how many times that path and query
 * was asked for (1 first);
 * a path without a handler answers 404. Every request is kept, and the most requests it ever
 * had open at once, so tests see what reached the site.
 */
export type OldSiteRoute = (
  request: IncomingMessage,
  response: ServerResponse,
  hit: number,
) => void | Promise<void>;

export type OldSiteStandIn = {
  port: number;
  /** Paths asked for, in order. */
  requests: string[];
  /** The host header of each request, in order. */
  hosts: string[];
  mostAtOnce: number;
  close: () => Promise<void>;
};

export async function startOldSite(routes: Record<string, OldSiteRoute>): Promise<OldSiteStandIn> {
  const hits = new Map<string, number>();
  let open = 0;
  const site: OldSiteStandIn = {
    port: 0,
    requests: [],
    hosts: [],
    mostAtOnce: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer(async (request, response) => {
    const path = request.url ?? '/';
    site.requests.push(path);
    site.hosts.push(request.headers.host ?? '');
    open++;
    site.mostAtOnce = Math.max(site.mostAtOnce, open);
    response.on('close', () => open--);
    const hit = (hits.get(path) ?? 0) + 1;
    hits.set(path, hit);
    const route = routes[path.replace(/\?.*$/, '')];
    if (route === undefined)
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    else await route(request, response, hit);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  site.port = (server.address() as AddressInfo).port;
  return site;
}

/** Answers the bytes as a JPEG. */
export const serveImage =
  (bytes: Uint8Array): OldSiteRoute =>
  (_request, response) => {
    response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': bytes.length });
    response.end(bytes);
  };
