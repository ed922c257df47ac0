import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
import { userAdminMessages } from '../../src/features/admin/user-messages.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { decodeHtml } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const password = 'correct horse battery staple';

/**
 * Users and roles over HTTP, once per database: invitations through the outbox (send again,
 * revoke, accept once), and each role held to what it may do by the server, on screens, admin
 * calls and downloads, not only in the menu; a removed user's posts go to another.
 */
for (const database of testDatabases()) {
  describe(`users and roles on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;
    let clients = 0;

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      server = await startTestServer({
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: password,
        TRUST_PROXY: '1',
        ...(url ? { DATABASE_URL: url } : {}),
      });
      handle = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
    }, 90_000);
    afterAll(async () => {
      await handle?.db.destroy();
      await server?.stop();
    });

    const headers = (cookie: string, extra: Record<string, string> = {}) => ({
      cookie,
      origin: server.url,
      'x-forwarded-for': `198.51.100.${++clients}`,
      ...extra,
    });
    const get = (path: string, cookie: string) =>
      fetch(`${server.url}${path}`, { headers: headers(cookie), redirect: 'manual' });
    const postForm = (path: string, cookie: string, fields: Record<string, string>) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: headers(cookie, { 'content-type': 'application/x-www-form-urlencoded' }),
        body: new URLSearchParams(fields).toString(),
      });
    const call = async (path: string, who: Session, body: unknown) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: headers(who.cookie, {
          'x-csrf-token': who.csrf,
          'content-type': 'application/json',
        }),
        body: JSON.stringify(body),
      });
      return { status: response.status, reply: (await response.json()) as Record<string, unknown> };
    };
    type Session = { cookie: string; csrf: string };
    const sessionOf = async (response: Response): Promise<Session> => {
      const cookie =
        /quire_session=[^;]+/.exec(response.headers.get('set-cookie') ?? '')?.[0] ?? '';
      const page = await (await get('/admin/account', cookie)).text();
      return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(page)?.[1] ?? '' };
    };
    const signIn = async (email: string) =>
      sessionOf(await postForm('/admin/sign-in', '', { email, password }));
    /** The invitation links mailed to an address, oldest first, read from the outbox. */
    const linksTo = async (email: string) => {
      const rows = await handle.db
        .selectFrom('mail_outbox')
        .select('message')
        .orderBy('id')
        .execute();
      return rows
        .map((row) => JSON.parse(row.message) as { to: string; subject: string; text: string })
        .filter((mail) => mail.to === email)
        .map(
          (mail) =>
            new URL(/(http:\/\/\S+\/admin\/invite\/\S+)/.exec(mail.text)?.[1] ?? '').pathname,
        );
    };
    const accept = (path: string, name: string) =>
      postForm(path, '', { name, password, passwordAgain: password });
    const editorValues = (title: string, type: 'post' | 'page' = 'post') => ({
      type,
      title,
      slug: '',
      body: `${title}, written here.`,
      excerpt: '',
      tags: '',
      coverMediaId: null,
      coverAlt: '',
      seoTitle: '',
      seoDescription: '',
      publish: 'publish',
      date: '',
      time: '',
    });

    it('invites, sends again, revokes, and holds each role to what it may do', async () => {
      const owner = await signIn('owner@example.org');
      const users = await (await get('/admin/users', owner.cookie)).text();
      expect(users).toContain('Invite someone');
      const invite = (email: string, role: string) =>
        postForm('/admin/users', owner.cookie, { csrf: owner.csrf, action: 'invite', email, role });

      const bad = await invite('not an address', 'editor');
      expect(bad.status).toBe(422);
      expect(decodeHtml(await bad.text())).toContain(userAdminMessages.emailInvalid);
      expect((await invite('Author@Example.org', 'author')).status).toBe(303);
      expect((await invite('editor@example.org', 'editor')).status).toBe(303);
      expect((await invite('gone@example.org', 'editor')).status).toBe(303);
      const again = await invite('author@example.org', 'editor');
      expect(again.status).toBe(422);
      expect(decodeHtml(await again.text())).toContain(
        userAdminMessages.alreadyInvited('author@example.org'),
      );

      const pending = await handle.db.selectFrom('user_invites').select(['id', 'email']).execute();
      const idOf = (email: string) => String(pending.find((row) => row.email === email)?.id);
      // Sent again: a new link; the first stops working.
      const [firstLink] = await linksTo('author@example.org');
      expect(
        (
          await postForm('/admin/users', owner.cookie, {
            csrf: owner.csrf,
            action: 'resend',
            id: idOf('author@example.org'),
          })
        ).status,
      ).toBe(303);
      const authorLinks = await linksTo('author@example.org');
      expect(authorLinks).toHaveLength(2);
      expect((await get(firstLink ?? '', '')).status).toBe(410);
      // Revoked: its link no longer works.
      await postForm('/admin/users', owner.cookie, {
        csrf: owner.csrf,
        action: 'revoke',
        id: idOf('gone@example.org'),
      });
      const [goneLink] = await linksTo('gone@example.org');
      const gonePage = await get(goneLink ?? '', '');
      expect(gonePage.status).toBe(410);
      expect(decodeHtml(await gonePage.text())).toContain(userAdminMessages.inviteGone);

      // Accepted once: the account has the invited role, and the link is spent.
      const joined = await accept(authorLinks[1] ?? '', 'Ada Author');
      expect(joined.status).toBe(303);
      expect((await accept(authorLinks[1] ?? '', 'Someone Else')).status).toBe(410);
      const author = await sessionOf(joined);
      const [editorLink] = await linksTo('editor@example.org');
      const editor = await sessionOf(await accept(editorLink ?? '', 'Eve Editor'));
      const roles = await handle.db
        .selectFrom('users')
        .select(['email', 'role'])
        .orderBy('id')
        .execute();
      expect(roles).toEqual([
        { email: 'owner@example.org', role: 'administrator' },
        { email: 'author@example.org', role: 'author' },
        { email: 'editor@example.org', role: 'editor' },
      ]);

      // The author: their own posts only, on every path in.
      const dashboard = decodeHtml(await (await get('/admin', author.cookie)).text());
      expect(dashboard).toContain('href="/admin/posts"');
      expect(dashboard).not.toContain('href="/admin/settings"');
      expect(dashboard).not.toContain('href="/admin/users"');
      for (const [path, need] of [
        ['/admin/settings', 'settings'],
        ['/admin/users', 'users'],
        ['/admin/entries', 'entries'],
        ['/admin/pages', 'pages'],
        ['/admin/forms', 'forms'],
      ] as const) {
        const screen = await get(path, author.cookie);
        expect(screen.status, path).toBe(403);
        expect(decodeHtml(await screen.text())).toContain(adminMessages.notAllowedToSee(need));
      }
      expect(await call('/admin/api/settings', author, { section: 'site', values: {} })).toEqual({
        status: 403,
        reply: { ok: false, message: adminMessages.notAllowed('settings') },
      });
      expect((await call('/admin/api/test-mail', author, {})).status).toBe(403);
      expect((await get('/admin/entries/export.csv?form=1', author.cookie)).status).toBe(403);
      const ownPost = await call('/admin/api/posts/save', author, {
        values: editorValues('Notes from the author'),
      });
      expect(ownPost.status).toBe(201);
      const ownId = (ownPost.reply.post as { id: number; revision: number }).id;
      const page = await call('/admin/api/posts/save', author, {
        values: editorValues('A page of mine', 'page'),
      });
      expect(page).toEqual({
        status: 403,
        reply: { ok: false, message: adminMessages.notAllowed('pages') },
      });
      const ownersPost = await handle.db
        .selectFrom('posts')
        .select(['id', 'revision', 'slug'])
        .where('type', '=', 'post')
        .where('id', '!=', ownId)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const notTheirs = await call('/admin/api/posts/save', author, {
        id: ownersPost.id,
        revision: ownersPost.revision,
        values: editorValues('Taken over'),
      });
      expect(notTheirs).toEqual({
        status: 403,
        reply: { ok: false, message: adminMessages.notYourPost },
      });
      expect(
        (
          await call('/admin/api/posts/trash', author, {
            id: ownersPost.id,
            revision: ownersPost.revision,
          })
        ).status,
      ).toBe(403);
      expect((await get(`/admin/posts/${ownersPost.id}`, author.cookie)).status).toBe(403);
      // Nor through the list's bulk actions, nor by emptying everyone's Trash.
      const bulk = await postForm('/admin/posts', author.cookie, {
        csrf: author.csrf,
        action: 'trash',
        id: `${ownersPost.id}:${ownersPost.revision}`,
      });
      expect(bulk.status).toBe(403);
      expect(decodeHtml(await bulk.text())).toContain(adminMessages.notYourPost);
      const empty = await postForm('/admin/posts?state=trash', author.cookie, {
        csrf: author.csrf,
        action: 'empty',
        confirm: 'yes',
        upTo: String(Date.now()),
      });
      expect(empty.status).toBe(403);
      // An image the author did not upload: theirs to use, not to change.
      const image = await handle.db
        .selectFrom('media')
        .select('id')
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const describe = await postForm(`/admin/media/${image.id}`, author.cookie, {
        csrf: author.csrf,
        action: 'alt',
        alt: 'Renamed by the author',
      });
      expect(describe.status).toBe(403);
      expect(decodeHtml(await describe.text())).toContain(adminMessages.notYourImage);
      const list = decodeHtml(await (await get('/admin/posts', author.cookie)).text());
      expect(list).toContain('Notes from the author');
      expect(list).toMatch(/1 post\b/);

      // The editor: every post and page, no settings.
      const edited = await call('/admin/api/posts/save', editor, {
        id: ownersPost.id,
        revision: ownersPost.revision,
        values: { ...editorValues('Edited by the editor'), slug: ownersPost.slug },
      });
      expect(edited.status).toBe(200);
      expect(
        (await call('/admin/api/posts/save', editor, { values: editorValues('About us', 'page') }))
          .status,
      ).toBe(201);
      expect((await get('/admin/settings', editor.cookie)).status).toBe(403);

      // The site always keeps an administrator.
      const ownerId = String(
        (
          await handle.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'owner@example.org')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const demote = await postForm('/admin/users', owner.cookie, {
        csrf: owner.csrf,
        action: 'role',
        id: ownerId,
        role: 'editor',
      });
      expect(demote.status).toBe(422);
      expect(decodeHtml(await demote.text())).toContain(userAdminMessages.lastAdministrator);
      // Only an administrator changes roles.
      const authorId = String(
        (
          await handle.db
            .selectFrom('users')
            .select('id')
            .where('email', '=', 'author@example.org')
            .executeTakeFirstOrThrow()
        ).id,
      );
      const selfPromotion = await postForm('/admin/users', author.cookie, {
        csrf: author.csrf,
        action: 'role',
        id: authorId,
        role: 'administrator',
      });
      expect(selfPromotion.status).toBe(403);

      // The author's post says who wrote it, on the site.
      const slug = (
        await handle.db
          .selectFrom('posts')
          .select('slug')
          .where('id', '=', ownId)
          .executeTakeFirstOrThrow()
      ).slug;
      expect(decodeHtml(await (await fetch(`${server.url}/${slug}/`)).text())).toContain(
        'by Ada Author',
      );

      // Removed, the author is signed out and their post goes to the owner.
      const removed = await postForm('/admin/users', owner.cookie, {
        csrf: owner.csrf,
        action: 'remove',
        id: authorId,
        heir: ownerId,
      });
      expect(removed.status).toBe(303);
      expect(
        decodeHtml(await (await get(removed.headers.get('location') ?? '', owner.cookie)).text()),
      ).toContain('Ada Author was removed; 1 post goes to Site owner.');
      expect((await get('/admin', author.cookie)).status).toBe(303);
      const heir = await handle.db
        .selectFrom('posts')
        .select('author_id')
        .where('id', '=', ownId)
        .executeTakeFirstOrThrow();
      expect(String(heir.author_id)).toBe(ownerId);
      // The page cached while it was hers names the owner now.
      const handedOn = decodeHtml(await (await fetch(`${server.url}/${slug}/`)).text());
      expect(handedOn).toContain('by Site owner');
      expect(handedOn).not.toContain('by Ada Author');
    }, 120_000);
  });
}
