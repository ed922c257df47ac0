import { absoluteUrl } from '../../../platform/absolute-url.ts';
import { escapeHtml } from '../../../platform/html-escape.ts';
import { replaceFormEmbeds } from '../../forms/embed.ts';
import { contentMessages } from '../messages.ts';
import type { PostDetail } from '../post-types.ts';
import { feedStylesheetPath } from './feed-stylesheet.ts';

export type FeedChannel = {
  title: string;
  description: string;
  siteUrl: string;
  feedPath: string;
  linkPath: string;
  locale: string;
};

function xml(text: string): string {
  // Characters XML 1.0 forbids are dropped; the five special ones escaped.
  return escapeHtml(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching forbidden control characters is the point
    text.replace(/[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, ''),
  );
}

/** Makes root-relative links and images absolute, as feed readers need. */
function absolutise(html: string, siteUrl: string): string {
  return html
    .replace(
      /\b(href|src)="\/(?!\/)([^"]*)"/g,
      (_all, attr: string, path: string) => `${attr}="${siteUrl}/${path}"`,
    )
    .replace(
      /\bsrcset="([^"]*)"/g,
      (_all, set: string) => `srcset="${set.replace(/(^|,\s*)\/(?!\/)/g, `$1${siteUrl}/`)}"`,
    );
}

/** An RSS 2.0 document with full post content. */
export function renderRss(channel: FeedChannel, posts: PostDetail[]): string {
  const link = absoluteUrl(channel.siteUrl, channel.linkPath);
  const self = absoluteUrl(channel.siteUrl, channel.feedPath);
  const items = posts.map((post) => {
    const url = absoluteUrl(channel.siteUrl, `/${post.slug}/`);
    return [
      '<item>',
      `<title>${xml(post.title)}</title>`,
      `<link>${xml(url)}</link>`,
      `<guid isPermaLink="true">${xml(url)}</guid>`,
      `<pubDate>${new Date(post.publishedAt).toUTCString()}</pubDate>`,
      ...post.tags.map((tag) => `<category>${xml(tag.name)}</category>`),
      `<description>${xml(post.excerpt)}</description>`,
      `<content:encoded>${xml(
        absolutise(
          replaceFormEmbeds(post.html, `<p><a href="${url}">${contentMessages.formInFeed}</a></p>`),
          channel.siteUrl,
        ),
      )}</content:encoded>`,
      '</item>',
    ].join('');
  });
  const lastBuild = posts[0]
    ? new Date(posts[0].publishedAt).toUTCString()
    : new Date(0).toUTCString();
  return `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="${feedStylesheetPath}"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
<title>${xml(channel.title)}</title>
<link>${xml(link)}</link>
<description>${xml(channel.description)}</description>
<language>${xml(channel.locale)}</language>
<lastBuildDate>${lastBuild}</lastBuildDate>
<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>
${items.join('\n')}
</channel>
</rss>
`;
}

/** A sitemap of the given absolute URLs with their last change. */
export function renderSitemap(entries: { url: string; lastModified: number }[]): string {
  const urls = entries
    .map(
      (e) =>
        `<url><loc>${xml(e.url)}</loc><lastmod>${new Date(e.lastModified).toISOString()}</lastmod></url>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
}
