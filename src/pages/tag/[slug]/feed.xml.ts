import type { APIRoute } from 'astro';
import { findTagBySlug, listFeedPosts } from '../../../features/content/server/posts.ts';
import { renderRss } from '../../../features/content/server/rss.ts';
import { isValidSlug } from '../../../features/content/slug.ts';
import { readSiteSettings } from '../../../features/site/server/site-settings-store.ts';
import { publicPageCacheControl } from '../../../platform/cache/page-cache.ts';

export const GET: APIRoute = async ({ params, locals: { app }, rewrite }) => {
  const slug = params.slug ?? '';
  const tag = isValidSlug(slug) ? await findTagBySlug(app.database, slug) : undefined;
  if (!tag) return rewrite('/404');
  const settings = await readSiteSettings(app.database.db, app.log);
  const posts = await listFeedPosts(app.database, { limit: 20, tagSlug: slug });
  const body = renderRss(
    {
      title: `${settings.title}: ${tag.name}`,
      description: tag.description || `Posts about ${tag.name} on ${settings.title}.`,
      siteUrl: app.config.siteUrl,
      feedPath: `/tag/${slug}/feed.xml`,
      linkPath: `/tag/${slug}/`,
      locale: settings.locale,
    },
    posts,
  );
  return new Response(body, {
    headers: {
      // application/xml, not application/rss+xml: browsers then render it through the stylesheet
      // instead of offering a download; feed readers accept both (decision 0026).
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': publicPageCacheControl,
    },
  });
};
