import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LaneAnswer, LaneReply } from './fast-lane.ts';
import { SiteServer } from './site-server.ts';

/** What both the lane and the app answer for `/kept/…`: the same reply, as the page cache's. */
function keptReply(path: string): LaneReply {
  const body =
    path === '/kept/big' ? Buffer.alloc(64 * 1024, 'b') : Buffer.from(`kept page ${path}`);
  return {
    status: 200,
    headers: [
      ['Content-Type', 'text/html; charset=utf-8'],
      ['ETag', '"v1"'],
      ['Content-Length', String(body.byteLength)],
    ],
    body,
  };
}

const laneAnswer: LaneAnswer = (head) =>
  head.target.startsWith('/kept/') ? keptReply(head.target) : undefined;

let site: SiteServer | undefined;
/** Requests the app (node:http's listener) answered, by target. */
let appAnswered: string[] = [];
/** The server's side of each connection. */
let serverSide: Socket[] = [];

afterEach(async () => {
  await site?.close(100);
  site = undefined;
  appAnswered = [];
  serverSide = [];
});

async function serving(
  options: { keepAliveMs?: number; answer?: LaneAnswer } = {},
): Promise<number> {
  site = new SiteServer();
  if (options.keepAliveMs) site.server.keepAliveTimeout = options.keepAliveMs;
  site.server.prependListener('connection', (socket: Socket) => serverSide.push(socket));
  await site.listen('127.0.0.1', 0, (error) => {
    throw error;
  });
  site.serve((request: IncomingMessage, response: ServerResponse) => {
    appAnswered.push(`${request.method} ${request.url}`);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      if (path.startsWith('/kept/')) {
        const reply = keptReply(path);
        response.writeHead(reply.status, reply.headers.flat());
        response.end(request.method === 'HEAD' ? undefined : reply.body);
        return;
      }
      const body = `app ${request.method} ${path} body=${Buffer.concat(chunks).toString()}`;
      response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': body.length });
      response.end(body);
    });
  }, options.answer ?? laneAnswer);
  return (site.server.address() as AddressInfo).port;
}

type Answer = { head: string; body: string };

/** Reads answers off `socket` as they complete (by Content-Length; no body for HEAD's). */
function answers(socket: Socket, bodiless: number[] = []) {
  let received = Buffer.alloc(0);
  let closed = false;
  const parsed: Answer[] = [];
  const waiting: (() => void)[] = [];
  const parse = () => {
    for (;;) {
      const end = received.indexOf('\r\n\r\n');
      if (end === -1) break;
      const head = received.subarray(0, end).toString('latin1');
      const length = /\r\ncontent-length: (\d+)/i.exec(head);
      const bodyBytes = bodiless.includes(parsed.length) ? 0 : Number(length?.[1] ?? 0);
      if (received.byteLength < end + 4 + bodyBytes) break;
      parsed.push({ head, body: received.subarray(end + 4, end + 4 + bodyBytes).toString() });
      received = received.subarray(end + 4 + bodyBytes);
    }
    for (const wake of waiting.splice(0)) wake();
  };
  socket.on('data', (chunk: Buffer) => {
    received = Buffer.concat([received, chunk]);
    parse();
  });
  socket.on('close', () => {
    closed = true;
    for (const wake of waiting.splice(0)) wake();
  });
  return {
    parsed,
    get closed() {
      return closed;
    },
    /** Resolves once `count` answers arrived, or the connection closed. */
    async until(count: number): Promise<Answer[]> {
      while (parsed.length < count && !closed) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
      return parsed;
    },
  };
}

function opened(port: number): Promise<Socket> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
  });
}

const get = (path: string, extra = '') =>
  `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/html\r\n${extra}\r\n`;

/** A head without its date, which the two writers make in different seconds at worst. */
const withoutDate = (head: string) => head.replace(/\r\nDate: [^\r]+/, '');

describe('the fast lane (decision 0072)', () => {
  it('answers a plain request itself, with the bytes node:http writes for the same reply', async () => {
    const port = await serving();
    const fast = await opened(port);
    const fastAnswers = answers(fast);
    fast.write(get('/kept/a'));
    const [laneOwn] = await fastAnswers.until(1);
    expect(appAnswered).toEqual([]);

    // The same request in two pieces is not whole in one read: node:http answers it.
    const split = await opened(port);
    const splitAnswers = answers(split);
    const request = get('/kept/a');
    split.write(request.slice(0, 12));
    await new Promise((resolve) => setTimeout(resolve, 50));
    split.write(request.slice(12));
    const [httpOwn] = await splitAnswers.until(1);
    expect(appAnswered).toEqual(['GET /kept/a']);

    expect(withoutDate(laneOwn!.head)).toBe(withoutDate(httpOwn!.head));
    expect(laneOwn!.head).toMatch(/\r\nDate: \w{3}, \d{2} \w{3} \d{4} [\d:]{8} GMT\r\n/);
    expect(laneOwn!.head).toContain('\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5');
    expect(laneOwn!.body).toBe(httpOwn!.body);
    fast.destroy();
    split.destroy();
  });

  it('keeps the connection: later and pipelined requests answered in order, by whoever can', async () => {
    const port = await serving();
    const socket = await opened(port);
    const read = answers(socket, [4]);
    socket.write(get('/kept/1'));
    await read.until(1);
    // In one write: a kept page, a POST with a body, a kept page (now node:http's), a HEAD.
    socket.write(
      `${get('/kept/2')}POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 5\r\n\r\nhello${get('/kept/3')}HEAD /kept/4 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
    );
    const all = await read.until(5);
    expect(all.map((answer) => answer.body)).toEqual([
      'kept page /kept/1',
      'kept page /kept/2',
      'app POST /form body=hello',
      'kept page /kept/3',
      '',
    ]);
    expect(appAnswered).toEqual(['POST /form', 'GET /kept/3', 'HEAD /kept/4']);
    expect(read.closed).toBe(false);
    socket.destroy();
  });

  it('waits for what the answer waits for, reading nothing meanwhile, then answers in order', async () => {
    let release = () => {};
    let check: Promise<void> | undefined = new Promise<void>((resolve) => {
      release = resolve;
    });
    const port = await serving({
      answer: (head) => check ?? laneAnswer(head),
    });
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(get('/kept/w1') + get('/kept/w2'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(get('/kept/w3'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(read.parsed).toEqual([]);
    check = undefined;
    release();
    const all = await read.until(3);
    expect(all.map((answer) => answer.body)).toEqual([
      'kept page /kept/w1',
      'kept page /kept/w2',
      'kept page /kept/w3',
    ]);
    expect(appAnswered).toEqual([]);
    socket.destroy();
  });

  it('hands the connection to node:http when what it waited for failed', async () => {
    const port = await serving({ answer: () => Promise.reject(new Error('database away')) });
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(get('/kept/f1') + get('/kept/f2'));
    const all = await read.until(2);
    expect(all.map((answer) => answer.body)).toEqual(['kept page /kept/f1', 'kept page /kept/f2']);
    expect(appAnswered).toEqual(['GET /kept/f1', 'GET /kept/f2']);
    socket.destroy();
  });

  it('answers the same head again without asking while its answer says it still holds', async () => {
    let asked = 0;
    let holds = true;
    const port = await serving({
      answer: (head) => {
        asked++;
        return { ...keptReply(head.target), stillGiven: () => holds };
      },
    });
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(get('/kept/m'));
    await read.until(1);
    socket.write(get('/kept/m'));
    await read.until(2);
    const askedWhileHeld = asked;
    holds = false;
    socket.write(get('/kept/m'));
    const all = await read.until(3);
    expect(all.map((answer) => answer.body)).toEqual(Array(3).fill('kept page /kept/m'));
    // Once, or twice when a new second began between the first two.
    expect(askedWhileHeld).toBeLessThanOrEqual(2);
    expect(asked).toBe(askedWhileHeld + 1);
    socket.destroy();
  });

  it('answers a client that sent its request and ended its side, then ends too', async () => {
    let release = () => {};
    let check: Promise<void> | undefined = new Promise<void>((resolve) => {
      release = resolve;
    });
    const port = await serving({ answer: (head) => check ?? laneAnswer(head) });
    const socket = await opened(port);
    const read = answers(socket);
    socket.end(get('/kept/last'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    check = undefined;
    release();
    const [answer] = await read.until(1);
    expect(answer?.body).toBe('kept page /kept/last');
    await read.until(2);
    expect(read.closed).toBe(true);
  });

  it('answers HEAD with the head alone, and the next request on the connection too', async () => {
    const port = await serving();
    const socket = await opened(port);
    const read = answers(socket, [0]);
    socket.write(`HEAD /kept/h HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n${get('/kept/after')}`);
    const [head, after] = await read.until(2);
    expect(head!.head).toContain('Content-Length: 17');
    expect(head!.body).toBe('');
    expect(after!.body).toBe('kept page /kept/after');
    expect(appAnswered).toEqual([]);
    socket.destroy();
  });

  // Requests two readers could read differently are never the lane's: node:http reads them,
  // bodies and all, and the lane answers nothing more on that connection.
  it.each([
    ['a body by its length', `${get('/kept/s', 'Content-Length: 5\r\n').slice(0, -2)}\r\nhello`],
    [
      'a chunked body',
      `${get('/kept/s', 'Transfer-Encoding: chunked\r\n').slice(0, -2)}\r\n5\r\nhello\r\n0\r\n\r\n`,
    ],
  ])('leaves %s to node:http, which reads it as the body it is', async (_, request) => {
    const port = await serving();
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(request + get('/kept/next'));
    const all = await read.until(2);
    expect(all[0]!.body).toBe('kept page /kept/s');
    expect(all[1]!.body).toBe('kept page /kept/next');
    expect(appAnswered).toEqual(['GET /kept/s', 'GET /kept/next']);
    socket.destroy();
  });

  it.each([
    ['a bare LF', 'GET /kept/x HTTP/1.1\nHost: 127.0.0.1\r\n\r\n', 400],
    ['a folded header', 'GET /kept/x HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n  2\r\n\r\n', 400],
    ['a space before the colon', 'GET /kept/x HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n', 400],
    ['no Host header', 'GET /kept/x HTTP/1.1\r\nAccept: */*\r\n\r\n', 400],
    ['two Host headers', 'GET /kept/x HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: other\r\n\r\n', 200],
    ['a header sent twice', `${get('/kept/x', 'Cookie: a=1\r\nCookie: b=2\r\n')}`, 200],
    ['an absolute target', 'GET http://127.0.0.1/kept/x HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', 200],
  ])('leaves a head with %s to node:http', async (_, request, status) => {
    const port = await serving();
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(request);
    const [answer] = await read.until(1);
    // node:http refuses it with its 400, or reads it and hands it to the app.
    expect(answer?.head ?? '').toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(appAnswered).toEqual(status === 200 ? [expect.stringMatching(/^GET .*\/kept\/x$/)] : []);
    socket.destroy();
  });

  it('leaves `Connection: close` and HTTP/1.0 to node:http, which closes after answering', async () => {
    const port = await serving();
    for (const request of [
      get('/kept/c', 'Connection: close\r\n'),
      'GET /kept/c HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n',
    ]) {
      const socket = await opened(port);
      const read = answers(socket);
      socket.write(request);
      const [answer] = await read.until(1);
      expect(answer!.body).toBe('kept page /kept/c');
      expect(answer!.head).toContain('Connection: close');
      await read.until(2);
      expect(read.closed).toBe(true);
    }
    expect(appAnswered).toEqual(['GET /kept/c', 'GET /kept/c']);
  });

  it('closes a connection left idle for the keep-alive time, as node:http does', async () => {
    const port = await serving({ keepAliveMs: 300 });
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(get('/kept/idle'));
    await read.until(1);
    await read.until(2);
    expect(read.closed).toBe(true);
  });

  it('reads no more from a client that does not read its answers', async () => {
    const port = await serving();
    const socket = await opened(port);
    socket.pause();
    // 2,000 pipelined requests for 64 KB each: 128 MB of answers, were they all made.
    socket.write(get('/kept/big').repeat(2000));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pending = serverSide.reduce((sum, each) => sum + each.writableLength, 0);
    expect(pending).toBeGreaterThan(0);
    expect(pending).toBeLessThan(4 * 1024 * 1024);
    socket.destroy();
  });

  it('answers a request that was waiting when the stop came, then closes', async () => {
    let release = () => {};
    const check = new Promise<void>((resolve) => {
      release = resolve;
    });
    let waits = true;
    const port = await serving({ answer: (head) => (waits ? check : laneAnswer(head)) });
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(get('/kept/waiting'));
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Were the connection left open, the stop would wait out its 10 s grace (and the test fail).
    const stopped = site!.close(10_000);
    waits = false;
    release();
    const [answer] = await read.until(1);
    expect(answer?.body).toBe('kept page /kept/waiting');
    await read.until(2);
    expect(read.closed).toBe(true);
    await stopped;
    site = undefined;
  });

  it('closes its idle connections at a stop, and the stop does not wait for them', async () => {
    const port = await serving();
    const socket = await opened(port);
    const read = answers(socket);
    socket.write(get('/kept/stop'));
    await read.until(1);
    // Were the connection left open, the stop would wait out its 10 s grace (and the test fail).
    await site!.close(10_000);
    await read.until(2);
    expect(read.closed).toBe(true);
    site = undefined;
  });
});
