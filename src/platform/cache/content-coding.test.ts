import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { accepts, EncodedBody, preferredCoding } from './content-coding.ts';
import { joinedBytes, KeptPart } from './kept-parts.ts';

describe('preferredCoding', () => {
  it('prefers br, then gzip, and honours q=0 and *', () => {
    expect(preferredCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredCoding('gzip, deflate')).toBe('gzip');
    expect(preferredCoding('br;q=0, gzip')).toBe('gzip');
    expect(preferredCoding('BR ; Q=0.0, GZIP;q=0.5')).toBe('gzip');
    expect(preferredCoding('gzip;q=0')).toBeUndefined();
    expect(preferredCoding('identity')).toBeUndefined();
    expect(preferredCoding('*')).toBe('br');
    expect(preferredCoding('*, br;q=0')).toBe('gzip');
    expect(preferredCoding('')).toBeUndefined();
    expect(preferredCoding(undefined)).toBeUndefined();
  });

  it('tells whether one coding is taken', () => {
    expect(accepts('gzip, deflate, br', 'gzip')).toBe(true);
    expect(accepts('br', 'gzip')).toBe(false);
    expect(accepts('gzip;q=0', 'gzip')).toBe(false);
    expect(accepts('deflate, gzip;q=0.001', 'gzip')).toBe(true);
  });
});

describe('EncodedBody', () => {
  const text = Buffer.from('<p>Walking the coast path out of season.</p>\n'.repeat(200));

  it('makes each form once, on demand, and counts what it adds', () => {
    const grown: number[] = [];
    const body = new EncodedBody(text, 'fast');
    body.onGrow = (bytes) => grown.push(bytes);
    expect(body.bytes).toBe(text.byteLength);
    const br = body.encoded('br')!;
    expect(brotliDecompressSync(br)).toEqual(text);
    expect(body.encoded('br')).toBe(br);
    const gzip = body.encoded('gzip')!;
    expect(gunzipSync(gzip)).toEqual(text);
    expect(grown).toEqual([br.byteLength, gzip.byteLength]);
    expect(body.bytes).toBe(text.byteLength + br.byteLength + gzip.byteLength);
  });

  it('squeezes a kept page harder than one sent once', () => {
    const thorough = new EncodedBody(text, 'thorough').encoded('br')!;
    const fast = new EncodedBody(text, 'fast').encoded('br')!;
    expect(brotliDecompressSync(thorough)).toEqual(text);
    expect(thorough.byteLength).toBeLessThanOrEqual(fast.byteLength);
  });

  it('leaves bodies under 1 KB alone', () => {
    const body = new EncodedBody(Buffer.from('tiny'), 'thorough');
    expect(body.compressible).toBe(false);
    expect(body.encoded('gzip')).toBeUndefined();
    expect(body.encoded('br')).toBeUndefined();
  });

  it('joins a page compressed fast around its kept parts’ own blocks, in gzip only', () => {
    const part = new KeptPart('<nav>The same on every page</nav>\n'.repeat(100));
    const segments = [Buffer.from('<main>'.repeat(100)), part, Buffer.from('</main>'.repeat(100))];
    const identity = joinedBytes(segments);
    const fast = new EncodedBody(segments, 'fast');
    const gzip = fast.encoded('gzip')!;
    expect(gunzipSync(gzip)).toEqual(identity);
    // Counted as if joined, and its own runs besides (the part's store counts the part).
    expect(fast.bytes).toBe(identity.byteLength + 1300 + gzip.byteLength);
    // The part's blocks stand in the page as they were compressed, once.
    expect(gzip.includes(part.deflated)).toBe(true);
    expect(brotliDecompressSync(fast.encoded('br')!)).toEqual(identity);
    expect(fast.identity).toEqual(identity);
    // A page that is kept is joined at once and compressed whole, thoroughly.
    expect(new EncodedBody(segments, 'thorough').bytes).toBe(identity.byteLength);
    const kept = new EncodedBody(segments, 'thorough').encoded('gzip')!;
    expect(kept.includes(part.deflated)).toBe(false);
    expect(gunzipSync(kept)).toEqual(identity);
  });
});
