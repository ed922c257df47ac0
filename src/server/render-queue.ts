/** A render waiting for a place: run it, or drop it when its client has gone. */
type Waiting = { start: () => void; drop: () => void; wanted: () => boolean };

/**
 * Bounds the renders one serving process has in flight: a burst of requests for pages the page
 * cache cannot answer waits in line instead of each growing the heap at once (decision 0068).
 * Only when the line is full is a request refused (the caller answers 503 with Retry-After).
 */
export class RenderQueue {
  readonly #inFlight: number;
  readonly #waiting: number;
  readonly #line: Waiting[] = [];
  #running = 0;

  constructor(limits: { inFlight: number; waiting: number }) {
    this.#inFlight = limits.inFlight;
    this.#waiting = limits.waiting;
  }

  /** Renders under way and waiting, for the start-up log and tests. */
  get state(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#line.length };
  }

  /**
   * Runs `render` as soon as a place is free and resolves when it has finished; undefined, with
   * nothing run, when the line is full. `wanted` is asked before a render that waited starts:
   * a client that closed its connection meanwhile costs no render.
   */
  run(render: () => Promise<void>, wanted: () => boolean): Promise<void> | undefined {
    if (this.#running < this.#inFlight) return this.#start(render);
    if (this.#line.length >= this.#waiting) return undefined;
    return new Promise<void>((resolve, reject) => {
      this.#line.push({
        start: () => this.#start(render).then(resolve, reject),
        drop: resolve,
        wanted,
      });
    });
  }

  async #start(render: () => Promise<void>): Promise<void> {
    this.#running++;
    try {
      await render();
    } finally {
      this.#running--;
      this.#next();
    }
  }

  #next(): void {
    while (this.#running < this.#inFlight) {
      const waiting = this.#line.shift();
      if (!waiting) return;
      if (waiting.wanted()) {
        waiting.start();
        return;
      }
      waiting.drop();
    }
  }
}
