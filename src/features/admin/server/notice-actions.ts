import type { AjaxAction, AjaxReply } from '../../../platform/ajax/ajax-router.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { forumNoticeMessages, hideNoticeAction, noticeStatusAction } from '../forum-notice.ts';
import { type Owner, readOwner, refuseOwnerWrite, signedOutRefusal } from './owner-check.ts';
import { writeForumNoticeState } from './preferences.ts';

/** What the administrator's `/ajax` actions need, built by the composition root. */
export type AdminAjaxContext = { admin: { db: Db; secret: string } };

/**
 * The caller, checked as every owner write is (`owner-check.ts`), with the `nonce` as the
 * CSRF token (seed §7 calls 1–2): the owner, or the refusal in the router's reply.
 */
async function owner(
  request: Request,
  nonce: string | undefined,
  admin: AdminAjaxContext['admin'],
): Promise<Owner | AjaxReply> {
  const caller = await readOwner(admin, request.headers.get('cookie'));
  const refusal = caller
    ? refuseOwnerWrite(admin.secret, caller, nonce, 'account')
    : signedOutRefusal;
  if (!refusal) return caller!;
  return { success: false, status: refusal.status, data: { message: refusal.message } };
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
    const caller = await owner(request, fields.get('nonce'), admin);
    if (!('userId' in caller)) return caller;
    const status = fields.get('status');
    if (status !== 'hide' && status !== 'show') {
      return { success: false, status: 400, data: { message: forumNoticeMessages.badStatus } };
    }
    await writeForumNoticeState(admin.db, caller.userId, status === 'hide' ? 'closed' : 'open');
    return { success: true, data: { status } };
  },
};

/** Seed §7 call 1: the notice hidden for good, for this administrator. */
const hideNotice: AjaxAction<AdminAjaxContext> = {
  name: hideNoticeAction,
  ...noticeLimits,
  async handle(fields, request, { admin }) {
    const caller = await owner(request, fields.get('nonce'), admin);
    if (!('userId' in caller)) return caller;
    await writeForumNoticeState(admin.db, caller.userId, 'hidden');
    return { success: true, data: { message: forumNoticeMessages.dismissed } };
  },
};

export const adminAjaxActions = [setNoticeStatus, hideNotice];
