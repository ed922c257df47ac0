import { type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { maxPlainHeadBytes, type PlainHead, readPlainHead } from './request-head.ts';

/** An answer written whole, as `writeHead(status, headers)` then `end(body)` would write it. */
export type LaneReply = {
  status: number;
  headers: readonly (readonly [string, string])[];
  body: Buffer | undefined;
  /**
   * Whether the same head would still get this answer: then, within the second, the same head
   * gets it without being read and answered again.
   */
  stillGiven?: () => boolean;
};

/**
 * The answer to a plain request; undefined to hand it (and its connection) to the app; or a
 * promise to wait for before asking again (the page cache reading the content's version).
 */
export type LaneAnswer = (head: PlainHead) => LaneReply | Promise<void> | undefined;

/** A head's bytes are made once per header list (cached pages share theirs, page-cache.ts). */
const headBytes = new WeakMap<object, { status: number; bytes: Buffer }>();
/** What is not a header value's character to Node (`checkInvalidHeaderChar`). */
const invalidValue = /[^\t\x20-\x7e\x80-\xff]/;

/** Kinds of answer kept whole within one second (a page's gzip form, its 304, …). */
const madePerSecond = 64;
/** Heads whose answers are remembered within one second, and the longest remembered. */
const headsPerSecond = 256;
const rememberedHeadChars = 2048;

/** Answers to pipelined requests buffered at most, about, before the client must take them. */
const pipelinedBytes = 256 * 1024;

/** Whether written bytes wait for the client, and `drain` will say when it took them. */
function waitsForClient(socket: Socket): boolean {
  return socket.writableNeedDrain && socket.writableLength > 0;
}

/**
 * The fast lane (decision 0072): answers a cached page on the connection itself, before Node's
 * HTTP parser and response objects, which cost a cached page more than half of its time. It
 * reads only whole, plain heads (request-head.ts) that `answer` can answer at once; at the
 * first request it cannot, it hands the connection, with the bytes not yet answered, to
 * `node:http` for the rest of its life, so pipelined and later requests keep their order.
 * What it writes is what `node:http` writes for the same answer, byte for byte but the date.
 */
export class FastLane {
  readonly #server: Server;
  readonly #handOver: (socket: Socket) => void;
  #answer: LaneAnswer | undefined;
  #stopping = false;
  readonly #sockets = new Set<Socket>();
  /** Connections whose request waits for what its answer waits for (a content check). */
  readonly #waiting = new Set<Socket>();
  #dateSecond = -1;
  #closingLines: Buffer = Buffer.alloc(0);
  /** This second's whole answers, by the header list of their kind (page-cache.ts). */
  readonly #made = new Map<object, { status: number; body: Buffer | undefined; bytes: Buffer }>();
  /** This second's answers by the head they answered (those that say how long they hold). */
  readonly #answered = new Map<string, { reply: LaneReply; body: Buffer | undefined }>();

  /** `handOver` is `node:http`'s own connection listener of `server`. */
  constructor(server: Server, handOver: (socket: Socket) => void) {
    this.#server = server;
    this.#handOver = handOver;
  }

  /** From now on, plain requests `answer` can answer are answered here. */
  answerWith(answer: LaneAnswer): void {
    this.#answer = answer;
  }

  /** A new connection: the lane reads it while it can, else `node:http` at once. */
  adopt(socket: Socket): void {
    const answer = this.#answer;
    if (!answer || this.#stopping) {
      this.#handOver(socket);
      return;
    }
    this.#sockets.add(socket);
    const onDrain = () => socket.resume();
    const onTimeout = () => socket.destroy();
    const onError = () => socket.destroy();
    const onEnd = () => socket.end();
    const onClose = () => {
      this.#sockets.delete(socket);
      this.#waiting.delete(socket);
    };
    let handedOver = false;
    const handOver = (rest: Buffer) => {
      if (handedOver) return;
      handedOver = true;
      this.#waiting.delete(socket);
      for (const [event, listener] of listeners) socket.off(event, listener);
      socket.setTimeout(0);
      this.#sockets.delete(socket);
      // Paused, so that nothing flows before node:http listens; then its parser reads `rest`
      // first, and what comes after.
      socket.pause();
      if (rest.byteLength > 0) socket.unshift(rest);
      this.#handOver(socket);
      socket.resume();
    };
    let answeredOnce = false;
    const onData = (chunk: Buffer) => {
      let at = 0;
      socket.cork();
      while (at < chunk.byteLength) {
        const end = chunk.indexOf('\r\n\r\n', at, 'latin1');
        const reply = end === -1 ? undefined : this.#replyTo(chunk, at, end, answer);
        if (!reply) {
          socket.uncork();
          handOver(chunk.subarray(at));
          return;
        }
        if (reply instanceof Promise) {
          // Read again once it is done: the same bytes, in order, with nothing read meanwhile.
          socket.uncork();
          socket.pause();
          socket.unshift(chunk.subarray(at));
          this.#waiting.add(socket);
          reply.then(
            () => {
              if (handedOver) return;
              this.#waiting.delete(socket);
              socket.resume();
            },
            () => handOver(Buffer.alloc(0)),
          );
          return;
        }
        socket.write(reply);
        at = end + 4;
        // Many requests at once (pipelined): what is answered goes before more is made, and
        // nothing more is read while the client does not take it.
        if (socket.writableLength >= pipelinedBytes && at < chunk.byteLength) {
          socket.uncork();
          if (waitsForClient(socket)) {
            socket.pause();
            socket.unshift(chunk.subarray(at));
            return;
          }
          socket.cork();
        }
      }
      socket.uncork();
      if (this.#stopping) {
        // A request that waited through the start of a stop: answered, and the connection closed.
        socket.end(() => socket.destroy());
        return;
      }
      if (!answeredOnce) {
        // From the first answer on, as node:http: idle for this long, the connection closes.
        answeredOnce = true;
        socket.setTimeout(this.#server.keepAliveTimeout);
      }
      if (waitsForClient(socket)) socket.pause();
    };
    // The lane's own listeners, taken off again when node:http takes the connection.
    const listeners: [string, (chunk: Buffer) => void][] = [
      ['data', onData],
      ['drain', onDrain],
      ['timeout', onTimeout],
      ['error', onError],
      ['end', onEnd],
      ['close', onClose],
    ];
    for (const [event, listener] of listeners) socket.on(event, listener);
    socket.setTimeout(this.#server.headersTimeout);
  }

  /**
   * A stop: connections the lane holds between requests are closed once what was written to
   * them has gone; one whose request waits is closed once it is answered.
   */
  stop(): void {
    this.#stopping = true;
    for (const socket of this.#sockets) {
      if (this.#waiting.has(socket)) continue;
      if (socket.writableLength === 0) socket.destroy();
      else socket.end(() => socket.destroy());
    }
  }

  /** After the grace of a stop: whatever the lane still holds is closed. */
  closeAll(): void {
    for (const socket of this.#sockets) socket.destroy();
  }

  /** The answer to the head from `start` to `end`, or undefined when the lane leaves it. */
  #replyTo(
    chunk: Buffer,
    start: number,
    end: number,
    answer: LaneAnswer,
  ): Buffer | Promise<void> | undefined {
    if (end - start > maxPlainHeadBytes) return undefined;
    this.#newSecond();
    const text = chunk.toString('latin1', start, end);
    const remembered = this.#answered.get(text);
    if (remembered?.reply.stillGiven?.()) return this.#bytesOf(remembered.reply, remembered.body);
    const request = readPlainHead(text);
    if (!request) return undefined;
    let reply: LaneReply | Promise<void> | undefined;
    try {
      reply = answer(request);
    } catch {
      // node:http's listener meets the same problem, and answers and logs it as it does.
      return undefined;
    }
    if (reply instanceof Promise || reply === undefined) return reply;
    const body = request.method === 'HEAD' ? undefined : reply.body;
    const bytes = this.#bytesOf(reply, body);
    if (
      bytes &&
      reply.stillGiven &&
      text.length <= rememberedHeadChars &&
      this.#answered.size < headsPerSecond
    ) {
      this.#answered.set(text, { reply, body });
    }
    return bytes;
  }

  /**
   * The whole answer in one buffer: made once a second for each kind of answer asked for in
   * it (the date changes), so a page's thousand answers a second cost one copy.
   */
  #bytesOf(reply: LaneReply, body: Buffer | undefined): Buffer | undefined {
    const made = this.#made.get(reply.headers);
    if (made?.status === reply.status && made.body === body) return made.bytes;
    const head = this.#headOf(reply);
    if (!head) return undefined;
    const parts = body ? [head, this.#closingLines, body] : [head, this.#closingLines];
    const bytes = Buffer.concat(parts);
    if (this.#made.size < madePerSecond) {
      this.#made.set(reply.headers, { status: reply.status, body, bytes });
    }
    return bytes;
  }

  /** Status line and headers, or undefined when node:http would refuse a value. */
  #headOf(reply: LaneReply): Buffer | undefined {
    const kept = headBytes.get(reply.headers);
    if (kept?.status === reply.status) return kept.bytes;
    let text = `HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status] ?? 'unknown'}\r\n`;
    for (const [name, value] of reply.headers) {
      if (invalidValue.test(value)) return undefined;
      text += `${name}: ${value}\r\n`;
    }
    const bytes = Buffer.from(text, 'latin1');
    headBytes.set(reply.headers, { status: reply.status, bytes });
    return bytes;
  }

  /** At a new second: the date node:http would write, and answers made anew. */
  #newSecond(): void {
    const now = Date.now();
    const second = Math.floor(now / 1000);
    if (second === this.#dateSecond) return;
    this.#dateSecond = second;
    this.#made.clear();
    this.#answered.clear();
    const keepAlive = Math.floor(this.#server.keepAliveTimeout / 1000);
    this.#closingLines = Buffer.from(
      `Date: ${new Date(now).toUTCString()}\r\nConnection: keep-alive\r\nKeep-Alive: timeout=${keepAlive}\r\n\r\n`,
      'latin1',
    );
  }
}
