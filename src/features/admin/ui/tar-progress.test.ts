import tar from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { entryTable, followTar } from './tar-progress.ts';

async function tarOf(entries: [string, Buffer][]): Promise<Buffer> {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: unknown) => {
    chunks.push(chunk as Buffer);
  });
  const done = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const [name, bytes] of entries) pack.entry({ name }, bytes);
  pack.finalize();
  await done;
  return Buffer.concat(chunks);
}

describe('following a backup as it downloads', () => {
  it('reads the manifest and names each entry as it begins, whatever the chunks', async () => {
    const manifest = { tables: [{ name: 'posts' }, { name: 'media' }], estimatedBytes: 4321 };
    const bytes = await tarOf([
      ['manifest.json', Buffer.from(JSON.stringify(manifest))],
      ['tables/posts/000001.ndjson.gz', Buffer.alloc(700, 1)],
      ['tables/media/000001.blob-000001', Buffer.alloc(1500, 2)],
      [`files/bucket/${'k'.repeat(120)}`, Buffer.alloc(10, 3)],
      ['checksums.json', Buffer.from('{}')],
    ]);
    for (const chunkSize of [1, 100, 511, 512, 513, 4096, bytes.length]) {
      const follower = followTar();
      const seen: string[] = [];
      for (let at = 0; at < bytes.length; at += chunkSize) {
        follower.push(bytes.subarray(at, at + chunkSize));
        const table = entryTable(follower.current());
        if (table && seen.at(-1) !== table) seen.push(table);
      }
      expect(follower.outline(), String(chunkSize)).toEqual(manifest);
      expect(follower.current()).toBe('checksums.json');
      if (chunkSize <= 512) expect(seen).toEqual(['posts', 'media', 'files']);
    }
  });
});
