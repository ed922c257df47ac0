import { sql } from 'kysely';
import { adminMessages } from '../features/admin/messages.ts';
import type { Permission } from '../features/admin/permissions.ts';
import { type Owner, readOwner } from '../features/admin/server/owner-check.ts';
import type { AppContext } from './boot.ts';
import { siteChrome } from './public-page.ts';

type AstroLike = {
  locals: App.Locals;
  request: Request;
  url: URL;
  redirect: (path: string, status?: 301 | 302 | 303 | 307 | 308) => Response;
  rewrite: (path: string) => Promise<Response>;
};

export type AdminPage = {
  app: AppContext;
  /** The signed-in user: what `ownerPost` checks the screen's forms against. */
  owner: Owner;
  userId: number;
  userName: string;
  /** What the user may do, for the sidebar and the screen's own buttons. */
  can: Permission[];
  /** The session's CSRF token, for the screen's forms and calls. */
  csrf: string;
  siteTitle: string;
  /** Entries this administrator has not seen yet, up to 100: the sidebar's badge. */
  newEntries: number;
};

/**
 * Starts a signed-in admin screen: the user and what every screen shows, or the redirect to
 * the sign-in page (coming back here afterwards) when the request has no session, or the 403
 * screen naming what is missing when the user's role does not hold `need`. Its forms are
 * checked by `ownerPost` against the owner read here.
 */
export async function startAdminPage(
  astro: AstroLike,
  need: Permission,
): Promise<AdminPage | Response> {
  const { app } = astro.locals;
  const owner = await readOwner(
    { db: app.database.db, secret: app.secret },
    astro.request.headers.get('cookie'),
  );
  if (!owner) {
    const query = new URLSearchParams();
    if (astro.url.pathname !== '/admin') query.set('next', astro.url.pathname);
    // A form posted after the session ended: the sign-in page says why it is shown.
    if (astro.request.method === 'POST') query.set('notice', 'ended');
    const search = query.size > 0 ? `?${query}` : '';
    return astro.redirect(`/admin/sign-in${search}`, 303);
  }
  if (!owner.permissions.has(need))
    return forbiddenScreen(astro, adminMessages.notAllowedToSee(need));
  const [user, chrome] = await Promise.all([
    app.database.db
      .selectFrom('users')
      .select(['name', 'email'])
      // The badge in the same query: an index range after the owner's mark, stopped at 100.
      .select(
        sql<number | string>`(select count(*) from (select 1 from form_entries
          where status = 'entry'
          and id > (select entries_seen_id from users where id = ${owner.userId})
          limit 100) as unseen)`.as('new_entries'),
      )
      .where('id', '=', owner.userId)
      .executeTakeFirstOrThrow(),
    siteChrome(app),
  ]);
  return {
    app,
    owner,
    userId: owner.userId,
    userName: user.name || user.email,
    can: [...owner.permissions],
    csrf: owner.csrf,
    siteTitle: chrome.identity.title,
    newEntries: Number(user.new_entries),
  };
}

/** The 403 screen, at the address asked for, saying what the user's role does not hold. */
export function forbiddenScreen(astro: AstroLike, message: string): Promise<Response> {
  astro.locals.forbidden = message;
  return astro.rewrite('/admin/forbidden');
}
