import type { IncomingMessage, ServerResponse } from 'node:http';
import { serverShareMessages } from '../features/share/messages.ts';
import { unsubscribePath } from '../features/share/server/subscription-links.ts';
import { unsubscribeWithLink } from '../features/share/server/subscriptions.ts';
import type { AppContext } from './boot.ts';
import { sendPlainText } from './plain-text.ts';
import { securityHeaders } from './security-headers.ts';

/**
 * `POST /subscription/unsubscribe?t=…`, answered before Astro: mail programs send the
 * one-click unsubscribe of RFC 8058 (body `List-Unsubscribe=One-Click`) from their own
 * servers, without the Origin header Astro's cross-site check demands, and the signed link is
 * the whole authorisation anyway. They get a short plain answer; the unsubscribe page's own
 * button (any other body) is sent back to the page, which then shows the result. The front
 * has read the body already, within the route's limit.
 */
export async function answerUnsubscribePost(
  app: AppContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: Buffer,
): Promise<void> {
  const headers = securityHeaders(app.config.siteUrl);
  const token = url.searchParams.get('t');
  const result = await unsubscribeWithLink(app.database, app.secret, token);
  if (await isOneClick(req.headers['content-type'], body)) {
    return result === 'unsubscribed'
      ? sendPlainText(res, headers, 200, serverShareMessages.oneClickDone)
      : sendPlainText(res, headers, 400, serverShareMessages.oneClickInvalid);
  }
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  // Back to the page of the same link, whatever else the address carried.
  const page =
    token === null ? unsubscribePath : `${unsubscribePath}?t=${encodeURIComponent(token)}`;
  res.writeHead(303, { Location: page, 'Cache-Control': 'no-store' });
  res.end();
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
