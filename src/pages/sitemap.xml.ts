import type { APIRoute } from 'astro';
import { listSitemapEntries, listTagsInUse } from '../features/content/server/posts.ts';
import { renderSitemap } from '../features/content/server/rss.ts';
import { absoluteUrl } from '../platform/absolute-url.ts';
import { publicPageCacheControl } from '../platform/cache/page-cache.ts';

export const GET: APIRoute = async ({ locals: { app } }) => {
  const site = app.config.siteUrl;
  const [posts, tags] = await Promise.all([
    listSitemapEntries(app.database),
    listTagsInUse(app.database),
  ]);
  const newest = posts.reduce((max, p) => Math.max(max, p.updated_at), 0);
  const body = renderSitemap([
    { url: absoluteUrl(site, '/'), lastModified: newest },
    ...posts.map((p) => ({ url: absoluteUrl(site, `/${p.slug}/`), lastModified: p.updated_at })),
    ...tags.map((t) => ({ url: absoluteUrl(site, `/tag/${t.slug}/`), lastModified: newest })),
  ]);
  return new Response(body, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': publicPageCacheControl,
    },
  });
};
