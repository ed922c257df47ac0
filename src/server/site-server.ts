import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { FastLane, type LaneAnswer } from './fast-lane.ts';
import { closeServer } from './graceful-stop.ts';

type Listener = (request: IncomingMessage, response: ServerResponse) => void;

/**
 * The site's HTTP server, made before the app is loaded. Listening at once (`listenNow`), it
 * takes connections while the process still loads and boots Quire: the requests wait, in the
 * order they came, for `serve` to hand them to the app. A site started again under load then
 * holds its visitors' connections instead of refusing them, and their clients stop retrying
 * in a loop that took a core from the start itself (decision 0070).
 */
export class SiteServer {
  readonly server: Server;
  #listener: Listener | undefined;
  #waiting: [IncomingMessage, ServerResponse][] = [];
  readonly #lane: FastLane;

  constructor() {
    this.server = createServer(
      {
        keepAliveTimeout: 5000,
        headersTimeout: 10_000,
        // The whole-request backstop, set by the app from its largest upload (serving-process).
        requestTimeout: 0,
        connectionsCheckingInterval: 1000,
        // Room for a forged beacon hit's 100 KB query, so it is answered and counted as dropped
        // rather than refused by Node's parser; every other long address still gets a 414.
        maxHeaderSize: 128 * 1024,
      },
      (request, response) => {
        if (this.#listener) this.#listener(request, response);
        else this.#waiting.push([request, response]);
      },
    );
    // Every connection meets the fast lane first; node:http's own listener takes the rest.
    const [httpConnection] = this.server.listeners('connection') as [(socket: Socket) => void];
    this.server.off('connection', httpConnection);
    this.#lane = new FastLane(this.server, (socket) => httpConnection.call(this.server, socket));
    this.server.on('connection', (socket: Socket) => this.#lane.adopt(socket));
  }

  /** Whether it listens already (or has been asked to). */
  get listening(): boolean {
    return this.server.listening;
  }

  /** Listens on HOST:PORT; a problem (the port taken meanwhile) goes to `onError`. */
  listen(host: string, port: number, onError: (error: Error) => void): Promise<void> {
    this.server.on('error', onError);
    return new Promise((resolve) => this.server.listen(port, host, resolve));
  }

  /**
   * From now on the app answers, first the requests that waited; `fastAnswer` answers what it
   * can of new connections' plain requests before node:http reads them (fast-lane.ts).
   */
  serve(listener: Listener, fastAnswer?: LaneAnswer): void {
    this.#listener = listener;
    if (fastAnswer) this.#lane.answerWith(fastAnswer);
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const [request, response] of waiting) {
      if (!request.socket.destroyed) listener(request, response);
    }
  }

  /**
   * Stops taking connections and resolves once every request in flight is answered; idle
   * connections close at once, any still open after `graceMs` then (graceful-stop.ts).
   */
  close(graceMs: number): Promise<void> {
    this.#lane.stop();
    return closeServer(this.server, graceMs, () => this.#lane.closeAll());
  }
}
