import { publicPageCacheControl } from '../platform/cache/page-cache.ts';
import type { AppContext } from './boot.ts';
import { loadSiteChrome, type SiteChrome } from './page-chrome.ts';

type AstroLike = { locals: { app: AppContext }; response: { headers: Headers } };

/** Starts a public page: marks it cacheable for anonymous visitors and loads the site chrome. */
export async function startPublicPage(
  astro: AstroLike,
): Promise<{ app: AppContext; chrome: SiteChrome }> {
  const { app } = astro.locals;
  astro.response.headers.set('Cache-Control', publicPageCacheControl);
  return { app, chrome: await siteChrome(app) };
}

/** The site chrome, loaded once per content version. */
export function siteChrome(app: AppContext): Promise<SiteChrome> {
  return app.pageCache.memo('site-chrome', () =>
    loadSiteChrome(app.database, app.config.siteUrl, app.log),
  );
}
