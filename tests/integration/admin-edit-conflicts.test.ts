import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
import type { PostEditorValues } from '../../src/features/admin/post-editor.ts';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { createAdmin } from '../../src/features/admin/server/users.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * Two people, or two tabs, editing one post or form (issue 28, point 10): the later save, made
 * from the revision its editor opened, is refused with 409 and told who saved since and when;
 * nothing is overwritten unless it saves again from the newer revision ("save anyway"). Two
 * saves from one revision racing each other: one wins, the other is told.
 */

const blank: PostEditorValues = {
  type: 'post',
  title: '',
  slug: '',
  body: 'Text.',
  excerpt: '',
  tags: '',
  coverMediaId: null,
  coverAlt: '',
  seoTitle: '',
  seoDescription: '',
  publish: 'draft',
  date: '',
  time: '',
};

const form = (title: string) => ({
  title,
  fields: [{ id: 1, type: 'text', label: 'Your name' }],
});

for (const database of testDatabases()) {
  describe(`edit conflicts over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    /** The owner, and a second person with an account of their own. */
    const people: Record<'owner' | 'grace', { cookie: string; csrf: string }> = {
      owner: { cookie: '', csrf: '' },
      grace: { cookie: '', csrf: '' },
    };

    const csrfOf = async (cookie: string) =>
      /name="csrf" value="([^"]+)"/.exec(
        await (await fetch(`${server.url}/admin`, { headers: { cookie } })).text(),
      )?.[1] ?? '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle } = site);
      people.owner = { cookie: site.cookie, csrf: await csrfOf(site.cookie) };
      const grace = await createAdmin(handle.db, {
        name: 'Grace Editor',
        email: 'grace@example.org',
        password: 'another long and careful password',
      });
      const cookie = `${sessionCookieName}=${await createSession(handle.db, grace.id)}`;
      people.grace = { cookie, csrf: await csrfOf(cookie) };
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const call = async (who: keyof typeof people, path: string, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: people[who].cookie,
          'x-csrf-token': people[who].csrf,
        },
        body: JSON.stringify(body),
      });
      return {
        status: response.status,
        body: (await response.json()) as {
          ok: boolean;
          message: string;
          conflict?: { revision: number };
          post?: { id: number; revision: number; title: string };
          id?: number;
          revision?: number;
        },
      };
    };

    it('refuses a post saved from an older revision, naming who saved it since', async () => {
      const savePost = (who: keyof typeof people, id: number, title: string, revision: number) =>
        call(who, '/admin/api/posts/save', { id, values: { ...blank, title }, revision });
      const created = await call('owner', '/admin/api/posts/save', {
        values: { ...blank, title: 'Opened twice' },
      });
      expect(created.status).toBe(201);
      const { id, revision: opened } = created.body.post!;

      // Two tabs opened revision 1; the first saves.
      const first = await savePost('owner', id, 'From the first tab', opened);
      expect(first.status).toBe(200);
      expect(first.body.post?.revision).toBe(opened + 1);

      // The second tab's save is refused, and nothing it sent is stored.
      const second = await savePost('owner', id, 'From the second tab', opened);
      expect(second.status).toBe(409);
      expect(second.body.ok).toBe(false);
      expect(second.body.conflict).toEqual({ revision: opened + 1 });
      expect(second.body.message).toMatch(
        /^This post was saved by you, in another tab or window, on /,
      );
      const stored = () =>
        handle.db
          .selectFrom('posts')
          .select(['title', 'revision'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      expect(await stored()).toEqual({ title: 'From the first tab', revision: opened + 1 });

      // Saved anyway: from the newer revision, as the editor's button sends it.
      const anyway = await savePost('owner', id, 'From the second tab', opened + 1);
      expect(anyway.status).toBe(200);
      expect(await stored()).toEqual({ title: 'From the second tab', revision: opened + 2 });

      // Someone else saves; the owner's older editor is told who.
      expect((await savePost('grace', id, 'Grace was here', opened + 2)).status).toBe(200);
      const late = await savePost('owner', id, 'The owner again', opened + 2);
      expect(late.status).toBe(409);
      expect(late.body.message).toMatch(/^This post was saved by Grace Editor on \d/);
      expect((await stored()).title).toBe('Grace was here');

      // An editor must say what it opened.
      const blind = await call('owner', '/admin/api/posts/save', {
        id,
        values: { ...blank, title: 'No revision' },
      });
      expect(blind).toMatchObject({ status: 400, body: { message: adminMessages.unreadable } });
    });

    it('refuses a form saved from an older revision, and lets one of two racing saves win', async () => {
      const created = await call('owner', '/admin/api/forms/save', { definition: form('Racing') });
      expect(created.status).toBe(201);
      const id = created.body.id!;
      expect(created.body.revision).toBe(1);
      const saveForm = (who: keyof typeof people, title: string, revision: number) =>
        call(who, '/admin/api/forms/save', { id, definition: form(title), revision });

      expect((await saveForm('grace', 'Grace’s form', 1)).body.revision).toBe(2);
      const stale = await saveForm('owner', 'The owner’s form', 1);
      expect(stale.status).toBe(409);
      expect(stale.body.conflict).toEqual({ revision: 2 });
      expect(stale.body.message).toMatch(/^This form was saved by Grace Editor on \d/);
      const title = async () =>
        (
          await handle.db
            .selectFrom('forms')
            .select('title')
            .where('id', '=', id)
            .executeTakeFirstOrThrow()
        ).title;
      expect(await title()).toBe('Grace’s form');

      // Two saves from revision 2 at once: exactly one is stored, the other is told.
      const race = await Promise.all([
        saveForm('owner', 'First of the race', 2),
        saveForm('grace', 'Second of the race', 2),
      ]);
      expect(race.map((reply) => reply.status).sort()).toEqual([200, 409]);
      const winner = race.find((reply) => reply.status === 200)!;
      expect(await title()).toBe(winner === race[0] ? 'First of the race' : 'Second of the race');
      expect(winner.body.revision).toBe(3);
    });
  });
}
