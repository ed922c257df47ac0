import type { APIRoute } from 'astro';
import { feedStylesheet } from '../features/content/server/feed-stylesheet.ts';
import { publicPageCacheControl } from '../platform/cache/page-cache.ts';

export const GET: APIRoute = () =>
  new Response(feedStylesheet, {
    headers: {
      'Content-Type': 'text/xsl; charset=utf-8',
      'Cache-Control': publicPageCacheControl,
    },
  });
