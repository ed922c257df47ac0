import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { importScreenMessages as m } from '../import-screen-messages.ts';
import { storeImportFile } from './upload-file.ts';

const folders: string[] = [];
const newFolder = () => {
  const folder = mkdtempSync(join(tmpdir(), 'quire-import-upload-'));
  folders.push(folder);
  return join(folder, 'imports');
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const start = '<?xml version="1.0"?>\n<rss xmlns:wp="http://wordpress.org/export/1.1/"><channel>';

describe('storeImportFile', () => {
  it('writes the file as it arrives, in chunks across the part read to tell its kind', async () => {
    const folder = newFolder();
    // The kind is known from the first 64 KB; the rest follows chunk by chunk.
    const chunks = [start, 'x'.repeat(40_000), 'y'.repeat(40_000), '</channel></rss>'];
    const stored = await storeImportFile(
      folder,
      'wordpress',
      '../My export.xml',
      Readable.from(chunks.map((chunk) => Buffer.from(chunk))),
    );
    expect(stored).toMatchObject({ ok: true, fileName: '../My export.xml', siteUrl: undefined });
    if (!stored.ok) return;
    expect(stored.path.startsWith(`${folder}/`)).toBe(true);
    expect(stored.path).toMatch(/\/[0-9a-f]{12}-My-export\.xml$/);
    expect(readFileSync(stored.path, 'utf8')).toBe(chunks.join(''));
    expect(stored.bytes).toBe(chunks.join('').length);
  });

  it('writes nothing of a file of the wrong kind, and reads it to its end', async () => {
    const folder = newFolder();
    const source = Readable.from([Buffer.from('{"db":'), Buffer.from('x'.repeat(100_000))]);
    const stored = await storeImportFile(folder, 'wordpress', 'export.json', source);
    expect(stored).toEqual({ ok: false, message: m.jsonNotXml, fileName: 'export.json' });
    expect(source.readableEnded).toBe(true);
    expect(() => readdirSync(folder)).toThrow();
  });

  it('removes what it wrote when the upload breaks off', async () => {
    const folder = newFolder();
    async function* brokenOff() {
      yield Buffer.from(start);
      yield Buffer.from('x'.repeat(70_000));
      throw new Error('The body broke off');
    }
    await expect(
      storeImportFile(folder, 'wordpress', 'export.xml', Readable.from(brokenOff())),
    ).rejects.toThrow('The body broke off');
    expect(readdirSync(folder)).toEqual([]);
  });
});
