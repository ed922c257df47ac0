import { z } from 'zod';
import { adminMessages } from '../../../features/admin/messages.ts';
import { adminJson } from '../../../server/admin-api.ts';
import { ownerCall } from '../../../server/owner-action.ts';
import { siteChrome } from '../../../server/public-page.ts';

/**
 * `POST /admin/api/test-mail` with the session's CSRF token in `X-CSRF-Token`: sends a mail to
 * the signed-in administrator at once, past the outbox, and says whether the mail server took
 * it, or why not (an unreachable server, a refused sender), or that there is no mail server and
 * it was only written to a local folder: the owner learns it here, not from a missing
 * notification weeks later.
 */
export const POST = ownerCall(
  { permission: 'settings', input: z.object({}) },
  async ({ app, owner }) => {
    const [user, chrome] = await Promise.all([
      app.database.db
        .selectFrom('users')
        .select('email')
        .where('id', '=', owner.userId)
        .executeTakeFirstOrThrow(),
      siteChrome(app),
    ]);
    const title = chrome.identity.title;
    const route = await app.mail.route();
    const result = await app.mail.sendNow({
      to: user.email,
      subject: adminMessages.testMailSubject(title),
      text: adminMessages.testMailText(title, route.destination),
    });
    if (!result.sent) {
      app.log.warn('Test mail failed', { problem: result.problem });
      return adminJson(502, {
        ok: false,
        message: adminMessages.testMailFailed(result.problem, route.source === 'environment'),
      });
    }
    if (!result.route.reachesPeople) {
      return adminJson(200, {
        ok: false,
        message: adminMessages.testMailKeptLocally(result.route.destination),
      });
    }
    return adminJson(200, { ok: true, message: adminMessages.testMailSent(user.email) });
  },
);
