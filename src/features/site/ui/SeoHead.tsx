import { absoluteUrl } from '../../../platform/absolute-url.ts';
import { renderedOncePerProps } from '../../../platform/astro-react.ts';
import { documentTitle, jsonLdFor, type Seo, type SiteIdentity, serializeJsonLd } from '../seo.ts';

export function SeoHead({ seo, site }: { seo: Seo; site: SiteIdentity }) {
  const url = absoluteUrl(site.url, seo.path);
  const title = documentTitle(seo, site);
  const image = seo.image ? absoluteUrl(site.url, seo.image.url) : undefined;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={seo.description} />
      <link rel="canonical" href={url} />
      {seo.noindex && <meta name="robots" content="noindex, follow" />}
      <meta property="og:site_name" content={site.title} />
      <meta property="og:locale" content={site.locale} />
      <meta property="og:type" content={seo.type} />
      <meta property="og:title" content={seo.title} />
      <meta property="og:description" content={seo.description} />
      <meta property="og:url" content={url} />
      {image && seo.image && (
        <>
          <meta property="og:image" content={image} />
          <meta property="og:image:width" content={String(seo.image.width)} />
          <meta property="og:image:height" content={String(seo.image.height)} />
          <meta property="og:image:alt" content={seo.image.alt} />
        </>
      )}
      {seo.type === 'article' && seo.publishedAt && (
        <meta property="article:published_time" content={new Date(seo.publishedAt).toISOString()} />
      )}
      {seo.type === 'article' && seo.updatedAt && (
        <meta property="article:modified_time" content={new Date(seo.updatedAt).toISOString()} />
      )}
      {seo.type === 'article' &&
        seo.tags?.map((tag) => <meta key={tag} property="article:tag" content={tag} />)}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={seo.title} />
      <meta name="twitter:description" content={seo.description} />
      {image && <meta name="twitter:image" content={image} />}
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD escaped by serializeJsonLd
        dangerouslySetInnerHTML={{ __html: serializeJsonLd(jsonLdFor(seo, site)) }}
      />
    </>
  );
}

renderedOncePerProps(SeoHead);
