import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type GhostBodyLookups, ghostPostBody, ghostPostImages } from './ghost-body.ts';
import { readGhostExport } from './ghost-export.ts';
import { isGhostContentImage, originalGhostImageUrl, resolveGhostUrl } from './ghost-urls.ts';
import { ghostMessages } from './messages.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../tests/fixtures/import/ghost/${name}`, import.meta.url), 'utf8');
const ghost5 = readGhostExport(fixture('ghost-5-lexical.json'), {
  siteUrl: 'https://lisbon.example',
});
const ghost2 = readGhostExport(fixture('ghost-2-mobiledoc.json'));

// Images of the old site were imported; images hosted elsewhere were not.
const lookups = (siteUrl: string): GhostBodyLookups => ({
  siteUrl,
  image: (url) =>
    url.startsWith(`${siteUrl}/content/images/`) ? `/media/1/${url.split('/').pop()}` : undefined,
});

describe('ghostPostBody', () => {
  it('turns a Lexical post with every kind of card into Markdown and says what it left out', () => {
    const [post] = ghost5.posts;
    const body = ghostPostBody(post!, lookups('https://lisbon.example'));
    expect(body.markdown).toBe(fixture('ghost-5-lexical.expected.txt').trimEnd());
    expect(body.unknownCards).toEqual([{ name: 'mystery-card', count: 1 }]);
    expect(body.notes).toEqual([
      ghostMessages.productCard,
      ghostMessages.headerCard,
      ghostMessages.signupCard,
      ghostMessages.paywall,
      ghostMessages.emailCard,
    ]);
  });

  it('turns a Mobiledoc post into the same Markdown a Lexical one gives', () => {
    const [post] = ghost2.posts;
    const body = ghostPostBody(post!, lookups('https://blog.example.com'));
    expect(body.markdown).toBe(fixture('ghost-2-mobiledoc.expected.txt').trimEnd());
    expect(body.unknownCards).toEqual([
      { name: 'mention', count: 1 },
      { name: 'secret-card', count: 1 },
    ]);
  });

  it('uses the HTML Ghost saved when the editor body is damaged, and says so', () => {
    const broken = ghost5.posts.find((p) => p.slug === 'broken');
    const body = ghostPostBody(broken!, lookups('https://lisbon.example'));
    expect(body.markdown).toBe('Saved **HTML** with ![H](/media/1/h.jpg)');
    expect(body.notes).toEqual([ghostMessages.bodyUnreadable('Lexical')]);
    const empty = ghostPostBody({ ...broken!, body: {} }, lookups('https://lisbon.example'));
    expect(empty).toEqual({ markdown: '', unknownCards: [], notes: [ghostMessages.bodyMissing] });
  });

  it('keeps `__GHOST_URL__` addresses root-relative when the old address is unknown', () => {
    const [post] = ghost5.posts;
    const body = ghostPostBody(post!, { siteUrl: '', image: () => undefined });
    expect(body.markdown).toContain('[the about page](/about/)');
    expect(body.markdown).toContain('![Tram 28](/content/images/2024/05/tram.jpg)');
  });
});

describe('ghostPostImages', () => {
  it('lists every image a post shows, feature image first, sized copies as their originals', () => {
    const [post] = ghost5.posts;
    expect(ghostPostImages(post!, 'https://lisbon.example')).toEqual([
      'https://lisbon.example/content/images/2024/05/cover.jpg',
      'https://lisbon.example/content/images/2024/05/tram.jpg',
      'https://lisbon.example/content/images/2024/05/a.jpg',
      'https://images.unsplash.com/photo-1?w=2000',
      'https://lisbon.example/content/images/2024/05/map.png',
      'https://lisbon.example/content/images/2024/05/pic.jpg',
      'https://lisbon.example/content/images/2024/05/book.jpg',
    ]);
    const [old] = ghost2.posts;
    expect(ghostPostImages(old!, 'https://blog.example.com')).toEqual(
      ['cover', 'harbour', 'g1', 'before', 'after', 'section'].map(
        (name) => `https://blog.example.com/content/images/2019/03/${name}.jpg`,
      ),
    );
  });
});

describe('Ghost addresses', () => {
  it('resolves the placeholder and finds the original of a sized copy', () => {
    expect(resolveGhostUrl('__GHOST_URL__/a/', 'https://x.example/blog/')).toBe(
      'https://x.example/blog/a/',
    );
    expect(originalGhostImageUrl('https://x.example/content/images/size/w600h400/2024/a.jpg')).toBe(
      'https://x.example/content/images/2024/a.jpg',
    );
    expect(
      originalGhostImageUrl('https://x.example/content/images/size/w600/format/webp/2024/a.png'),
    ).toBe('https://x.example/content/images/2024/a.png');
    expect(isGhostContentImage('https://x.example/content/images/a.jpg', 'https://x.example')).toBe(
      true,
    );
    expect(isGhostContentImage('__GHOST_URL__/content/images/a.jpg', '')).toBe(true);
    expect(
      isGhostContentImage('https://cdn.example/content/images/a.jpg', 'https://x.example'),
    ).toBe(false);
  });
});
