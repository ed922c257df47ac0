import type { APIRoute } from 'astro';
import { adminMessages } from '../../../features/admin/messages.ts';
import { csrfTokenMatches, readSession } from '../../../features/admin/server/sessions.ts';
import { siteChrome } from '../../../server/public-page.ts';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' },
  });

/**
 * `POST /admin/api/test-mail` with the session's CSRF token in `X-CSRF-Token`: sends a mail to
 * the signed-in administrator at once, past the outbox, and says whether the mail server took
 * it, or why not (an unreachable server, a refused sender): the owner learns it here, not from
 * a missing notification weeks later.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { app } = locals;
  const session = await readSession(app.database.db, request.headers.get('cookie'));
  if (!session) return json(401, { ok: false, message: adminMessages.sessionEnded });
  if (!csrfTokenMatches(app.secret, session, request.headers.get('x-csrf-token'))) {
    return json(403, { ok: false, message: adminMessages.staleForm });
  }
  const [user, chrome] = await Promise.all([
    app.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', session.userId)
      .executeTakeFirstOrThrow(),
    siteChrome(app),
  ]);
  const title = chrome.identity.title;
  const result = await app.mail.sendNow({
    to: user.email,
    subject: adminMessages.testMailSubject(title),
    text: adminMessages.testMailText(title, app.mail.destination),
  });
  if (!result.sent) {
    app.log.warn('Test mail failed', { problem: result.problem });
    return json(502, { ok: false, message: adminMessages.testMailFailed(result.problem) });
  }
  return json(200, { ok: true, message: adminMessages.testMailSent(user.email) });
};
