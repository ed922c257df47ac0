import { sql } from 'kysely';
import { csrfToken, readSession } from '../features/admin/server/sessions.ts';
import type { AppContext } from './boot.ts';
import { siteChrome } from './public-page.ts';

type AstroLike = {
  locals: { app: AppContext };
  request: Request;
  url: URL;
  redirect: (path: string, status?: 301 | 302 | 303 | 307 | 308) => Response;
};

export type AdminPage = {
  app: AppContext;
  userId: number;
  userName: string;
  /** The session's CSRF token, for the screen's forms and calls. */
  csrf: string;
  siteTitle: string;
  /** Entries this administrator has not seen yet, up to 100: the sidebar's badge. */
  newEntries: number;
};

/**
 * Starts a signed-in admin screen: the administrator and what every screen shows, or the
 * redirect to the sign-in page (coming back here afterwards) when the request has no session.
 */
export async function startAdminPage(astro: AstroLike): Promise<AdminPage | Response> {
  const { app } = astro.locals;
  const session = await readSession(app.database.db, astro.request.headers.get('cookie'));
  if (!session) {
    const back =
      astro.url.pathname === '/admin' ? '' : `?next=${encodeURIComponent(astro.url.pathname)}`;
    return astro.redirect(`/admin/sign-in${back}`, 303);
  }
  const [user, chrome] = await Promise.all([
    app.database.db
      .selectFrom('users')
      .select(['name', 'email'])
      // The badge in the same query: an index range after the owner's mark, stopped at 100.
      .select(
        sql<number | string>`(select count(*) from (select 1 from form_entries
          where status = 'entry'
          and id > (select entries_seen_id from users where id = ${session.userId})
          limit 100) as unseen)`.as('new_entries'),
      )
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow(),
    siteChrome(app),
  ]);
  return {
    app,
    userId: session.userId,
    userName: user.name || user.email,
    csrf: csrfToken(app.secret, session),
    siteTitle: chrome.identity.title,
    newEntries: Number(user.new_entries),
  };
}
