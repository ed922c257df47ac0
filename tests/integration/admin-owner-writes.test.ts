import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { adminRoutes } from '../../src/server/routes.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * Every owner write passes one checked action (issue 28, point 16): walked over every admin
 * route that takes a body, a write without a session is sent to sign in (a call is answered
 * 401), and one with a forged CSRF token is refused 403 with the message saying so; nothing
 * changes either way. The sign-in and set-up forms are the only writes made without a session.
 */

const withoutSession = new Set(['/admin/sign-in', '/admin/setup/{token}', '/admin/invite/{token}']);

/** A plausible body for each kind of route: what a real write of it would carry. */
function bodyFor(reads: string | undefined, token: string): { body: BodyInit; type?: string } {
  if (reads === 'json') {
    return { body: JSON.stringify({ id: 1, definition: {}, values: {}, section: 'site' }) };
  }
  const form = new FormData();
  form.set('csrf', token);
  const fields = { action: 'delete', id: '1', entries: 'delete', confirm: 'yes', everywhere: '1' };
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  if (reads === 'files') form.set('file', new File(['{}'], 'file.json'));
  return reads === 'files'
    ? { body: form }
    : {
        body: new URLSearchParams([...form].map(([n, v]) => [n, String(v)])),
        type: 'application/x-www-form-urlencoded',
      };
}

for (const database of testDatabases()) {
  describe(`owner writes over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      await handle.db
        .insertInto('form_entries')
        .values({
          form_id: 1,
          status: 'entry',
          spam_reason: null,
          fields: '[]',
          page_url: '/contact/',
          visitor_id: null,
          user_agent: 'test',
          started_at: null,
          submitted_at: Date.now(),
          created_at: Date.now(),
          fingerprint: 'owner-writes-1',
        })
        .execute();
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    /** What the owner's writes could change, to see that none did. */
    const snapshot = async () =>
      JSON.stringify(
        await Promise.all([
          handle.db.selectFrom('forms').selectAll().orderBy('id').execute(),
          handle.db.selectFrom('posts').select(['id', 'updated_at']).orderBy('id').execute(),
          handle.db.selectFrom('form_entries').select(['id', 'status']).orderBy('id').execute(),
          handle.db.selectFrom('sessions').select('token_hash').orderBy('token_hash').execute(),
          handle.db.selectFrom('settings').selectAll().orderBy('key').execute(),
          handle.db.selectFrom('media').select(['id', 'alt']).orderBy('id').execute(),
        ]),
      );

    it('refuses every write without a session or with a forged token, changing nothing', async () => {
      const before = await snapshot();
      const writes = [...adminRoutes].filter(
        ([template, rules]) => rules.methods.includes('POST') && !withoutSession.has(template),
      );
      expect(writes.length).toBeGreaterThan(15);
      for (const [template, rules] of writes) {
        const entry = await handle.db.selectFrom('form_entries').select('id').executeTakeFirst();
        const id = template.startsWith('/admin/entries/') ? entry?.id : 1;
        const path = template.replace('{id}', String(id));
        const call = template.startsWith('/admin/api/');
        const send = (headers: Record<string, string>, token: string) => {
          const { body, type } = bodyFor(rules.reads, token);
          return fetch(`${server.url}${path}`, {
            method: 'POST',
            redirect: 'manual',
            headers: {
              origin: server.url,
              ...(rules.reads === 'json' ? { 'content-type': 'application/json' } : {}),
              ...(type ? { 'content-type': type } : {}),
              ...headers,
            },
            body,
          });
        };

        const anonymous = await send({}, 'forged');
        if (call) {
          expect(anonymous.status, template).toBe(401);
          expect(await anonymous.json(), template).toEqual({
            ok: false,
            message: adminMessages.sessionEnded,
          });
        } else {
          expect(anonymous.status, template).toBe(303);
          expect(anonymous.headers.get('location'), template).toMatch(
            /^\/admin\/sign-in\?(next=[^&]+&)?notice=ended$/,
          );
        }

        const forged = await send({ cookie, 'x-csrf-token': 'forged' }, 'forged');
        expect(forged.status, template).toBe(403);
        expect(await forged.text(), template).toContain(adminMessages.staleForm);
      }
      expect(await snapshot()).toBe(before);
    }, 60_000);
  });
}
