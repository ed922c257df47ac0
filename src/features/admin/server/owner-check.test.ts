import { describe, expect, it } from 'vitest';
import { adminMessages } from '../messages.ts';
import { administratorPermissions, permissions, permissionsOf } from '../permissions.ts';
import { type Owner, refuseOwnerWrite } from './owner-check.ts';
import { csrfToken } from './sessions.ts';

const secret = 'a secret of the site, long enough for the test';
const session = { userId: 7, tokenHash: 'hash-of-the-session', expiresAt: Date.now() + 60_000 };

const ownerWith = (held: Owner['permissions']): Owner => ({
  userId: 7,
  session,
  csrf: csrfToken(secret, session),
  role: 'administrator',
  permissions: held,
});

describe('refuseOwnerWrite', () => {
  it('lets an administrator make every write with the session’s token', () => {
    const owner = ownerWith(administratorPermissions);
    for (const permission of permissions) {
      expect(refuseOwnerWrite(secret, owner, owner.csrf, permission)).toBeUndefined();
    }
  });

  it('refuses a missing, forged or other session’s token before anything else', () => {
    const owner = ownerWith(new Set());
    const other = csrfToken(secret, { ...session, tokenHash: 'another session' });
    for (const token of [undefined, null, '', 'forged', other, `${owner.csrf}x`]) {
      expect(refuseOwnerWrite(secret, owner, token, 'forms')).toEqual({
        status: 403,
        message: adminMessages.staleForm,
      });
    }
  });

  it('refuses a write the user’s permissions do not hold, naming what it changes', () => {
    const owner = ownerWith(new Set(['posts', 'account']));
    expect(refuseOwnerWrite(secret, owner, owner.csrf, 'posts')).toBeUndefined();
    const refusal = refuseOwnerWrite(secret, owner, owner.csrf, 'settings');
    expect(refusal).toEqual({ status: 403, message: adminMessages.notAllowed('settings') });
    expect(refusal?.message).toContain('the site’s settings');
  });
});

describe('roles', () => {
  it('give an editor the content and an author their own posts, and nothing else', () => {
    const editor = ownerWith(permissionsOf('editor'));
    const author = ownerWith(permissionsOf('author'));
    for (const permission of [
      'posts',
      'othersPosts',
      'pages',
      'tags',
      'media',
      'redirects',
    ] as const) {
      expect(refuseOwnerWrite(secret, editor, editor.csrf, permission)).toBeUndefined();
    }
    for (const permission of ['settings', 'forms', 'entries', 'users', 'payments'] as const) {
      expect(refuseOwnerWrite(secret, editor, editor.csrf, permission)?.status).toBe(403);
    }
    expect(refuseOwnerWrite(secret, author, author.csrf, 'posts')).toBeUndefined();
    expect(refuseOwnerWrite(secret, author, author.csrf, 'media')).toBeUndefined();
    for (const permission of [
      'othersPosts',
      'pages',
      'tags',
      'othersMedia',
      'redirects',
    ] as const) {
      expect(refuseOwnerWrite(secret, author, author.csrf, permission)).toEqual({
        status: 403,
        message: adminMessages.notAllowed(permission),
      });
    }
  });

  it('read an unknown stored role as the least one', () => {
    expect(permissionsOf('owner')).toEqual(permissionsOf('author'));
    expect(permissionsOf('administrator')).toEqual(new Set(permissions));
  });
});
