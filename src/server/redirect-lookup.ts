import { homeQueryOf, isSiteOwnPath, redirectKey } from '../features/content/redirect-rules.ts';
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

/**
 * Where an old WordPress address on the home page leads (`/?p=123`, `/?page_id=…`,
 * `/?attachment_id=…`, `/?cat=…`, `/?tag=…`; decision 0063), with the rest of the visitor's
 * query; undefined for any other request, and for one no import knows: the home page answers.
 */
export async function homeQueryTargetOf(
  app: AppContext,
  url: URL,
): Promise<{ target: string; rest: string } | undefined> {
  const asked = homeQueryOf(url);
  if (!asked) return undefined;
  const target = await app.pageCache.memo(`redirect:${asked.key}`, () =>
    findRedirectTarget(app.database.db, asked.key),
  );
  return target === undefined ? undefined : { target, rest: asked.rest };
}
