import type { Db } from '../../../platform/db/connect.ts';
import { adminMessages } from '../messages.ts';
import { type Permission, permissionsOf } from '../permissions.ts';
import { type AdminSession, csrfToken, csrfTokenMatches, readSession } from './sessions.ts';

/** The signed-in user behind a request: the session, its CSRF token and what the user may do. */
export type Owner = {
  userId: number;
  session: AdminSession;
  /** The session's CSRF token, for the screen's forms and calls. */
  csrf: string;
  /** The user's role, as stored; `permissions` is what it holds. */
  role: string;
  permissions: ReadonlySet<Permission>;
};

/** Why an owner's request is refused: 401 without a session, 403 for the rest. */
export type OwnerRefusal = { status: 401 | 403; message: string };

/** The owner a request's session cookie names, if it names a live session. */
export async function readOwner(
  { db, secret }: { db: Db; secret: string },
  cookieHeader: string | null | undefined,
): Promise<Owner | undefined> {
  const session = await readSession(db, cookieHeader);
  if (!session) return undefined;
  const user = await db
    .selectFrom('users')
    .select('role')
    .where('id', '=', session.userId)
    .executeTakeFirst();
  if (!user) return undefined;
  return {
    userId: session.userId,
    session,
    csrf: csrfToken(secret, session),
    role: user.role,
    permissions: permissionsOf(user.role),
  };
}

/** The refusal of a write without a live session. */
export const signedOutRefusal: OwnerRefusal = { status: 401, message: adminMessages.sessionEnded };

/**
 * The check every owner write passes once its session is known: the session's CSRF token (from
 * the form's `csrf` field or the `X-CSRF-Token` header), then the permission the write needs.
 * Undefined when both hold; otherwise the refusal, naming what is missing.
 */
export function refuseOwnerWrite(
  secret: string,
  owner: Owner,
  token: string | null | undefined,
  permission: Permission,
): OwnerRefusal | undefined {
  if (!csrfTokenMatches(secret, owner.session, token)) {
    return { status: 403, message: adminMessages.staleForm };
  }
  if (!owner.permissions.has(permission)) {
    return { status: 403, message: adminMessages.notAllowed(permission) };
  }
  return undefined;
}

/**
 * Whether an owner may change this post or page, beyond the `posts` permission every post
 * write needs: a page needs `pages`, someone else's post `othersPosts` (an author changes only
 * their own). Undefined when allowed; otherwise the refusal, naming what is missing.
 */
export function refusePostChange(
  owner: Owner,
  post: { type: 'post' | 'page'; authorId: number | null },
): OwnerRefusal | undefined {
  if (post.type === 'page') {
    return owner.permissions.has('pages')
      ? undefined
      : { status: 403, message: adminMessages.notAllowed('pages') };
  }
  if (post.authorId === owner.userId || owner.permissions.has('othersPosts')) return undefined;
  return { status: 403, message: adminMessages.notYourPost };
}
