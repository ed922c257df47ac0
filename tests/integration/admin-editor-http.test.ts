import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages, editorMessages } from '../../src/features/admin/messages.ts';
import type { PostEditorValues } from '../../src/features/admin/post-editor.ts';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { createAdmin } from '../../src/features/admin/server/users.ts';
import { writeSiteSettings } from '../../src/features/site/server/site-settings-store.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

type Reply = { status: number; body: Record<string, unknown> };
type SavedPost = {
  id: number;
  slug: string;
  state: string;
  publishedAt: number | null;
  cover: { id: number; alt: string } | null;
};

const blank: PostEditorValues = {
  type: 'post',
  title: '',
  slug: '',
  body: '',
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

/**
 * The post and page editor's calls over HTTP on the built site: saving a draft, publishing,
 * editing, scheduling and deleting, the preview, and image uploads with a disguised file
 * refused; each refused without a session or its CSRF token. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the post editor over HTTP on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let csrf = '';

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      server = await startTestServer(url ? { DATABASE_URL: url } : {});
      handle = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
      const admin = await createAdmin(handle.db, {
        name: 'Owner',
        email: 'owner@example.org',
        password: 'a long and careful password',
      });
      cookie = `${sessionCookieName}=${await createSession(handle.db, admin.id)}`;
      const page = await fetch(`${server.url}/admin/posts/new`, { headers: { cookie } });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      expect(csrf).not.toBe('');
    }, 90_000);
    afterAll(async () => {
      await handle?.db.destroy();
      await server?.stop();
    });

    const call = async (
      path: string,
      body: unknown,
      auth: { cookie?: string; csrf?: string } = { cookie, csrf },
    ): Promise<Reply> => {
      const form = body instanceof FormData;
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          // A browser sends its origin with every POST; Astro refuses a form without one.
          ...(form ? { origin: server.url } : { 'content-type': 'application/json' }),
          ...(auth.cookie ? { cookie: auth.cookie } : {}),
          ...(auth.csrf ? { 'x-csrf-token': auth.csrf } : {}),
        },
        body: form ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    /** A save from the editor, made from the post's revision as the editor would have it. */
    const save = async (values: Partial<PostEditorValues>, id?: number) => {
      const stored =
        id === undefined
          ? undefined
          : await handle.db
              .selectFrom('posts')
              .select('revision')
              .where('id', '=', id)
              .executeTakeFirst();
      const revision = id === undefined ? undefined : (stored?.revision ?? 1);
      return call('/admin/api/posts/save', { id, values: { ...blank, ...values }, revision });
    };
    const site = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      return { status: response.status, html: await response.text() };
    };
    const image = async (format: 'png' | 'jpeg') =>
      sharp({
        create: { width: 640, height: 400, channels: 3, background: { r: 200, g: 90, b: 40 } },
      })
        .toFormat(format)
        .toBuffer();
    const upload = (bytes: Uint8Array, name: string, type: string, alt = '') => {
      const form = new FormData();
      form.set('file', new File([Buffer.from(bytes)], name, { type }));
      form.set('alt', alt);
      return call('/admin/api/media', form);
    };

    it('refuses every editor call without a session or without its CSRF token', async () => {
      const calls: [string, unknown][] = [
        ['/admin/api/posts/save', { values: { ...blank, title: 'Forged' } }],
        ['/admin/api/posts/trash', { id: 1, revision: 1 }],
        ['/admin/api/preview', { body: 'Hello' }],
      ];
      for (const [path, body] of calls) {
        expect((await call(path, body, {})).status).toBe(401);
        expect((await call(path, body, { cookie })).status).toBe(403);
        expect((await call(path, body, { cookie, csrf: `${csrf}x` })).status).toBe(403);
      }
      const form = new FormData();
      form.set('file', new File([await image('png')], 'a.png', { type: 'image/png' }));
      expect((await call('/admin/api/media', form, { cookie })).status).toBe(403);
      const forged = await handle.db
        .selectFrom('posts')
        .select('id')
        .where('title', '=', 'Forged')
        .execute();
      expect(forged).toEqual([]);
      const editor = await fetch(`${server.url}/admin/posts/new`, { redirect: 'manual' });
      expect(editor.status).toBe(303);
    });

    it('saves a draft that visitors do not see, then publishes it for them at once', async () => {
      const draft = await save({
        title: 'Bread from the <admin>',
        body: 'A loaf of **rye**.\n\n<script>alert(1)</script>',
        tags: 'Baking, Rye, baking',
        seoTitle: 'Rye bread, step by step',
        seoDescription: 'How the rye loaf is made.',
      });
      expect(draft.status).toBe(201);
      expect(draft.body.message).toBe(editorMessages.draftSaved);
      const post = draft.body.post as SavedPost & { tags: string[]; excerpt: string };
      expect(post).toMatchObject({ slug: 'bread-from-the-admin', state: 'draft' });
      expect(post.tags).toEqual(['Baking', 'Rye']);
      // Left empty, the excerpt is made from the text, and stays empty in the editor.
      expect(post.excerpt).toBe('');
      expect((await site('/bread-from-the-admin/')).status).toBe(404);

      const editor = await fetch(`${server.url}/admin/posts/${post.id}`, { headers: { cookie } });
      expect(editor.status).toBe(200);
      const editorHtml = await editor.text();
      expect(editorHtml).toContain('value="Bread from the &lt;admin&gt;"');
      expect(editorHtml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;</textarea>');

      const published = await save(
        { title: 'Bread from the <admin>', body: 'A loaf of **rye**.', publish: 'publish' },
        post.id,
      );
      expect(published.status).toBe(200);
      expect(published.body.message).toBe(editorMessages.published);
      const page = await site('/bread-from-the-admin/');
      expect(page.status).toBe(200);
      expect(page.html).toContain('<strong>rye</strong>');
      expect(page.html).toContain('Bread from the &lt;admin&gt;');
      // Cleared in the second save: the title and excerpt stand in again.
      expect(page.html).toMatch(/<title>Bread from the &lt;admin&gt;/);

      const edited = await save(
        {
          title: 'Bread from the admin, edited',
          slug: 'bread-from-the-admin',
          body: 'Now with **caraway**.',
          seoTitle: 'Rye bread, step by step',
          seoDescription: 'How the rye loaf is made.',
          publish: 'publish',
        },
        post.id,
      );
      expect(edited.body.message).toBe(editorMessages.updated);
      expect((edited.body.post as SavedPost).publishedAt).toBe(
        (published.body.post as SavedPost).publishedAt,
      );
      const again = await site('/bread-from-the-admin/');
      expect(again.html).toContain('<strong>caraway</strong>');
      expect(again.html).toMatch(/<title>Rye bread, step by step/);
      expect(again.html).toContain('content="How the rye loaf is made."');
    });

    it('schedules a post for a time to come in the site’s zone, and refuses one gone by', async () => {
      const past = await save({
        title: 'Too late',
        publish: 'schedule',
        date: '2020-01-01',
        time: '10:00',
      });
      expect(past.status).toBe(422);
      expect(past.body.fieldErrors).toEqual({
        date: 'That time has passed: pick one to come, or publish now.',
      });
      const unreal = await save({
        title: 'Unreal',
        publish: 'schedule',
        date: '2030-02-30',
        time: '10:00',
      });
      expect(unreal.body.fieldErrors).toEqual({ date: 'Enter a real date and time.' });

      const scheduled = await save({
        title: 'Spring walk',
        body: 'Soon.',
        publish: 'schedule',
        date: '2031-04-01',
        time: '09:30',
      });
      expect(scheduled.status).toBe(201);
      const post = scheduled.body.post as SavedPost;
      expect(post.state).toBe('scheduled');
      expect(post.publishedAt).toBe(Date.UTC(2031, 3, 1, 9, 30));
      expect(scheduled.body.message).toBe(editorMessages.scheduled('2031-04-01 09:30 (UTC)'));
      expect((await site('/spring-walk/')).status).toBe(404);

      // The site's time zone moves the same wall-clock time: Paris is UTC+2 in April.
      await writeSiteSettings(handle.db, { timeZone: 'Europe/Paris' });
      const inParis = await save(
        {
          title: 'Spring walk',
          body: 'Soon.',
          publish: 'schedule',
          date: '2031-04-01',
          time: '09:30',
        },
        post.id,
      );
      expect((inParis.body.post as SavedPost).publishedAt).toBe(Date.UTC(2031, 3, 1, 7, 30));
      await writeSiteSettings(handle.db, { timeZone: 'UTC' });
    });

    it('says at the field what is wrong: no title, a taken or malformed address', async () => {
      const untitled = await save({ title: '  ' });
      expect(untitled).toMatchObject({
        status: 422,
        body: { message: editorMessages.invalid, fieldErrors: { title: 'Give it a title.' } },
      });
      const malformed = await save({ title: 'Slug', slug: 'Not A Slug' });
      expect(malformed.body.fieldErrors).toEqual({
        slug: 'Use lower-case letters, digits and hyphens, at most 80 characters.',
      });
      const taken = await save({ title: 'Another', slug: 'bread-from-the-admin' });
      expect(taken.body.fieldErrors).toEqual({
        slug: '"bread-from-the-admin" is already used by another post.',
      });
      const missing = await save({ title: 'Ghost' }, 999_999);
      expect(missing).toMatchObject({ status: 404, body: { message: editorMessages.notFound } });
    });

    it('previews Markdown as the site renders it, with embedded forms held still', async () => {
      const preview = await call('/admin/api/preview', {
        body: 'Some **bold** text.\n\n<script>alert(1)</script>\n\n[form id="1"]',
      });
      expect(preview.status).toBe(200);
      const html = String(preview.body.html);
      expect(html).toContain('<strong>bold</strong>');
      expect(html).not.toContain('<script');
      expect(html).toMatch(/<div class="admin-preview-form" inert><div class="qforms-container"/);
    });

    it('opens a post with its preview already shown, so nothing arrives later to move the screen', async () => {
      const saved = await save({ title: 'Preview at once', body: 'Rain **all day** at sea.' });
      expect(saved.status).toBe(201);
      const { id } = saved.body.post as SavedPost;
      const page = await fetch(`${server.url}/admin/posts/${id}`, { headers: { cookie } });
      const html = await page.text();
      const preview = /<div class="admin-preview">(.*?)<\/div>/s.exec(html)?.[1] ?? '';
      expect(preview).toContain('Rain <strong>all day</strong> at sea.');
      expect(html).not.toContain(editorMessages.previewEmpty);
      // A new post has nothing to preview yet: the hint stands where the preview will be.
      const fresh = await fetch(`${server.url}/admin/posts/new`, { headers: { cookie } });
      expect(await fresh.text()).toContain(editorMessages.previewEmpty);
    });

    it('stores uploaded images through the media pipeline and refuses disguised files', async () => {
      const png = await upload(await image('png'), 'Red Square.png', 'image/png', 'A red square');
      expect(png.status).toBe(201);
      const stored = png.body.image as { id: number; width: number; path: string };
      expect(stored.width).toBe(640);
      expect(stored.path).toMatch(new RegExp(`^/media/${stored.id}/\\d+/red-square\\.png$`));
      const variant = await fetch(`${server.url}${stored.path}`);
      expect(variant.status).toBe(200);
      expect(variant.headers.get('content-type')).toBe('image/png');

      // A JPEG named as a PNG is stored as the JPEG it is.
      const renamed = await upload(await image('jpeg'), 'photo.png', 'image/png');
      expect((renamed.body.image as { path: string }).path).toMatch(/photo\.jpg$/);

      const script = new TextEncoder().encode('#!/bin/sh\nrm -rf /\n');
      const disguised = await upload(script, 'holiday.jpg', 'image/jpeg');
      expect(disguised).toEqual({
        status: 422,
        body: {
          ok: false,
          message: editorMessages.uploadFailed('holiday.jpg: not an image Quire can read.'),
        },
      });
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      const vector = await upload(svg, 'logo.png', 'image/png');
      expect(vector.status).toBe(422);
      expect(vector.body.message).toBe(
        editorMessages.uploadFailed('logo.png: use a JPEG, PNG, WebP or GIF image.'),
      );
      const empty = await call('/admin/api/media', new FormData());
      expect(empty).toMatchObject({ status: 400, body: { message: editorMessages.uploadNoFile } });

      // The image in the text and as the cover, with its description.
      const post = await save({
        title: 'With a picture',
        body: `Look:\n\n![A red square](${stored.path})`,
        coverMediaId: stored.id,
        coverAlt: 'A red square, as the cover',
        publish: 'publish',
      });
      expect(post.status).toBe(201);
      expect((post.body.post as SavedPost).cover).toMatchObject({
        id: stored.id,
        alt: 'A red square, as the cover',
      });
      const page = await site('/with-a-picture/');
      expect(page.html).toMatch(/<img[^>]+alt="A red square"[^>]+srcset=/);
      expect(page.html).toContain('alt="A red square, as the cover"');
      const noCover = await save({ title: 'No such cover', coverMediaId: 987_654 });
      expect(noCover.body.fieldErrors).toEqual({ coverAlt: 'there is no such image.' });
    });

    it('moves a post to the Trash: gone from the site, its editor offers Restore', async () => {
      const created = await save({ title: 'Short-lived', body: 'Bye.', publish: 'publish' });
      const post = created.body.post as SavedPost & { revision: number };
      expect((await site('/short-lived/')).status).toBe(200);
      // Only from the revision the editor opened.
      const stale = await call('/admin/api/posts/trash', { id: post.id, revision: 99 });
      expect(stale).toEqual({
        status: 409,
        body: { ok: false, message: editorMessages.changedBeforeTrash('post') },
      });
      const moved = await call('/admin/api/posts/trash', { id: post.id, revision: post.revision });
      expect(moved.status).toBe(200);
      expect(moved.body.list).toBe(
        `/admin/posts?done=trash&n=1&undo=${post.id}%3A${post.revision + 1}`,
      );
      expect((await site('/short-lived/')).status).toBe(404);
      const editor = await fetch(`${server.url}/admin/posts/${post.id}`, { headers: { cookie } });
      expect(editor.status).toBe(200);
      const html = await editor.text();
      expect(html).toContain(`value="restore:${post.id}:${post.revision + 1}"`);
      expect(html).not.toContain('data-admin-island="PostEditor"');
      // A save from an editor left open elsewhere is refused, not written into the Trash.
      const late = await save({ title: 'Short-lived, edited' }, post.id);
      expect(late).toEqual({
        status: 409,
        body: { ok: false, message: editorMessages.inTrash('post') },
      });
      expect((await call('/admin/api/posts/trash', { id: 987_654, revision: 1 })).status).toBe(404);
    });

    it('edits pages in the page editor, never a post as a page', async () => {
      const page = await save({ type: 'page', title: 'About the admin', publish: 'publish' });
      expect(page.status).toBe(201);
      const id = (page.body.post as SavedPost).id;
      expect((await fetch(`${server.url}/admin/pages/${id}`, { headers: { cookie } })).status).toBe(
        200,
      );
      expect((await fetch(`${server.url}/admin/posts/${id}`, { headers: { cookie } })).status).toBe(
        404,
      );
      const asPost = await save({ type: 'post', title: 'About the admin' }, id);
      expect(asPost).toMatchObject({ status: 409, body: { message: editorMessages.wrongType } });
    });

    it('changes the password with the current one only, and signs out every other device', async () => {
      const admin = await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
      const other = `${sessionCookieName}=${await createSession(handle.db, admin.id)}`;
      const change = (fields: Record<string, string>, origin = server.url) =>
        fetch(`${server.url}/admin/account`, {
          method: 'POST',
          redirect: 'manual',
          headers: {
            cookie,
            origin,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams(fields).toString(),
        });
      const next = 'a new and longer password';
      const forged = await change({ current: 'a long and careful password', next, again: next });
      expect(forged.status).toBe(403);
      const wrong = await change({ csrf, current: 'not it at all', next, again: next });
      expect(wrong.status).toBe(422);
      expect(await wrong.text()).toContain(adminMessages.currentPasswordWrong);
      const short = await change({
        csrf,
        current: 'a long and careful password',
        next: 'short',
        again: 'short',
      });
      expect(await short.text()).toContain('The password needs at least 12 characters.');
      const differ = await change({
        csrf,
        current: 'a long and careful password',
        next,
        again: `${next}!`,
      });
      expect(await differ.text()).toContain(adminMessages.setupPasswordsDiffer);

      const changed = await change({
        csrf,
        current: 'a long and careful password',
        next,
        again: next,
      });
      expect(changed.status).toBe(303);
      expect(changed.headers.get('location')).toBe('/admin/account?notice=changed');
      const fresh = new RegExp(`(${sessionCookieName}=[^;]+)`).exec(
        changed.headers.get('set-cookie') ?? '',
      )?.[1];
      expect(fresh).toBeDefined();
      const page = (session: string) =>
        fetch(`${server.url}/admin/account`, { headers: { cookie: session }, redirect: 'manual' });
      expect((await page(other)).status).toBe(303);
      expect((await page(cookie)).status).toBe(303);
      const mine = await page(fresh ?? '');
      expect(mine.status).toBe(200);
      expect(await mine.text()).toContain('owner@example.org');
      const signIn = await fetch(`${server.url}/admin/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'owner@example.org', password: next }).toString(),
      });
      expect(signIn.status).toBe(303);
    });
  });
}
