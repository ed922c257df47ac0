import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

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

  /** From now on the app answers, first the requests that waited. */
  serve(listener: Listener): void {
    this.#listener = listener;
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const [request, response] of waiting) {
      if (!request.socket.destroyed) listener(request, response);
    }
  }
}
