import type { AjaxAction, AjaxReply } from '../../../platform/ajax/ajax-router.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { forumNoticeMessages, hideNoticeAction, noticeStatusAction } from '../forum-notice.ts';
import { adminMessages } from '../messages.ts';
import { writeForumNoticeState } from './preferences.ts';
import { type AdminSession, csrfTokenMatches, readSession } from './sessions.ts';

/** What the administrator's `/ajax` actions need, built by the composition root. */
export type AdminAjaxContext = { admin: { db: Db; secret: string } };

/**
 * The caller's session, if the request carries one and the `nonce` is its CSRF token; else
 * the refusal: 403 for a visitor and for a missing or wrong nonce.
 */
async function administrator(
  request: Request,
  nonce: string | undefined,
  { db, secret }: AdminAjaxContext['admin'],
): Promise<AdminSession | AjaxReply> {
  const session = await readSession(db, request.headers.get('cookie'));
  if (!session) {
    return { success: false, status: 403, data: { message: forumNoticeMessages.notSignedIn } };
  }
  if (!csrfTokenMatches(secret, session, nonce)) {
    return { success: false, status: 403, data: { message: adminMessages.staleForm } };
  }
  return session;
}

const noticeLimits = {
  maxBodyBytes: 1024,
  maxFields: 5,
  rateLimit: { limit: 120, windowMs: 60_000 },
};

/** Seed §7 call 2: the notice opened (`show`) or closed (`hide`), kept for this administrator. */
const setNoticeStatus: AjaxAction<AdminAjaxContext> = {
  name: noticeStatusAction,
  ...noticeLimits,
  async handle(fields, request, { admin }) {
    const session = await administrator(request, fields.get('nonce'), admin);
    if (!('userId' in session)) return session;
    const status = fields.get('status');
    if (status !== 'hide' && status !== 'show') {
      return { success: false, status: 400, data: { message: forumNoticeMessages.badStatus } };
    }
    await writeForumNoticeState(admin.db, session.userId, status === 'hide' ? 'closed' : 'open');
    return { success: true, data: { status } };
  },
};

/** Seed §7 call 1: the notice hidden for good, for this administrator. */
const hideNotice: AjaxAction<AdminAjaxContext> = {
  name: hideNoticeAction,
  ...noticeLimits,
  async handle(fields, request, { admin }) {
    const session = await administrator(request, fields.get('nonce'), admin);
    if (!('userId' in session)) return session;
    await writeForumNoticeState(admin.db, session.userId, 'hidden');
    return { success: true, data: { message: forumNoticeMessages.dismissed } };
  },
};

export const adminAjaxActions = [setNoticeStatus, hideNotice];
