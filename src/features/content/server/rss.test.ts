import { describe, expect, it } from 'vitest';
import { sanitiseStoredHtml } from '../../../platform/markdown.ts';
import type { PostDetail } from '../post-types.ts';
import { renderRss, renderSitemap } from './rss.ts';

const post: PostDetail = {
  id: 1,
  type: 'post',
  title: 'Fish & <chips>',
  slug: 'fish-chips',
  excerpt: 'Salt "and" vinegar\u0001',
  publishedAt: Date.UTC(2026, 2, 1),
  updatedAt: Date.UTC(2026, 2, 2),
  cover: null,
  tags: [{ id: 1, name: 'Food & Drink', slug: 'food-drink', description: '' }],
  html: sanitiseStoredHtml(
    '<p><a href="/other/">x</a><img src="/media/1/960/a.jpg" srcset="/media/1/320/a.jpg 320w, /media/1/640/a.jpg 640w"></p>',
  ),
  readingMinutes: 1,
};
const channel = {
  title: 'Notes',
  description: 'A blog',
  siteUrl: 'https://n.example',
  feedPath: '/feed.xml',
  linkPath: '/',
  locale: 'en',
};

describe('renderRss', () => {
  it('escapes text, drops characters XML forbids and makes links absolute', () => {
    const xml = renderRss(channel, [post]);
    expect(xml).toContain('<title>Fish &amp; &lt;chips&gt;</title>');
    expect(xml).toContain('<description>Salt &quot;and&quot; vinegar</description>');
    expect(xml).toContain('<category>Food &amp; Drink</category>');
    expect(xml).toContain('<guid isPermaLink="true">https://n.example/fish-chips/</guid>');
    expect(xml).toContain('<pubDate>Sun, 01 Mar 2026 00:00:00 GMT</pubDate>');
    expect(xml).toContain('href=&quot;https://n.example/other/&quot;');
    expect(xml).toContain('https://n.example/media/1/640/a.jpg 640w');
    expect(xml).not.toContain('\u0001');
  });
  it('replaces an embedded form with a link to the page', () => {
    const html = sanitiseStoredHtml('<p>Hi</p><p>[form id="2"]</p>');
    const xml = renderRss(channel, [{ ...post, html }]);
    expect(xml).not.toContain('[form');
    expect(xml).toContain(
      '&lt;a href=&quot;https://n.example/fish-chips/&quot;&gt;Fill in the form on the site&lt;/a&gt;',
    );
  });
  it('is a valid empty channel without posts', () => {
    expect(renderRss(channel, [])).toContain(
      '<atom:link href="https://n.example/feed.xml" rel="self"',
    );
  });
});

describe('renderSitemap', () => {
  it('lists URLs with their last change', () => {
    expect(renderSitemap([{ url: 'https://n.example/a/?x=1&y=2', lastModified: 0 }])).toContain(
      '<url><loc>https://n.example/a/?x=1&amp;y=2</loc><lastmod>1970-01-01T00:00:00.000Z</lastmod></url>',
    );
  });
});
