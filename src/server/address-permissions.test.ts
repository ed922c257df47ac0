import { describe, expect, it } from 'vitest';
import { adminMessages } from '../features/admin/messages.ts';
import { type Permission, permissions } from '../features/admin/permissions.ts';
import type { Owner } from '../features/admin/server/owner-check.ts';
import { csrfToken } from '../features/admin/server/sessions.ts';
import type { AdminPage } from './admin-page.ts';
import { postRedirectAction, postRedirectImport } from './admin-redirects.ts';
import { postTagAction } from './admin-tags.ts';
import type { AppContext } from './boot.ts';

const secret = 'a secret of the site, long enough for the test';
const session = { userId: 3, tokenHash: 'hash-of-the-session', expiresAt: Date.now() + 60_000 };

/**
 * A signed-in user holding every permission but `missing` (an Editor without redirects, say):
 * a site without its database, so a write that got past the check would fail loudly.
 */
function adminWithout(missing: Permission): AdminPage {
  const owner: Owner = {
    userId: 3,
    session,
    csrf: csrfToken(secret, session),
    role: 'editor',
    permissions: new Set(permissions.filter((permission) => permission !== missing)),
  };
  const app = { secret } as unknown as AppContext;
  return {
    app,
    owner,
    userId: 3,
    userName: 'Editor',
    can: [...owner.permissions],
    csrf: owner.csrf,
    siteTitle: '',
    newEntries: 0,
  };
}

const formPost = (path: string, fields: Record<string, string>) =>
  new Request(`http://quire.invalid${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

describe('the Tags and Redirects screens’ writes', () => {
  it('need the redirects permission: add, delete and import are refused without it', async () => {
    const admin = adminWithout('redirects');
    const refusal = {
      status: 403,
      notice: { kind: 'error', message: adminMessages.notAllowed('redirects') },
    };
    const writes: Record<string, string>[] = [
      { action: 'add', from: '/old/', to: '/new/' },
      { action: 'delete', id: '1', confirm: 'yes' },
    ];
    for (const fields of writes) {
      const outcome = await postRedirectAction(
        admin,
        formPost('/admin/redirects', { csrf: admin.csrf, ...fields }),
      );
      expect(outcome).toMatchObject({ kind: 'refused', ...refusal });
    }
    const form = new FormData();
    form.set('csrf', admin.csrf);
    form.set('action', 'plan');
    form.set('file', new File(['/old/,/new/'], 'redirects.csv'));
    const imported = await postRedirectImport(
      admin,
      new Request('http://quire.invalid/admin/redirects/import', { method: 'POST', body: form }),
    );
    expect(imported).toMatchObject({ kind: 'refused', ...refusal });
  });

  it('need the tags permission: a rename, a new address and a delete are refused without it', async () => {
    const admin = adminWithout('tags');
    const writes: Record<string, string>[] = [
      { action: 'save', name: 'Trains', slug: 'trains', description: '' },
      { action: 'delete', confirm: 'yes' },
    ];
    for (const fields of writes) {
      const outcome = await postTagAction(
        admin,
        formPost('/admin/tags/1', { csrf: admin.csrf, ...fields }),
        1,
      );
      expect(outcome).toMatchObject({
        kind: 'refused',
        status: 403,
        notice: { kind: 'error', message: adminMessages.notAllowed('tags') },
      });
    }
  });
});
