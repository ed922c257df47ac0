import { absoluteUrl } from '../../platform/absolute-url.ts';

/** What a page tells search engines and social networks about itself. */
export type Seo = {
  title: string;
  description: string;
  /** Path of the canonical URL, starting with `/`. */
  path: string;
  type: 'website' | 'article';
  image?: { url: string; width: number; height: number; alt: string } | undefined;
  publishedAt?: number | undefined;
  updatedAt?: number | undefined;
  tags?: string[] | undefined;
  noindex?: boolean | undefined;
};

export type SiteIdentity = { title: string; description: string; url: string; locale: string };

/** `Post title · Site` for inner pages, the site's own title for the home page. */
export function documentTitle(seo: Seo, site: SiteIdentity): string {
  return seo.title === site.title ? site.title : `${seo.title} · ${site.title}`;
}

/** Schema.org description of the page, as JSON-LD. */
export function jsonLdFor(seo: Seo, site: SiteIdentity): Record<string, unknown> {
  const url = absoluteUrl(site.url, seo.path);
  if (seo.type === 'article') {
    return {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: seo.title,
      description: seo.description,
      url,
      mainEntityOfPage: url,
      ...(seo.image ? { image: absoluteUrl(site.url, seo.image.url) } : {}),
      ...(seo.publishedAt ? { datePublished: new Date(seo.publishedAt).toISOString() } : {}),
      ...(seo.updatedAt ? { dateModified: new Date(seo.updatedAt).toISOString() } : {}),
      ...(seo.tags?.length ? { keywords: seo.tags.join(', ') } : {}),
      author: { '@type': 'Organization', name: site.title, url: site.url },
      publisher: { '@type': 'Organization', name: site.title, url: site.url },
    };
  }
  return {
    '@context': 'https://schema.org',
    '@type': seo.path === '/' ? 'WebSite' : 'WebPage',
    name: seo.title,
    description: seo.description,
    url,
    ...(seo.path === '/'
      ? {
          potentialAction: {
            '@type': 'SearchAction',
            target: `${absoluteUrl(site.url, '/search')}?q={search_term_string}`,
            'query-input': 'required name=search_term_string',
          },
        }
      : {}),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no tag can close it. */
export function serializeJsonLd(data: Record<string, unknown>): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
