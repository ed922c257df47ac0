import type { APIRoute } from 'astro';
import { z } from 'zod';
import { clearedSessionCookie } from '../../features/admin/server/session-cookie.ts';
import { endAllSessions, endSession } from '../../features/admin/server/sessions.ts';
import { checkOwnerWrite } from '../../server/owner-action.ts';

/**
 * `POST /admin/sign-out` (`everywhere=1` for every device), with the session's CSRF token, so
 * no other site can sign the owner out. Then the sign-in page, saying what happened; a session
 * that had ended already is simply forgotten.
 */
export const POST: APIRoute = async ({ request, locals: { app } }) => {
  const write = await checkOwnerWrite(app, request, {
    permission: 'account',
    input: z.object({ everywhere: z.literal('1').optional().catch(undefined) }),
  });
  if (!write.ok && write.status !== 401) {
    return new Response(write.message, {
      status: write.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  let notice = 'ended';
  if (write.ok) {
    const everywhere = write.input.everywhere === '1';
    if (everywhere) await endAllSessions(app.database.db, write.owner.userId);
    else await endSession(app.database.db, request.headers.get('cookie'));
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
