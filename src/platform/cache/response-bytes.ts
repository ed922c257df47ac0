import { joinedBytes, type KeptPart, pageSegments } from './kept-parts.ts';

/**
 * A response's body as one Buffer. Astro answers a page with its bytes in one piece, which its
 * stream hands over as they are; `arrayBuffer()` would copy them into yet another 60 KB block
 * on every render that V8 frees only at its next collection (decision 0031).
 */
export async function responseBytes(response: Response): Promise<Buffer> {
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  for await (const chunk of response.body) chunks.push(chunk);
  if (chunks.length === 1) {
    const [only] = chunks as [Uint8Array];
    return Buffer.from(only.buffer, only.byteOffset, only.byteLength);
  }
  return Buffer.concat(chunks);
}

/**
 * `response` with the kept parts its page named written in, for an answer that is not kept
 * (a signed-in owner's page, a form's answer with a cookie): the page as Astro made it.
 */
export async function withKeptPartsJoined(
  response: Response,
  parts: Map<string, KeptPart>,
): Promise<Response> {
  if (!response.body || response.headers.has('content-encoding')) return response;
  const body = joinedBytes(pageSegments(await responseBytes(response), parts));
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
