import { z } from 'zod';
import { isRole, type Role } from '../features/admin/permissions.ts';
import {
  changeRole,
  type InviteRow,
  inviteUser,
  listInvites,
  listUsers,
  removeUser,
  renewInvite,
  revokeInvite,
  type UserRow,
} from '../features/admin/server/user-admin.ts';
import { UserError } from '../features/admin/server/users.ts';
import { userAdminMessages as m, roleNames } from '../features/admin/user-messages.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost } from './owner-action.ts';

export type UsersNotice = { kind: 'done' | 'error'; message: string };

export type UsersScreen = {
  users: UserRow[];
  invites: InviteRow[];
  timeZone: string;
};

export async function loadUsersScreen(admin: AdminPage): Promise<UsersScreen> {
  const { db } = admin.app.database;
  const [users, invites, site] = await Promise.all([
    listUsers(db),
    listInvites(db),
    readSiteSettings(db, admin.app.log),
  ]);
  return { users, invites, timeZone: site.timeZone };
}

const text = z.string().catch('');
const usersInput = z.object({
  action: z.enum(['invite', 'resend', 'revoke', 'role', 'remove']).catch('invite'),
  email: text,
  role: text,
  id: z.coerce.number().int().positive().catch(0),
  heir: z.coerce.number().int().positive().catch(0),
});

export type UsersOutcome =
  | { kind: 'done'; redirect: Response }
  | {
      kind: 'refused';
      status: number;
      notice: UsersNotice;
      typed?: { email: string; role: string };
    };

/** Back to the list, the notice named by a code and its words (never free text from a link). */
const done = (code: DoneCode, values: Record<string, string | number> = {}) => ({
  kind: 'done' as const,
  redirect: seeOther(
    `/admin/users?${new URLSearchParams({ done: code, ...Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) })}`,
  ),
});

type DoneCode = 'invited' | 'resent' | 'revoked' | 'role' | 'removed';

/**
 * An administrator's change to the users: invite (the link goes out through the outbox), send
 * an invitation again with a new link, revoke one, change a role, remove a user (handing their
 * posts on). Done, back to the list with a notice; refused, the reason, nothing typed lost.
 */
export async function postUsersAction(admin: AdminPage, request: Request): Promise<UsersOutcome> {
  const { app } = admin;
  const { db } = app.database;
  const write = await ownerPost(admin, request, { permission: 'users', input: usersInput });
  if (!write.ok) {
    return {
      kind: 'refused',
      status: write.status,
      notice: { kind: 'error', message: write.message },
    };
  }
  const { action, email, role, id, heir } = write.input;
  const refused = (message: string, status = 422) => ({
    kind: 'refused' as const,
    status,
    notice: { kind: 'error' as const, message },
    typed: { email, role },
  });
  try {
    switch (action) {
      case 'invite': {
        if (!isRole(role)) return refused(m.role);
        const invite = await inviteUser(db, { email, role, invitedBy: admin.userId });
        await mailInvite(admin, invite.email, role, invite.token);
        app.log.info(`Users: ${invite.email} invited as ${role} by user ${admin.userId}`);
        return done('invited', { who: invite.email });
      }
      case 'resend': {
        const invite = await renewInvite(db, id);
        if (!invite) return refused(m.noSuchInvite, 404);
        await mailInvite(
          admin,
          invite.email,
          isRole(invite.role) ? invite.role : 'author',
          invite.token,
        );
        return done('resent', { who: invite.email });
      }
      case 'revoke': {
        const invite = (await listInvites(db)).find((row) => row.id === id);
        if (!invite || !(await revokeInvite(db, id))) return refused(m.noSuchInvite, 404);
        app.log.info(`Users: invitation of ${invite.email} revoked by user ${admin.userId}`);
        return done('revoked', { who: invite.email });
      }
      case 'role': {
        if (!isRole(role)) return refused(m.role);
        const user = (await listUsers(db)).find((row) => row.id === id);
        if (!user) return refused(m.noSuchUser, 404);
        await changeRole(db, id, role);
        app.log.info(`Users: ${user.email} is now ${role}, by user ${admin.userId}`);
        return done('role', { who: user.name || user.email, role });
      }
      case 'remove': {
        const users = await listUsers(db);
        const user = users.find((row) => row.id === id);
        const heirUser = users.find((row) => row.id === heir);
        if (!user) return refused(m.noSuchUser, 404);
        const { posts } = await removeUser(db, { userId: id, heirId: heir, by: admin.userId });
        app.log.info(
          `Users: ${user.email} removed by user ${admin.userId}; ${posts} posts handed on`,
        );
        return done('removed', {
          who: user.name || user.email,
          posts,
          heir: heirUser?.name || heirUser?.email || '',
        });
      }
    }
  } catch (error) {
    if (error instanceof UserError) return refused(error.message);
    throw error;
  }
}

async function mailInvite(admin: AdminPage, email: string, role: Role, token: string) {
  const { app } = admin;
  const { timeZone } = await readSiteSettings(app.database.db, app.log);
  const until = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone }).format(
    Date.now() + 7 * 24 * 60 * 60 * 1000,
  );
  await app.mail.enqueue({
    to: email,
    subject: m.mailSubject(admin.siteTitle),
    text: m.mailText(
      admin.siteTitle,
      admin.userName,
      roleNames[role],
      `${app.config.siteUrl}/admin/invite/${token}`,
      until,
    ),
  });
}

/** The notice a redirect after a change carries (`?done=invited&who=ada@example.org`). */
export function usersDoneNotice(params: URLSearchParams): UsersNotice | undefined {
  const who = (params.get('who') ?? '').slice(0, 320);
  const role = params.get('role');
  const notices: Record<string, () => string | undefined> = {
    invited: () => m.invited(who),
    resent: () => m.resent(who),
    revoked: () => m.revoked(who),
    role: () => (isRole(role) ? m.roleChanged(who, roleNames[role]) : undefined),
    removed: () =>
      m.removed(who, Number(params.get('posts')) || 0, (params.get('heir') ?? '').slice(0, 320)),
  };
  const message = Object.hasOwn(notices, params.get('done') ?? '')
    ? notices[params.get('done') ?? '']?.()
    : undefined;
  return message ? { kind: 'done', message } : undefined;
}
