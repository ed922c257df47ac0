import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
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
  /** Connections opened, TLS handshakes that failed included. */
  connections: number;
  close: () => Promise<void>;
};

/**
 * A self-signed certificate for `old.example` (100 years), made for these tests alone: no one
 * trusts it, so HTTPS to the stand-in shows what an old site with a bad certificate does.
 */
const testOnlyCertificate = () => {
  const file = (name: string) =>
    readFileSync(new URL(`../fixtures/import/tls/${name}`, import.meta.url));
  return { key: file('old-site-test-only.key'), cert: file('old-site-test-only.crt') };
};

export async function startOldSite(
  routes: Record<string, OldSiteRoute>,
  { https = false } = {},
): Promise<OldSiteStandIn> {
  const hits = new Map<string, number>();
  let open = 0;
  const site: OldSiteStandIn = {
    port: 0,
    requests: [],
    hosts: [],
    mostAtOnce: 0,
    connections: 0,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
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
  };
  const server = https ? createTlsServer(testOnlyCertificate(), handle) : createServer(handle);
  server.on('connection', () => site.connections++);
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
