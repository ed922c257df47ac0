import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const src = join(import.meta.dirname, '..', 'src');

/** What a hand-written escaper writes: an entity for one of markup's own characters. */
const escaping = /(['"`])&(amp|lt|gt|quot|#39|#x27);\1|&#\$\{|`&#\d+;`/;

describe('HTML escaping', () => {
  it('has one helper, platform/html-escape.ts: no module writes its own', () => {
    const escapers = readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((path) => /\.(tsx?|astro)$/.test(path) && !path.endsWith('.test.ts'))
      .filter((path) => path !== join('platform', 'html-escape.ts'))
      .filter((path) => escaping.test(readFileSync(join(src, path), 'utf8')));
    expect(escapers).toEqual([]);
  });
});
