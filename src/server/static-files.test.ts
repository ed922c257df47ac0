import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { loadStaticFiles, precompressStaticFiles } from './static-files.ts';

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

function clientFolder(): string {
  root = mkdtempSync(join(tmpdir(), 'quire-static-'));
  mkdirSync(join(root, '_astro'));
  writeFileSync(
    join(root, '_astro', 'page.js'),
    `console.log(${JSON.stringify('x'.repeat(2000))});`,
  );
  writeFileSync(join(root, '_astro', 'tiny.js'), 'export {};');
  writeFileSync(join(root, 'photo.png'), Buffer.alloc(4096, 7));
  return root;
}

describe('the built client files', () => {
  it('are compressed at build time, each worth it once, beside the file', () => {
    const folder = clientFolder();
    expect(precompressStaticFiles(folder)).toBe(1);
    const script = readFileSync(join(folder, '_astro', 'page.js'));
    expect(gunzipSync(readFileSync(join(folder, '_astro', 'page.js.gz')))).toEqual(script);
  });

  it('are served with the gzip form the build wrote, which is not a file of the site itself', () => {
    const folder = clientFolder();
    precompressStaticFiles(folder);
    // A form the build wrote is read as it is, not made again.
    writeFileSync(join(folder, '_astro', 'page.js.gz'), Buffer.from('as written'));
    const files = loadStaticFiles(folder);
    expect([...files.keys()].sort()).toEqual(['/_astro/page.js', '/_astro/tiny.js', '/photo.png']);
    expect(files.get('/_astro/page.js')?.gzip?.toString()).toBe('as written');
    expect(files.get('/_astro/tiny.js')?.gzip).toBe(undefined);
    expect(files.get('/photo.png')?.gzip).toBe(undefined);
  });

  it('are compressed as they load where no build wrote their gzip form', () => {
    const files = loadStaticFiles(clientFolder());
    const page = files.get('/_astro/page.js')!;
    expect(gunzipSync(page.gzip!)).toEqual(page.body);
  });
});
