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
