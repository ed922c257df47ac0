import type { IncomingMessage, ServerResponse } from 'node:http';
import { shareMessages } from '../features/share/messages.ts';
import { unsubscribeWithLink } from '../features/share/server/subscriptions.ts';
import type { AppContext } from './boot.ts';
import { securityHeaders } from './security-headers.ts';

const maxBodyBytes = 16 * 1024;

/**
 * `POST /subscription/unsubscribe?t=…`, answered before Astro: mail programs send the
 * one-click unsubscribe of RFC 8058 (body `List-Unsubscribe=One-Click`) from their own
 * servers, without the Origin header Astro's cross-site check demands, and the signed link is
 * the whole authorisation anyway. They get a short plain answer; the unsubscribe page's own
 * button (any other body) is sent back to the page, which then shows the result.
 */
export async function answerUnsubscribePost(
  app: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<void> {
  const body = await readBody(req);
  if (body === undefined) return send(res, 413, 'The request is too large.');
  const result = await unsubscribeWithLink(app.database, app.secret, url.searchParams.get('t'));
  if (await isOneClick(req.headers['content-type'], body)) {
    return result === 'unsubscribed'
      ? send(res, 200, shareMessages.oneClickDone)
      : send(res, 400, shareMessages.oneClickInvalid);
  }
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  res.writeHead(303, { Location: `${url.pathname}${url.search}`, 'Cache-Control': 'no-store' });
  res.end();
}

async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBodyBytes) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

async function isOneClick(contentType: string | undefined, body: Buffer): Promise<boolean> {
  if (!contentType) return false;
  try {
    const form = await new Response(new Uint8Array(body), {
      headers: { 'content-type': contentType },
    }).formData();
    return form.get('List-Unsubscribe') === 'One-Click';
  } catch {
    return false;
  }
}

function send(res: ServerResponse, status: number, message: string): void {
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  res.writeHead(status, {
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(`${message}\n`);
}
