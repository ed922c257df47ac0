import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { joinedGzip } from './joined-gzip.ts';
import { joinedBytes, KeptPart, type PageSegment } from './kept-parts.ts';

const run = (text: string) => Buffer.from(text);
const html = (word: string, times: number) =>
  `<li><a href="/${word}/">${word} — ${'x'.repeat(times % 17)}</a></li>`.repeat(times);

function gunzipped(segments: PageSegment[]): { bytes: Buffer; gzip: Buffer } {
  const identity = joinedBytes(segments);
  const gzip = joinedGzip(segments);
  const bytes = gunzipSync(gzip);
  expect(bytes.equals(identity)).toBe(true);
  return { bytes, gzip };
}

describe('joined gzip', () => {
  it('is the page: runs compressed now and kept parts’ own blocks between them', () => {
    const header = new KeptPart(html('header', 60));
    const article = new KeptPart(html('article ’', 200));
    const { gzip } = gunzipped([
      run('<!doctype html><html><head><title>Café</title></head><body>'),
      header,
      run(`<main>${html('dynamic', 30)}</main>`),
      article,
      run('</body></html>'),
    ]);
    expect(gzip.subarray(0, 3)).toEqual(Buffer.from([0x1f, 0x8b, 8]));
  });

  it('joins parts next to each other, empty runs and a page of parts only', () => {
    const one = new KeptPart(html('one', 40));
    const two = new KeptPart(html('two', 40));
    gunzipped([one, two, run(''), one]);
    gunzipped([run('')]);
    gunzipped([]);
  });

  it('sends a run longer than its output buffer and one longer than a stored block', () => {
    const part = new KeptPart(html('part', 30));
    // Random bytes do not compress: more output than the 64 KB it writes into at a time.
    const noise = Buffer.from(Array.from({ length: 150_000 }, (_, index) => (index * 7919) % 251));
    gunzipped([noise, part, run(html('after', 3000))]);
  });

  it('costs little more than compressing the page whole', () => {
    const parts = [new KeptPart(html('chrome', 120)), new KeptPart(html('article', 300))];
    const segments: PageSegment[] = [
      run(html('head', 40)),
      parts[0] as KeptPart,
      run(html('between', 20)),
      parts[1] as KeptPart,
      run(html('end', 10)),
    ];
    const { gzip } = gunzipped(segments);
    const whole = gzipSync(joinedBytes(segments), { level: 1 });
    expect(gzip.byteLength).toBeLessThan(whole.byteLength * 1.15);
  });
});
