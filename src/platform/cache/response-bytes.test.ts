import { describe, expect, it } from 'vitest';
import { responseBytes } from './response-bytes.ts';

describe('responseBytes', () => {
  it('hands over a body given in one piece without copying it again', async () => {
    const page = new TextEncoder().encode('<p>Hello</p>');
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(page);
        controller.close();
      },
    });
    const bytes = await responseBytes(new Response(stream));
    expect(bytes.toString()).toBe('<p>Hello</p>');
    expect(bytes.buffer).toBe(page.buffer);
  });

  it('joins a body streamed in several chunks', async () => {
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('<p>'));
        controller.enqueue(encoder.encode('Grüße'));
        controller.enqueue(encoder.encode('</p>'));
        controller.close();
      },
    });
    expect((await responseBytes(new Response(stream))).toString()).toBe('<p>Grüße</p>');
  });

  it('reads an empty body as no bytes', async () => {
    expect((await responseBytes(new Response(null))).byteLength).toBe(0);
    expect((await responseBytes(new Response(''))).byteLength).toBe(0);
  });
});
