import { isSiteOwnPath, redirectKey } from '../features/content/redirect-rules.ts';
import { findRedirectTarget } from '../features/content/server/redirects.ts';
import type { AppContext } from './boot.ts';

/**
 * Where an old address of the site leads, for a GET that nothing else answered (decision 0054):
 * read once per content version and address (a page-cache memo), so a redirect answered from
 * the page cache costs no query, and one not cached yet costs one indexed read.
 */
export function redirectTargetOf(app: AppContext, pathname: string): Promise<string | undefined> {
  const key = redirectKey(pathname);
  if (key === undefined || key === '/' || isSiteOwnPath(key)) return Promise.resolve(undefined);
  return app.pageCache.memo(`redirect:${key}`, () => findRedirectTarget(app.database.db, key));
}
