import type { IncomingMessage, ServerResponse } from 'node:http';

export type BodyRead =
  | { outcome: 'read'; body: Buffer }
  | { outcome: 'too-large' }
  | { outcome: 'timeout' }
  | { outcome: 'aborted' };

export type BodyLimits = {
  /** Largest body the route reads; one byte more and the reading stops. */
  maxBytes: number;
  /** Time the whole body has to arrive in, from the moment its headers did. */
  timeoutMs: number;
};

/**
 * After a refusal, the most of the rest of a body read and thrown away (`answerBeforeBody`).
 * Clients that read the answer only once they have sent everything (fetch does) get it for any
 * body up to this much over the limit; a larger one is held back by TCP and then closed.
 */
export const maxDiscardedBytes = 16 * 1024 * 1024;

/** Whether a request carries a body at all (a declared length or chunks). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (
    req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > 0)
  );
}

/**
 * Reads a request body whole, never holding more than `maxBytes` of it and never waiting past
 * `timeoutMs` for it. The one reader of request bodies: the HTTP front reads every body with
 * it, with the limits of the route the request is for, before anything else sees the request.
 * A declared length over the limit is refused before a byte is read. On any outcome but `read`
 * the rest of the body is left unread: answer with `answerBeforeBody`, or close the connection.
 */
export function readRequestBody(req: IncomingMessage, limits: BodyLimits): Promise<BodyRead> {
  if (Number(req.headers['content-length'] ?? 0) > limits.maxBytes) {
    return Promise.resolve({ outcome: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (result.outcome !== 'read') req.pause();
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limits.maxBytes) finish({ outcome: 'too-large' });
      else chunks.push(chunk);
    };
    const onEnd = () => finish({ outcome: 'read', body: Buffer.concat(chunks, size) });
    const onClose = () => finish({ outcome: 'aborted' });
    const timer = setTimeout(() => finish({ outcome: 'timeout' }), limits.timeoutMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
  });
}

/**
 * Answers a request whose body is not (wholly) read yet. The answer goes out whole at once,
 * with its length, so the client knows it has all of it. Then the rest of the body is read and
 * thrown away, up to `maxDiscardedBytes`, and the response ends: closing a socket with unread
 * data makes the kernel reset the connection, and a client still sending would lose the answer
 * it has not read yet (nginx's "lingering close"); the answer says `Connection: close`, so
 * the client does not send its next request on this connection. Past that much the body is no longer read:
 * TCP holds the client back, and the connection is closed after `timeoutMs`, time enough for
 * the client to read the answer. A body that stops coming within `timeoutMs` closes it too.
 * With no time to linger (`timeoutMs` 0) the response ends at once.
 */
export function answerBeforeBody(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  headers: Readonly<Record<string, string>>,
  body: string,
  timeoutMs: number,
): void {
  const payload = Buffer.from(body);
  const lengthHeader: Record<string, string> =
    payload.byteLength > 0 ? { 'Content-Length': String(payload.byteLength) } : {};
  if (!hasBody(req) || req.complete || timeoutMs === 0) {
    res.writeHead(status, { ...headers, ...lengthHeader });
    res.end(payload);
    return;
  }
  // The client may read the whole answer while it is still sending: told nothing, it would take
  // the connection for its next request, which waits behind a body never read to its end.
  res.writeHead(status, { ...headers, ...lengthHeader, Connection: 'close' });
  if (payload.byteLength > 0) res.write(payload);
  else res.flushHeaders();
  const close = () => {
    res.end();
    req.socket.destroy();
  };
  void discardRest(req, timeoutMs).then((outcome) => {
    if (outcome === 'read') res.end();
    else if (outcome === 'timeout') close();
    else {
      const timer = setTimeout(close, timeoutMs);
      req.socket.once('close', () => clearTimeout(timer));
    }
  });
}

/** Reads what is left of a body and throws it away, stopping past the bounds. */
function discardRest(
  req: IncomingMessage,
  timeoutMs: number,
): Promise<'read' | 'too-much' | 'timeout'> {
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (outcome: 'read' | 'too-much' | 'timeout') => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      req.off('error', onClose);
      if (outcome !== 'read') req.pause();
      resolve(outcome);
    };
    const onData = (chunk: Buffer) => {
      discarded += chunk.byteLength;
      if (discarded > maxDiscardedBytes) finish('too-much');
    };
    const onEnd = () => finish('read');
    const onClose = () => finish('timeout');
    const timer = setTimeout(() => finish('timeout'), timeoutMs);
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('close', onClose);
    req.once('error', onClose);
    req.resume();
  });
}

/**
 * The least average rate an upload must keep: a streamed body's deadline is the body timeout
 * plus its size at this rate (64 MB: about 17 minutes), so a slow phone finishes and a sender
 * trickling a byte now and then does not hold the connection for ever (decision 0038).
 */
export const minimumUploadBytesPerSecond = 64 * 1024;

export class StreamedBodyTooLarge extends Error {}

/**
 * A body handed on unread, as it arrives (form files): no more than `maxBytes` of it, and all
 * of it within `deadlineMs`; past either the request is ended and the reader gets an error.
 */
export async function* boundedBody(
  req: IncomingMessage,
  maxBytes: number,
  deadlineMs: number,
): AsyncGenerator<Buffer> {
  let size = 0;
  const timer = setTimeout(() => req.destroy(new Error('The upload took too long')), deadlineMs);
  try {
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > maxBytes) throw new StreamedBodyTooLarge();
      yield chunk;
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The time a streamed body of this many bytes has to arrive in. */
export const uploadDeadlineMs = (bytes: number, bodyTimeoutMs: number) =>
  bodyTimeoutMs + Math.ceil((bytes / minimumUploadBytesPerSecond) * 1000);
