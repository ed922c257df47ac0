import type { APIRoute } from 'astro';
import { adminMessages } from '../../features/admin/messages.ts';
import { clearedSessionCookie } from '../../features/admin/server/session-cookie.ts';
import {
  csrfTokenMatches,
  endAllSessions,
  endSession,
  readSession,
} from '../../features/admin/server/sessions.ts';
import { readPostedFields } from '../../platform/ajax/ajax-router.ts';
import { bodyLimits } from '../../server/routes.ts';

/**
 * `POST /admin/sign-out` (`everywhere=1` for every device), with the session's CSRF token, so
 * no other site can sign the owner out. Then the sign-in page, saying what happened.
 */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const cookie = request.headers.get('cookie');
  const session = await readSession(app.database.db, cookie);
  const plain = (status: number, text: string) =>
    new Response(text, {
      status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  const posted = await readPostedFields(request, bodyLimits(url.pathname));
  if (!posted.ok) return plain(posted.status, posted.message);
  let notice = 'ended';
  if (session) {
    if (!csrfTokenMatches(app.secret, session, posted.fields.get('csrf'))) {
      return plain(403, adminMessages.staleForm);
    }
    const everywhere = posted.fields.get('everywhere') === '1';
    if (everywhere) await endAllSessions(app.database.db, session.userId);
    else await endSession(app.database.db, cookie);
    notice = everywhere ? 'everywhere' : 'signed-out';
  }
  return new Response(null, {
    status: 303,
    headers: {
      Location: `/admin/sign-in?notice=${notice}`,
      'Set-Cookie': clearedSessionCookie(app.config.siteUrl),
      'Cache-Control': 'no-store',
    },
  });
};
