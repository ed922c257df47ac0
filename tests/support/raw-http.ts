import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';

export type RawExchange = {
  /** What the server sent back, as text. */
  response: string;
  /** The status of the answer, once its status line arrived. */
  status: number | undefined;
  /** Body bytes the connection took before it ended or the body was done. */
  sentBytes: number;
  /** Whether the whole body went out. */
  sentAll: boolean;
  /** Whether the server ended the connection. */
  closed: boolean;
};

export type RawRequest = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  /** Body bytes to send, as fast as the connection takes them. */
  bodyBytes?: number;
  /** Send the body in chunks (`Transfer-Encoding: chunked`) instead of with a declared length. */
  chunked?: boolean;
  /** Then send one more byte every `everyMs`, `bytes` times (a slow client). */
  trickle?: { bytes: number; everyMs: number };
  /**
   * Never finish the body (declare more than is sent, or send no last chunk), and wait until
   * the server closes the connection.
   */
  stall?: boolean;
};

const piece = Buffer.alloc(64 * 1024, 'a');

/**
 * One request written by hand on its own connection, for what `fetch` cannot do: bodies of any
 * size sent without waiting for the answer, bodies that stop halfway, bodies that trickle in.
 * Resolves once the body is done and the server has answered in full, or (`stall`, or when
 * the server stops reading) once the connection has ended.
 */
export function sendRaw(baseUrl: string, request: RawRequest): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  const bodyBytes = request.bodyBytes ?? 0;
  const total = bodyBytes + (request.trickle?.bytes ?? 0);
  const headers: Record<string, string> = {
    Host: `${hostname}:${port}`,
    'Content-Type': 'application/x-www-form-urlencoded',
    Origin: baseUrl,
    ...request.headers,
  };
  if (request.chunked) headers['Transfer-Encoding'] = 'chunked';
  else headers['Content-Length'] = String(request.stall ? total + 1000 : total);
  const head = `${request.method ?? 'POST'} ${request.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;

  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const received: Buffer[] = [];
    let sent = 0;
    let bodyDone = false;
    let settled = false;
    const settle = (closed: boolean) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      const response = Buffer.concat(received).toString('latin1');
      const status = /^HTTP\/1\.1 (\d{3})/.exec(response)?.[1];
      resolve({
        response,
        status: status === undefined ? undefined : Number(status),
        sentBytes: sent,
        sentAll: sent >= total,
        closed,
      });
    };
    const answerComplete = () => {
      const text = Buffer.concat(received).toString('latin1');
      const end = text.indexOf('\r\n\r\n');
      if (end === -1) return false;
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1];
      if (length !== undefined) return text.length - end - 4 >= Number(length);
      return /\r\n0\r\n\r\n$/.test(text) || /^HTTP\/1\.1 (204|304)/.test(text);
    };
    const settleIfAnswered = () => {
      if (bodyDone && !request.stall && answerComplete()) settle(false);
    };
    socket.on('data', (chunk: Buffer) => {
      received.push(chunk);
      settleIfAnswered();
    });
    socket.on('error', () => settle(true));
    socket.on('close', () => settle(true));

    const write = (data: Buffer) => {
      sent += data.byteLength;
      return socket.write(
        request.chunked
          ? Buffer.concat([
              Buffer.from(`${data.byteLength.toString(16)}\r\n`),
              data,
              Buffer.from('\r\n'),
            ])
          : data,
      );
    };
    const finishBody = () => {
      if (request.chunked && !request.stall) socket.write('0\r\n\r\n');
      bodyDone = true;
      settleIfAnswered();
    };
    const trickle = () => {
      let left = request.trickle?.bytes ?? 0;
      const timer = setInterval(() => {
        if (settled || left === 0) {
          clearInterval(timer);
          if (!settled) finishBody();
          return;
        }
        left--;
        write(Buffer.from('a'));
      }, request.trickle?.everyMs ?? 0);
    };
    const writeFast = () => {
      while (sent < bodyBytes && !settled) {
        if (!write(piece.subarray(0, Math.min(piece.byteLength, bodyBytes - sent)))) {
          socket.once('drain', writeFast);
          return;
        }
      }
      if (settled) return;
      if (request.trickle) trickle();
      else finishBody();
    };
    socket.once('connect', () => {
      socket.write(head);
      writeFast();
    });
  });
}

/** A process's resident memory and its peak since `resetPeakMemory`, in bytes (Linux). */
export function processMemory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const bytes = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]) * 1024;
  return { rss: bytes('VmRSS'), peak: bytes('VmHWM') };
}

/** Starts a process's peak resident memory (VmHWM) again from its current memory. */
export function resetPeakMemory(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}
