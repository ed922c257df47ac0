import type { Readable } from 'node:stream';

/**
 * The headers a paced body goes out with: a proxy that buffers responses (nginx, by default
 * to a file on its disk) passes this one on as it comes, so the pacing reaches the client and
 * the proxy keeps no copy of an export or an entry's file (docs/deploy.md).
 */
export const pacedBodyHeaders = { 'X-Accel-Buffering': 'no' } as const;

/**
 * A response body read from a Node stream one chunk at a time, each only once the socket has
 * taken the one before (`drained`, given by the HTTP front as `locals.responseDrained`). Astro's
 * Node adapter writes a Response's body without waiting for the socket and `Readable.toWeb`
 * queues up to 16,384 chunks, so together they would read a whole export or file into memory
 * before a slow client had taken the first megabyte (decision 0040).
 */
export function pacedBody(
  source: Readable,
  drained: (() => Promise<void>) | undefined,
): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await drained?.();
        const next = await chunks.next();
        if (next.done) controller.close();
        else controller.enqueue(next.value as Uint8Array);
      },
      cancel() {
        source.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}
