import type { APIRoute } from 'astro';
import { publicPageCacheControl } from '../platform/cache/page-cache.ts';

export const GET: APIRoute = ({ locals: { app } }) =>
  new Response(
    [
      'User-agent: *',
      'Disallow: /ajax',
      'Disallow: /search',
      '',
      `Sitemap: ${app.config.siteUrl}/sitemap.xml`,
      '',
    ].join('\n'),
    {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        'Cache-Control': publicPageCacheControl,
      },
    },
  );
