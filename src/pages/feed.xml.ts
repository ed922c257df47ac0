import type { APIRoute } from 'astro';
import { listFeedPosts } from '../features/content/server/posts.ts';
import { renderRss } from '../features/content/server/rss.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { publicPageCacheControl } from '../platform/cache/page-cache.ts';

export const GET: APIRoute = async ({ locals: { app } }) => {
  const settings = await readSiteSettings(app.database.db, app.log);
  const posts = await listFeedPosts(app.database, { limit: 20 });
  const body = renderRss(
    {
      title: settings.title,
      description: settings.description,
      siteUrl: app.config.siteUrl,
      feedPath: '/feed.xml',
      linkPath: '/',
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
