import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaMessages as m } from '../../src/features/admin/media-messages.ts';
import { adminMessages } from '../../src/features/admin/messages.ts';
import { readOwner } from '../../src/features/admin/server/owner-check.ts';
import { sweepOrphanVariants } from '../../src/features/content/server/media-library.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import {
  readSiteSettings,
  writeSiteSettings,
} from '../../src/features/site/server/site-settings-store.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { createLogger } from '../../src/platform/log.ts';
import { editorUpload, imageWrite, libraryUpload } from '../../src/server/admin-media.ts';
import type { AppContext } from '../../src/server/boot.ts';
import { sweepUnclaimedImages } from '../../src/server/media-sweep.ts';
import { checkOwnerWrite } from '../../src/server/owner-action.ts';
import {
  type AdminSite,
  adminRequests,
  csrfOf,
  decodeHtml,
  startAdminSite,
} from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The media library over HTTP on the built site (issue 29, point 4): what uses each image (posts'
 * and pages' texts and covers, forms, settings), read again after a post changes; uploads that
 * name their uploader; descriptions that the site shows at once; deletions refused while the
 * image is used, or carried out of its uses once confirmed; the day-old sweep of the editor's
 * unused uploads, on a clock the test sets; and the `media` permission. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the media library over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let ownerId = 0;
    const log = createLogger('silent');

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      ownerId = (await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const requests = () => adminRequests({ server, cookie });
    const get = (path: string) => requests().get(path);
    const post = (path: string, fields: Record<string, string>) => requests().post(path, fields);
    const csrf = async () => csrfOf((await get('/admin/media')).body);
    const cacheDir = () => join(server.dataDir, 'cache', 'media');
    const sweepDeps = () => ({ database: handle, log, mediaCacheDir: cacheDir() });

    const png = (colour: number) =>
      sharp({
        create: { width: 400, height: 300, channels: 3, background: { r: colour, g: 120, b: 60 } },
      })
        .png()
        .toBuffer();
    /** An image sent as the library (`/admin/api/media/upload`) or the editor sends it. */
    const upload = async (from: 'library' | 'editor', name: string, colour = 10) => {
      const form = new FormData();
      form.set('file', new File([await png(colour)], name, { type: 'image/png' }));
      const response = await fetch(
        `${server.url}/admin/api/media${from === 'library' ? '/upload' : ''}`,
        {
          method: 'POST',
          headers: { cookie, origin: server.url, 'x-csrf-token': await csrf() },
          body: form,
        },
      );
      const body = (await response.json()) as { image: { id: number; path: string } };
      expect(response.status).toBe(201);
      return body.image;
    };
    const row = (id: number) =>
      handle.db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
    const detail = async (id: number) => decodeHtml((await get(`/admin/media/${id}`)).body);
    const postRow = (id: number) =>
      handle.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

    it('says where each image is used: posts’ and pages’ texts and covers, forms, settings; again after a post changes', async () => {
      const inText = await upload('library', 'In the text.png', 20);
      const cover = await upload('library', 'Cover.png', 40);
      const logo = await upload('library', 'Logo.png', 60);
      const unused = await upload('library', 'Unused.png', 80);
      const saved = await savePost(handle, {
        type: 'page',
        title: 'Where images go',
        body: `Intro.\n\n![](${inText.path})\n\nMore words.`,
        coverMediaId: cover.id,
        status: 'published',
      });
      await writeSiteSettings(handle.db, { logoImageId: logo.id });
      const form = await saveForm(handle, {
        title: 'Pick a picture',
        fields: [
          {
            id: 1,
            type: 'radio',
            label: 'Which?',
            imageChoices: true,
            choices: [{ label: 'This one', image: `/media/${inText.id}/640/in-the-text.png` }],
          },
        ],
      });

      const text = await detail(inText.id);
      expect(text).toContain(
        `href="/admin/pages/${saved.id}">${m.use({ kind: 'page', id: saved.id, title: 'Where images go', inText: true, asCover: false })}`,
      );
      expect(text).toContain(`href="/admin/forms/${form.id}">Form: Pick a picture`);
      expect(await detail(cover.id)).toContain('Page: Where images go, as the cover');
      expect(await detail(logo.id)).toContain('href="/admin/settings">Settings: Logo');
      expect(await detail(unused.id)).toContain(m.usedNowhere);
      // The demo's first image is the demo forms' and its posts' too.
      expect(await detail(4)).toMatch(/Form: .*Post: |Post: .*Form: /s);

      // The library lists them with their counts, and finds the unused and undescribed ones.
      const unusedList = decodeHtml((await get('/admin/media?show=unused&view=list')).body);
      expect(unusedList).toContain('unused.png');
      expect(unusedList).not.toContain('in-the-text.png');
      expect(decodeHtml((await get('/admin/media?q=IN-THE')).body)).toContain('in-the-text.png');
      expect(decodeHtml((await get('/admin/media?q=IN-THE')).body)).not.toContain('cover.png');
      const described = decodeHtml((await get('/admin/media?q=highland%20meadows')).body);
      expect(described).toContain('lika-meadows.jpg');
      expect(decodeHtml((await get('/admin/media?show=no-alt')).body)).not.toContain(
        'lika-meadows.jpg',
      );

      // The page is saved without the image: it no longer uses it, nor does the form once
      // changed; the cover stays.
      const page = await postRow(saved.id);
      await savePost(
        handle,
        {
          type: 'page',
          title: page.title,
          body: 'Only words now.',
          coverMediaId: cover.id,
          status: 'published',
        },
        saved.id,
      );
      await saveForm(
        handle,
        { title: 'Pick a picture', fields: [{ id: 1, type: 'text', label: 'Which?' }] },
        form.id,
      );
      expect(await detail(inText.id)).toContain(m.usedNowhere);
      expect(await detail(cover.id)).toContain('Page: Where images go, as the cover');
      await writeSiteSettings(handle.db, { logoImageId: null });
    });

    it('names who uploaded an image, and keeps the library’s uploads while the editor’s wait a day for a saved post', async () => {
      const kept = await upload('library', 'Kept.png');
      const used = await upload('editor', 'Used later.png');
      const dropped = await upload('editor', 'Never saved.png');
      const setting = await upload('editor', 'Share image.png');
      expect(await row(kept.id)).toMatchObject({
        uploaded_by: ownerId,
        keep_unused: 1,
        used_at: null,
      });
      expect(await row(dropped.id)).toMatchObject({
        uploaded_by: ownerId,
        keep_unused: 0,
        used_at: null,
      });
      expect(Number((await row(kept.id))?.size)).toBe((await png(10)).byteLength);
      expect(await detail(kept.id)).toMatch(/Uploaded<\/dt><dd><time[^>]*>[^<]* by Owner</);

      // A draft saved with one marks it used; a saved settings tab marks the share image.
      const draft = await savePost(handle, {
        type: 'post',
        title: 'A draft with a picture',
        body: `![Described in the post](${used.path})`,
      });
      expect((await row(used.id))?.used_at).not.toBeNull();
      // The post's description is the image's from now on (the library had none).
      expect((await row(used.id))?.alt).toBe('Described in the post');
      const settingsPage = (await get('/admin/settings')).body;
      const siteValues = JSON.parse(
        decodeHtml(/data-props="([^"]+)"/.exec(settingsPage)?.[1] ?? '{}'),
      ).values.site;
      const saved = await fetch(`${server.url}/admin/api/settings`, {
        method: 'POST',
        headers: {
          cookie,
          origin: server.url,
          'content-type': 'application/json',
          'x-csrf-token': csrfOf((await get('/admin/media')).body),
        },
        body: JSON.stringify({
          section: 'site',
          values: { ...siteValues, defaultShareImageId: setting.id },
        }),
      });
      expect(saved.status).toBe(200);
      expect((await row(setting.id))?.used_at).not.toBeNull();

      // The waiting one says when it goes; its resized copy is on the disk.
      expect(await detail(dropped.id)).toContain(
        'Added in a post’s editor and not used by any saved post yet',
      );
      expect((await fetch(`${server.url}${dropped.path}`)).status).toBe(200);
      expect(readdirSync(cacheDir()).some((name) => name.startsWith(`${dropped.id}-`))).toBe(true);

      // Within the day nothing goes; a day later only the never-used upload does.
      expect(await sweepUnclaimedImages(sweepDeps(), Date.now())).toBe(0);
      const dayLater = Date.now() + 24 * 60 * 60_000 + 60_000;
      expect(await sweepUnclaimedImages(sweepDeps(), dayLater)).toBe(1);
      expect(await row(dropped.id)).toBeUndefined();
      expect(readdirSync(cacheDir()).some((name) => name.startsWith(`${dropped.id}-`))).toBe(false);
      expect((await fetch(`${server.url}${dropped.path}`)).status).toBe(404);
      for (const id of [kept.id, used.id, setting.id]) expect(await row(id)).toBeDefined();

      // A resized copy of an image deleted through another instance goes from this one's disk.
      writeFileSync(join(cacheDir(), '987654-320.webp'), 'stale');
      expect(await sweepOrphanVariants(handle.db, cacheDir())).toBe(1);
      expect(existsSync(join(cacheDir(), '987654-320.webp'))).toBe(false);

      // Used once is kept for good, even after the post lets it go; the sweep can run twice.
      await savePost(
        handle,
        { type: 'post', title: 'A draft with a picture', body: 'No picture.' },
        draft.id,
      );
      expect(await sweepUnclaimedImages(sweepDeps(), dayLater)).toBe(0);
      expect(await row(used.id)).toBeDefined();
      await writeSiteSettings(handle.db, { defaultShareImageId: null });
    });

    it('keeps an editor’s upload that something uses when the sweep comes, though no save marked it', async () => {
      const linked = await upload('editor', 'Linked from a form.png');
      await saveForm(handle, {
        title: 'A form with a picture',
        fields: [{ id: 1, type: 'content', content: `![](${linked.path})` }],
      });
      const dayLater = Date.now() + 24 * 60 * 60_000 + 60_000;
      await sweepUnclaimedImages(sweepDeps(), dayLater);
      expect((await row(linked.id))?.used_at).not.toBeNull();
    });

    it('saves a description, which the site shows at once where the image had none', async () => {
      const image = await upload('library', 'Harbour.png');
      const page = await savePost(handle, {
        type: 'page',
        title: 'Harbour at noon',
        body: `![](${image.path})`,
        status: 'published',
      });
      const visit = async () =>
        decodeHtml(await (await fetch(`${server.url}/${page.slug}/`)).text());
      expect(await visit()).toMatch(new RegExp(`<img src="/media/${image.id}/[^"]+" alt=""`));
      const token = await csrf();
      const saved = await post(`/admin/media/${image.id}`, {
        csrf: token,
        action: 'alt',
        alt: '  Boats moored in a small harbour  ',
      });
      expect(saved.status).toBe(303);
      expect(saved.response.headers.get('location')).toBe(`/admin/media/${image.id}?notice=alt`);
      expect((await row(image.id))?.alt).toBe('Boats moored in a small harbour');
      expect(await visit()).toContain('alt="Boats moored in a small harbour"');
      expect(decodeHtml((await get(`/admin/media/${image.id}?notice=alt`)).body)).toContain(
        m.altSaved,
      );
      // The same words again change nothing; too many are refused in place.
      const again = await post(`/admin/media/${image.id}`, {
        csrf: token,
        action: 'alt',
        alt: 'Boats moored in a small harbour',
      });
      expect(again.response.headers.get('location')).toBe(
        `/admin/media/${image.id}?notice=unchanged`,
      );
      const long = await post(`/admin/media/${image.id}`, {
        csrf: token,
        action: 'alt',
        alt: 'x'.repeat(301),
      });
      expect(long.status).toBe(422);
      expect(decodeHtml(long.body)).toContain(m.altTooLong);
      expect((await row(image.id))?.alt).toBe('Boats moored in a small harbour');
    });

    it('deletes an unused image after asking, with its resized copies', async () => {
      const image = await upload('library', 'Spare.png');
      expect((await fetch(`${server.url}${image.path}`)).status).toBe(200);
      const token = await csrf();
      const asked = await post(`/admin/media/${image.id}`, { csrf: token, action: 'delete' });
      expect(asked.status).toBe(200);
      expect(decodeHtml(asked.body)).toContain(m.confirmDelete('spare.png'));
      expect(await row(image.id)).toBeDefined();
      const done = await post(`/admin/media/${image.id}`, {
        csrf: token,
        action: 'delete',
        confirm: 'yes',
      });
      expect(done.status).toBe(303);
      expect(done.response.headers.get('location')).toBe(
        '/admin/media?notice=deleted&name=spare.png',
      );
      expect(await row(image.id)).toBeUndefined();
      expect(
        existsSync(cacheDir()) &&
          readdirSync(cacheDir()).some((name) => name.startsWith(`${image.id}-`)),
      ).toBe(false);
      expect((await fetch(`${server.url}${image.path}`)).status).toBe(404);
      expect(decodeHtml((await get('/admin/media?notice=deleted&name=spare.png')).body)).toContain(
        m.deleted('spare.png'),
      );
      expect((await get(`/admin/media/${image.id}`)).status).toBe(404);
    });

    it('refuses to delete an image in use, naming what uses it, and takes it out of them only when told to', async () => {
      const image = await upload('library', 'Everywhere.png');
      const other = await upload('library', 'Stays.png');
      const saved = await savePost(handle, {
        type: 'post',
        title: 'Two pictures',
        body: `Before.\n\n![One](${image.path})\n\n[![Linked](/media/${other.id}/640/stays.png)](${image.path})\n\nAfter.`,
        coverMediaId: image.id,
        status: 'published',
      });
      await writeSiteSettings(handle.db, { logoImageId: image.id });
      const before = await postRow(saved.id);
      const token = await csrf();

      const asked = decodeHtml(
        (await post(`/admin/media/${image.id}`, { csrf: token, action: 'delete' })).body,
      );
      expect(asked).toContain(m.inUse('everywhere.png', 2));
      expect(asked).toContain('Post: Two pictures, in the text and as the cover');
      expect(asked).toContain('Settings: Logo');
      const key = /name="uses" value="([^"]+)"/.exec(asked)?.[1] ?? '';
      expect(key).toMatch(/^2-/);

      // Confirmed as for an unused image: refused, nothing changes.
      const plain = await post(`/admin/media/${image.id}`, {
        csrf: token,
        action: 'delete',
        confirm: 'yes',
      });
      expect(plain.status).toBe(409);
      expect(decodeHtml(plain.body)).toContain(m.inUse('everywhere.png', 2));
      // Confirmed for other uses than there are now: refused too.
      const stale = await post(`/admin/media/${image.id}`, {
        csrf: token,
        action: 'delete',
        confirm: 'yes',
        everywhere: 'yes',
        uses: '1-abc',
      });
      expect(stale.status).toBe(409);
      expect(decodeHtml(stale.body)).toContain(m.usesChanged);
      expect(await row(image.id)).toBeDefined();
      expect((await postRow(saved.id)).revision).toBe(before.revision);

      const done = await post(`/admin/media/${image.id}`, {
        csrf: token,
        action: 'delete',
        confirm: 'yes',
        everywhere: 'yes',
        uses: key,
      });
      expect(done.status).toBe(303);
      expect(done.response.headers.get('location')).toBe(
        '/admin/media?notice=deleted&name=everywhere.png&from=2',
      );
      expect(await row(image.id)).toBeUndefined();
      const after = await postRow(saved.id);
      expect(after.body_markdown).toBe(
        `Before.\n\n![Linked](/media/${other.id}/640/stays.png)\n\nAfter.`,
      );
      expect(after.cover_media_id).toBeNull();
      expect(after.revision).toBe(before.revision + 1);
      expect(after.updated_by).toBe(ownerId);
      expect(after.body_html).not.toContain(`/media/${image.id}/`);
      expect((await readSiteSettings(handle.db, log)).logoImageId).toBeNull();
      const visit = decodeHtml(await (await fetch(`${server.url}/${after.slug}/`)).text());
      expect(visit).not.toContain(`/media/${image.id}/`);
      expect(visit).toContain(`/media/${other.id}/`);
    });

    it('lets only users with the media permission change the library; the editor’s uploads need posts', async () => {
      const secret = 'a test secret of at least thirty-two characters';
      const app = { database: handle, secret } as unknown as AppContext;
      const owner = await readOwner({ db: handle.db, secret }, cookie);
      if (!owner) throw new Error('The test session is not live');
      const writer = { ...owner, permissions: new Set(['posts', 'account'] as const) };
      const librarian = { ...owner, permissions: new Set(['media'] as const) };
      const altRequest = () =>
        new Request(`${server.url}/admin/media/1`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ csrf: owner.csrf, action: 'alt', alt: 'Words' }),
        });
      const send = async (path: string) => {
        const form = new FormData();
        form.set('csrf', owner.csrf);
        form.set('file', new File([await png(5)], 'a.png', { type: 'image/png' }));
        return new Request(`${server.url}${path}`, { method: 'POST', body: form });
      };
      const refused = { ok: false, status: 403, message: adminMessages.notAllowed('media') };
      expect(await checkOwnerWrite(app, altRequest(), imageWrite, writer)).toEqual(refused);
      expect(
        await checkOwnerWrite(app, await send('/admin/api/media/upload'), libraryUpload, writer),
      ).toEqual(refused);
      expect(await checkOwnerWrite(app, altRequest(), imageWrite, librarian)).toMatchObject({
        ok: true,
      });
      expect(
        await checkOwnerWrite(app, await send('/admin/api/media/upload'), libraryUpload, librarian),
      ).toMatchObject({ ok: true });
      expect(
        await checkOwnerWrite(app, await send('/admin/api/media'), editorUpload, writer),
      ).toMatchObject({ ok: true });
      expect(
        await checkOwnerWrite(app, await send('/admin/api/media'), editorUpload, librarian),
      ).toMatchObject({
        ok: false,
        status: 403,
        message: adminMessages.notAllowed('posts'),
      });
    });
  });
}
