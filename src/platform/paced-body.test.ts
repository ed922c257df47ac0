import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { pacedBody } from './paced-body.ts';

describe('pacedBody', () => {
  it('reads the source on only as the response takes each chunk', async () => {
    let made = 0;
    const source = Readable.from(
      (function* () {
        for (let n = 0; n < 1000; n += 1) {
          made += 1;
          yield Buffer.from(`row ${n}\n`);
        }
      })(),
      { highWaterMark: 1 },
    );
    let socketHasRoom: () => void = () => {};
    let waits = 0;
    const drained = () => {
      waits += 1;
      return waits === 1 ? Promise.resolve() : new Promise<void>((go) => (socketHasRoom = go));
    };
    const reader = pacedBody(source, drained).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('row 0\n');
    const second = reader.read();
    await new Promise((wait) => setTimeout(wait, 20));
    // The socket is full: the source has made only what Node's own buffer of one holds ahead.
    expect(made).toBeLessThan(5);
    socketHasRoom();
    expect(new TextDecoder().decode((await second).value)).toBe('row 1\n');
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });

  it('ends when the source ends', async () => {
    const text = await new Response(
      pacedBody(Readable.from([Buffer.from('a'), Buffer.from('b')]), undefined),
    ).text();
    expect(text).toBe('ab');
  });
});
