import { describe, expect, it } from 'vitest';
import { OldAddresses } from './old-addresses.ts';
import { excerptOf, plainText, slugFor } from './post-fields.ts';
import { dateOf } from './wordpress-posts.ts';

describe('WordPress fields as Quire reads them', () => {
  it('reads GMT dates, and none from an unset one', () => {
    expect(dateOf('2024-05-10 08:00:00')?.getTime()).toBe(Date.UTC(2024, 4, 10, 8));
    expect(dateOf('0000-00-00 00:00:00')).toBeUndefined();
    expect(dateOf('')).toBeUndefined();
  });

  it('keeps a usable slug, decodes an encoded one, and falls back on the title', () => {
    expect(slugFor('cafe-by-the-harbour', 'x')).toBe('cafe-by-the-harbour');
    expect(slugFor('%c3%bcberfahrt', 'x')).toBe('uberfahrt');
    expect(slugFor('', 'Blocks & boats')).toBe('blocks-boats');
    expect(slugFor('feed', 'Feed me')).toBe('feed-me');
    expect(slugFor('%e6%9d%8e', '李雷')).toBeUndefined();
  });

  it('turns entities and tags into text', () => {
    expect(plainText('Boats &amp; Ferries')).toBe('Boats & Ferries');
    expect(plainText('<p>It&#8217;s &#x2014; &hellip;</p>')).toBe('It’s — …');
    expect(plainText('&bogus; stays')).toBe('&bogus; stays');
    expect(excerptOf(`<p>${'word '.repeat(200)}</p>`)).toMatch(/^(word ){100,}.*…$/);
    expect(excerptOf(`<p>${'word '.repeat(200)}</p>`).length).toBeLessThanOrEqual(600);
  });
});

describe('old addresses', () => {
  it('keeps lookup forms, never the site’s own or one leading to itself, first come first kept', () => {
    const addresses = new OldAddresses('https://old.example.com/blog/');
    addresses.add('https://old.example.com/2024/05/Caf%C3%A9/', '/cafe/');
    addresses.add('https://old.example.com/2024/05/café/', '/other/');
    addresses.add('https://old.example.com/cafe/', '/cafe/');
    addresses.add('https://old.example.com/media/1/', '/cafe/');
    addresses.add('https://old.example.com/', '/cafe/');
    addresses.addOnBlog('/feed/', '/feed.xml');
    addresses.addHomeQuery('p', 10, '/cafe/');
    addresses.notePublished(new Date(Date.UTC(2024, 4, 10)));
    addresses.notePublished(new Date(Date.UTC(2024, 2, 1)));
    expect(addresses.all()).toEqual([
      { from: '/2024/05/caf%C3%A9/', to: '/cafe/' },
      { from: '/blog/feed/', to: '/feed.xml' },
      { from: '/?p=10', to: '/cafe/' },
      { from: '/blog/2024/03/', to: '/archive/2024/03/' },
      { from: '/blog/2024/05/', to: '/archive/2024/05/' },
      { from: '/blog/2024/05/10/', to: '/archive/2024/05/' },
      { from: '/blog/2024/03/01/', to: '/archive/2024/03/' },
      { from: '/blog/2024/', to: '/archive/2024/05/' },
    ]);
  });
});
