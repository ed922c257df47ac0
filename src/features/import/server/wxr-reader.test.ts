import { createReadStream } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readWxr, type WxrEntry, type WxrItem, WxrReadError } from './wxr-reader.ts';

const fixture = (name: string) =>
  new URL(`../../../../tests/fixtures/import/${name}`, import.meta.url);

async function readAll(source: AsyncIterable<Uint8Array | string>) {
  const entries: WxrEntry[] = [];
  for await (const entry of readWxr(source)) entries.push(entry);
  return entries;
}
const items = (entries: WxrEntry[]) =>
  entries.flatMap((e): WxrItem[] => (e.kind === 'item' ? [e.item] : []));

async function* strings(...chunks: string[]) {
  yield* chunks;
}

describe('readWxr', () => {
  it('reads the site, authors, terms and every kind of item of a WXR 1.2 export', async () => {
    // 7-byte chunks split UTF-8 characters, CDATA sections and tags across reads.
    const entries = await readAll(
      createReadStream(fixture('classic-and-blocks.wxr.xml'), { highWaterMark: 7 }),
    );
    expect(entries[0]).toEqual({
      kind: 'site',
      site: {
        title: 'Notes from the Harbour & Hills',
        link: 'https://old.example.com',
        baseSiteUrl: 'https://old.example.com',
        baseBlogUrl: 'https://old.example.com/blog',
      },
    });
    expect(
      entries.filter((e) => e.kind === 'author').map((e) => e.kind === 'author' && e.author),
    ).toEqual([
      { id: 1, login: 'ana', email: 'ana@example.com', displayName: 'Ana Müller' },
      { id: 2, login: 'li', email: 'li@example.com', displayName: '李雷' },
    ]);
    expect(entries.find((e) => e.kind === 'category' && e.term.slug === 'boats')).toEqual({
      kind: 'category',
      term: { id: 4, slug: 'boats', name: 'Boats &amp; Ferries', parent: 'travel' },
    });
    expect(entries.find((e) => e.kind === 'tag')).toEqual({
      kind: 'tag',
      term: { id: 5, slug: 'cafe', name: 'Café', parent: '' },
    });

    const [classic, blocks, about, team, cafe, harbour] = items(entries);
    expect(classic).toMatchObject({
      id: 10,
      title: 'Café by the harbour',
      creator: 'ana',
      guid: 'https://old.example.com/?p=10',
      excerpt: 'A morning by the sea.',
      dateGmt: '2024-05-10 08:00:00',
      slug: 'cafe-by-the-harbour',
      status: 'publish',
      type: 'post',
      sticky: true,
      thumbnailId: 20,
      terms: [
        { domain: 'category', slug: 'boats', name: 'Boats &amp; Ferries' },
        { domain: 'post_tag', slug: 'cafe', name: 'Café' },
      ],
    });
    expect(classic?.meta.mood).toBe('calm & bright');
    expect(classic?.content).toContain('[gallery ids="20,21"]');
    expect(classic?.comments).toHaveLength(2);
    expect(classic?.comments[1]).toMatchObject({
      id: 6,
      author: 'Ana Müller',
      authorEmail: '',
      parent: 5,
      content: 'Thank you!',
    });
    expect(blocks).toMatchObject({ id: 11, status: 'draft', slug: '', sticky: false });
    expect(blocks?.content).toContain('<!-- wp:heading -->');
    expect(about).toMatchObject({ id: 30, type: 'page', parent: 0, menuOrder: 1, excerpt: '' });
    expect(team).toMatchObject({ id: 31, type: 'page', parent: 30, status: 'private' });
    expect(cafe).toMatchObject({
      id: 20,
      type: 'attachment',
      parent: 10,
      attachmentUrl: 'https://old.example.com/wp-content/uploads/2024/05/café.jpg',
      attachedFile: '2024/05/café.jpg',
      attachmentMetadata: {
        file: '2024/05/café.jpg',
        width: 1600,
        height: 1200,
        sizes: ['café-300x225.jpg', 'café-150x150.jpg'],
      },
    });
    expect(cafe?.meta._wp_attachment_image_alt).toBe('Cups on a table');
    expect(harbour?.attachmentMetadata).toEqual({
      file: '2024/05/harbour.png',
      width: 800,
      height: 600,
      sizes: [],
    });
  });

  it('finds WordPress elements by namespace whatever their prefix, and by prefix when undeclared', async () => {
    const entries = await readAll(createReadStream(fixture('wxr-1.0-prefixes.wxr.xml')));
    expect(entries[0]).toMatchObject({ kind: 'site', site: { title: 'Old “Blog”' } });
    expect(items(entries)[0]).toMatchObject({
      id: 1,
      slug: 'hello-world',
      status: 'publish',
      excerpt: 'Hi',
      content: 'Welcome.',
      terms: [{ domain: 'tag', slug: 'first', name: 'First' }],
    });
  });

  it('yields each item as soon as it is read, before the rest of the file arrives', async () => {
    const head = '<rss xmlns:wp="http://wordpress.org/export/1.2/"><channel><title>T</title>';
    const item = '<item><wp:post_id>7</wp:post_id><title>One</title></item>';
    let tailRequested = false;
    async function* source() {
      yield head + item;
      tailRequested = true;
      yield '</channel></rss>';
    }
    const reader = readWxr(source());
    expect((await reader.next()).value).toMatchObject({ kind: 'site' });
    expect((await reader.next()).value).toMatchObject({ kind: 'item', item: { id: 7 } });
    expect(tailRequested).toBe(false);
  });

  it('refuses a file that is not a WordPress export, and a damaged one, with a clear message', async () => {
    await expect(
      readAll(strings('<rss><channel><item><title>x</title></item></channel></rss>')),
    ).rejects.toThrow(/not a WordPress export/);
    await expect(readAll(strings('{"db": []}'))).rejects.toThrow(/not a WordPress export/);
    await expect(readAll(strings('{"db": []}'))).rejects.toBeInstanceOf(WxrReadError);
    await expect(
      readAll(
        strings('<rss xmlns:wp="http://wordpress.org/export/1.2/">\n<channel><item></channel>'),
      ),
    ).rejects.toThrow(/damaged near line 2/);
  });
});
