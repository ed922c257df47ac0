import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GhostExportError, readGhostExport } from './ghost-export.ts';
import { ghostMessages } from './messages.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/import/${name}`, import.meta.url), 'utf8');
const ghost5 = fixture('ghost/ghost-5-lexical.json');
const ghost2 = fixture('ghost/ghost-2-mobiledoc.json');

describe('readGhostExport', () => {
  it('reads a Ghost 5 export: site, authors, public tags in order, posts and pages', () => {
    const read = readGhostExport(ghost5, { siteUrl: 'https://lisbon.example/' });
    expect(read.site).toEqual({
      url: 'https://lisbon.example',
      title: 'Lisbon Notes',
      ghostVersion: '5.82.0',
    });
    expect(read.notes).toEqual([]);
    expect(read.users.map((u) => [u.id, u.name, u.email])).toEqual([
      ['u-a', 'Ana Sá', 'ana@example.org'],
      ['u-b', 'Bo', 'bo@example.org'],
    ]);
    expect(read.tags.map((t) => t.slug)).toEqual(['travel', 'lisboa']);
    const [post, page, scheduled, sent, broken] = read.posts;
    expect(post).toMatchObject({
      type: 'post',
      title: 'Lisbon in spring',
      slug: 'lisbon-in-spring',
      status: 'published',
      excerpt: 'Trams, tiles and pastries.',
      featureImage: {
        src: '__GHOST_URL__/content/images/size/w2000/2024/05/cover.jpg',
        alt: 'Yellow tram',
        caption: '<span>Tram at dawn</span>',
      },
      publishedAt: Date.parse('2024-05-02T08:30:00.000Z'),
      createdAt: Date.parse('2024-05-01T09:00:00.000Z'),
      featured: true,
      authorIds: ['u-a', 'u-b'],
      seoTitle: 'Lisbon in spring: a guide',
      seoDescription: 'Five days in Lisbon.',
    });
    expect(post?.tags.map((t) => t.name)).toEqual(['Lisboa', 'Travel']);
    expect(post?.notes).toEqual([
      ghostMessages.visibility('members'),
      ghostMessages.internalTags('“#feature”'),
      ghostMessages.codeInjection,
    ]);
    expect(typeof post?.body.lexical).toBe('string');
    expect(page).toMatchObject({ type: 'page', slug: 'about', status: 'published', notes: [] });
    expect(scheduled).toMatchObject({
      status: 'scheduled',
      publishedAt: Date.parse('2024-06-01T09:00:00.000Z'),
      notes: [ghostMessages.visibility('paid')],
    });
    expect(sent).toMatchObject({
      status: 'draft',
      ghostStatus: 'sent',
      notes: [ghostMessages.sentByEmail],
    });
    expect(broken).toMatchObject({ status: 'draft', publishedAt: undefined });
  });

  it('reads a Ghost 2 export: bare {meta, data}, the page flag, author_id, its own dates', () => {
    const read = readGhostExport(JSON.parse(ghost2));
    // No address in the file: the one its absolute image addresses share.
    expect(read.site.url).toBe('https://blog.example.com');
    const [post, page] = read.posts;
    expect(post).toMatchObject({
      type: 'post',
      featured: false,
      authorIds: ['1'],
      seoTitle: 'Harbour',
      seoDescription: 'Days at the harbour',
      publishedAt: Date.UTC(2019, 2, 2, 8),
    });
    expect(post?.tags.map((t) => t.slug)).toEqual(['boats']);
    expect(page).toMatchObject({ type: 'page', status: 'draft', createdAt: 1551400000000 });
  });

  it('says when the old address is unknown', () => {
    expect(readGhostExport(ghost5).notes).toEqual([ghostMessages.noSiteUrl]);
    expect(readGhostExport(ghost5).site.url).toBeUndefined();
  });

  it('names the file when it is not a Ghost export', () => {
    const refusal = (input: unknown) => {
      try {
        readGhostExport(input);
      } catch (error) {
        expect(error).toBeInstanceOf(GhostExportError);
        return (error as Error).message;
      }
      throw new Error('no error');
    };
    expect(refusal(fixture('classic-and-blocks.wxr.xml'))).toBe(ghostMessages.wordPressGiven);
    expect(refusal('<html><body>Hi</body></html>')).toBe(ghostMessages.notGhostExport);
    expect(refusal(fixture('wpforms-order.json'))).toBe(ghostMessages.wpformsGiven);
    expect(refusal({ format: 'quire-content', version: 1, media: [], posts: [] })).toBe(
      ghostMessages.quireContentGiven,
    );
    expect(refusal('{"db":[{"meta":{},"data":{"posts":[')).toMatch(/^The Ghost export is not/);
    expect(refusal('name,email\n')).toBe(ghostMessages.notGhostExport);
    expect(refusal({ db: [{ meta: {}, data: { tags: [] } }] })).toBe(ghostMessages.notGhostExport);
  });
});
