import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectScreenMessages as r } from '../../src/features/admin/address-screen-messages.ts';
import type { PostEditorValues } from '../../src/features/admin/post-editor.ts';
import {
  redirectRuleMessages as rule,
  tagRuleMessages,
} from '../../src/features/content/address-messages.ts';
import { addOwnerRedirect, deleteRedirect } from '../../src/features/content/server/redirects.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { parseStoredMailMessage } from '../../src/platform/mail/mail-message.ts';
import {
  type AdminSite,
  adminRequests,
  csrfOf,
  decodeHtml,
  startAdminSite,
  tableCells,
} from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

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
  publish: 'publish',
  date: '',
  time: '',
};

/**
 * Old addresses keep working (issue 29, point 5) over HTTP on the built site: a post's or a
 * tag's address change answers its old address with one 301 (chains collapsed, the query kept),
 * the link mailed to subscribers before the change still arrives, a new item taking an old
 * address wins, the page cache lets go of a 404 once a redirect is added elsewhere, and the
 * Redirects screen adds, refuses, deletes, imports (a plan first, bad lines named) and exports.
 * Once per database.
 */
for (const database of testDatabases()) {
  describe(`old addresses over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let csrf = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      csrf = csrfOf((await adminRequests(site).get('/admin/redirects')).body);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const get = (path: string, auth = cookie) => adminRequests({ server, cookie }).get(path, auth);
    const post = (path: string, fields: Record<string, string>) =>
      adminRequests({ server, cookie }).post(path, { csrf, ...fields });
    /** A visitor's request, redirects not followed. */
    const visit = async (path: string, method = 'GET') => {
      const response = await fetch(`${server.url}${path}`, { method, redirect: 'manual' });
      await response.arrayBuffer();
      return {
        status: response.status,
        location: response.headers.get('location'),
        cache: response.headers.get('x-cache'),
      };
    };
    const savePost = async (values: Partial<PostEditorValues>, id?: number) => {
      const stored =
        id === undefined
          ? undefined
          : await handle.db
              .selectFrom('posts')
              .select('revision')
              .where('id', '=', id)
              .executeTakeFirstOrThrow();
      const response = await fetch(`${server.url}/admin/api/posts/save`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify({ id, values: { ...blank, ...values }, revision: stored?.revision }),
      });
      const body = (await response.json()) as { ok: boolean; post?: { id: number } };
      expect(body.ok, JSON.stringify(body)).toBe(true);
      return body.post?.id as number;
    };
    const redirects = async () =>
      Object.fromEntries(
        (
          await handle.db
            .selectFrom('redirects')
            .select(['from_path', 'to_address', 'source'])
            .execute()
        ).map((row) => [row.from_path, `${row.to_address} (${row.source})`]),
      );

    it('keeps a mailed link working across two address changes, in one hop with its query', async () => {
      await handle.db
        .insertInto('subscribers')
        .values({
          feed_id: 1,
          email: 'reader@example.org',
          status: 'confirmed',
          created_at: Date.now(),
        })
        .execute();
      const id = await savePost({ title: 'Night train', slug: 'night-train', body: 'All aboard.' });
      // The server announces new posts every few seconds; read the link its mail carries.
      let link: string | undefined;
      for (let tries = 0; tries < 100 && !link; tries++) {
        const rows = await handle.db.selectFrom('mail_outbox').select('message').execute();
        const text = rows
          .map((row) => parseStoredMailMessage(row.message))
          .find((mail) => mail.to === 'reader@example.org')?.text;
        link = /https?:\/\/\S+\/night-train\//.exec(text ?? '')?.[0];
        if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(link).toBe(`${server.url}/night-train/`);

      await savePost({ title: 'Night train', slug: 'sleeper-train', body: 'All aboard.' }, id);
      expect(await visit('/night-train/')).toMatchObject({
        status: 301,
        location: '/sleeper-train/',
      });
      const followed = await fetch(link as string);
      expect(followed.status).toBe(200);
      expect(followed.url).toBe(`${server.url}/sleeper-train/`);
      expect(await followed.text()).toContain('Night train');

      await savePost({ title: 'Night train', slug: 'sleeper-to-split', body: 'All aboard.' }, id);
      // Both old addresses lead straight to the newest: one hop, never two.
      expect(await visit('/night-train/?utm_source=mail')).toMatchObject({
        status: 301,
        location: '/sleeper-to-split/?utm_source=mail',
      });
      expect(await visit('/Sleeper-Train', 'HEAD')).toMatchObject({
        status: 301,
        location: '/sleeper-to-split/',
      });
      expect(await redirects()).toEqual({
        '/night-train/': '/sleeper-to-split/ (auto)',
        '/sleeper-train/': '/sleeper-to-split/ (auto)',
      });
      // Answered from the page cache the second time, with each visitor's own query.
      expect(await visit('/night-train/?utm_source=feed')).toMatchObject({
        status: 301,
        location: '/sleeper-to-split/?utm_source=feed',
        cache: 'HIT',
      });
      const list = tableCells((await get('/admin/redirects')).body);
      expect(list).toContainEqual(
        expect.arrayContaining(['/night-train/', '/sleeper-to-split/', 'Address change']),
      );
    });

    it('lets a new item take an old address, and never makes a loop', async () => {
      const newcomer = await savePost({ title: 'A different train', slug: 'night-train' });
      expect((await visit('/night-train/')).status).toBe(200);
      expect(await redirects()).not.toHaveProperty(['/night-train/']);
      // Back to an address it had: that address is released, the one it leaves is sent on.
      const id = (
        await handle.db
          .selectFrom('posts')
          .select('id')
          .where('slug', '=', 'sleeper-to-split')
          .executeTakeFirstOrThrow()
      ).id;
      await savePost({ title: 'Night train', slug: 'sleeper-train', body: 'All aboard.' }, id);
      expect(await visit('/sleeper-train/')).toMatchObject({ status: 200 });
      expect(await visit('/sleeper-to-split/')).toMatchObject({
        status: 301,
        location: '/sleeper-train/',
      });
      expect(await redirects()).toEqual({ '/sleeper-to-split/': '/sleeper-train/ (auto)' });
      // A deleted item takes the redirects its moves made with it; a draft never had any.
      const draft = await savePost({ title: 'Draft', slug: 'draft-one', publish: 'draft' });
      await savePost({ title: 'Draft', slug: 'draft-two', publish: 'draft' }, draft);
      expect(await redirects()).not.toHaveProperty(['/draft-one/']);
      // In the Trash it may come back, so its old address still leads to it; deleted, not.
      const { revision } = await handle.db
        .selectFrom('posts')
        .select('revision')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await fetch(`${server.url}/admin/api/posts/trash`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie, 'x-csrf-token': csrf },
        body: JSON.stringify({ id, revision }),
      });
      expect(await redirects()).toEqual({ '/sleeper-to-split/': '/sleeper-train/ (auto)' });
      const trashed = await handle.db
        .selectFrom('posts')
        .select('revision')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const gone = await post('/admin/posts?state=trash', {
        action: 'delete',
        id: `${id}:${trashed.revision}`,
        confirm: 'yes',
      });
      expect(gone.status).toBe(303);
      expect(await redirects()).toEqual({});
      expect(newcomer).toBeGreaterThan(0);
    });

    it('lets go of a cached 404 when another instance adds a redirect, and of the redirect when deleted', async () => {
      expect(await visit('/2019/05/old-post/')).toMatchObject({ status: 404, cache: 'MISS' });
      expect(await visit('/2019/05/old-post/')).toMatchObject({ status: 404, cache: 'HIT' });
      // Written through another connection, as another instance would: the content version moves.
      const added = await addOwnerRedirect(
        handle,
        { from: '/2019/05/old-post/', to: '/about/' },
        server.url,
      );
      expect(added).toMatchObject({ ok: true, placement: { kind: 'added' } });
      expect(await visit('/2019/05/old-post/')).toMatchObject({
        status: 301,
        location: '/about/',
        cache: 'MISS',
      });
      expect(await visit('/2019/05/old-post/')).toMatchObject({ status: 301, cache: 'HIT' });
      const row = await handle.db
        .selectFrom('redirects')
        .select('id')
        .where('from_path', '=', '/2019/05/old-post/')
        .executeTakeFirstOrThrow();
      await deleteRedirect(handle, row.id);
      expect((await visit('/2019/05/old-post/')).status).toBe(404);
    });

    it('moves a tag’s page and feed with its address on the Tags screen, and deletes it once confirmed', async () => {
      await savePost({ title: 'Tagged', slug: 'tagged', tags: 'Rail Travel' });
      const tag = await handle.db
        .selectFrom('tags')
        .select(['id', 'slug'])
        .where('name', '=', 'Rail Travel')
        .executeTakeFirstOrThrow();
      expect(tag.slug).toBe('rail-travel');
      const list = tableCells((await get('/admin/tags')).body);
      expect(list).toContainEqual(
        expect.arrayContaining(['Rail Travel', '/tag/rail-travel/', '1 post']),
      );
      const refused = await post(`/admin/tags/${tag.id}`, {
        action: 'save',
        name: '',
        slug: 'Trains!',
        description: '',
      });
      expect(refused.status).toBe(422);
      expect(decodeHtml(refused.body)).toContain(tagRuleMessages.nameEmpty);
      expect(decodeHtml(refused.body)).toContain(tagRuleMessages.slugInvalid);
      const saved = await post(`/admin/tags/${tag.id}`, {
        action: 'save',
        name: 'Trains',
        slug: 'trains',
        description: 'By rail.',
      });
      expect(saved.status).toBe(303);
      const notice = decodeHtml((await get(saved.response.headers.get('location') ?? '')).body);
      expect(notice).toContain('Its old address /tag/rail-travel/ now leads to /tag/trains/.');
      expect(await visit('/tag/rail-travel/?page=1')).toMatchObject({
        status: 301,
        location: '/tag/trains/?page=1',
      });
      expect(await visit('/tag/rail-travel/feed.xml')).toMatchObject({
        status: 301,
        location: '/tag/trains/feed.xml',
      });
      expect((await visit('/tag/trains/')).status).toBe(200);
      // The post keeps its renamed tag when saved again with the name the editor shows.
      const tagged = await handle.db
        .selectFrom('posts')
        .select('id')
        .where('slug', '=', 'tagged')
        .executeTakeFirstOrThrow();
      await savePost({ title: 'Tagged', slug: 'tagged', tags: 'Trains' }, tagged.id);
      expect(
        await handle.db.selectFrom('tags').select('slug').where('name', '=', 'Trains').execute(),
      ).toEqual([{ slug: 'trains' }]);

      const asked = await post(`/admin/tags/${tag.id}`, { action: 'delete' });
      expect(decodeHtml(asked.body)).toContain('Delete the tag “Trains”? The 1 post carrying it');
      const deleted = await post(`/admin/tags/${tag.id}`, { action: 'delete', confirm: 'yes' });
      expect(deleted.status).toBe(303);
      expect((await visit('/tagged/')).status).toBe(200);
      expect((await visit('/tag/trains/')).status).toBe(404);
      // The redirects its address change made went with it.
      expect(await redirects()).toEqual({});
    });

    it('adds redirects on the screen, refusing in place what cannot be one, and deletes once confirmed', async () => {
      const cases: Array<[Record<string, string>, string, string]> = [
        [
          { from: 'https://elsewhere.example/x/', to: '/about/' },
          'redirect-from-error',
          'must be one of this site',
        ],
        [{ from: '/same/', to: '/Same' }, 'redirect-to-error', rule.toSame],
        [
          { from: '/about/', to: '/contact/' },
          'redirect-from-error',
          '/about/ is the address of the page',
        ],
        [{ from: '/x/', to: 'javascript:alert(1)' }, 'redirect-to-error', rule.toScheme],
      ];
      for (const [fields, errorId, message] of cases) {
        const { status, body } = await post('/admin/redirects', { action: 'add', ...fields });
        expect(status, JSON.stringify(fields)).toBe(422);
        const html = decodeHtml(body);
        expect(html).toContain(r.fixErrors);
        expect(html).toMatch(new RegExp(`id="${errorId}"[^>]*>[^<]*${message.slice(0, 20)}`));
        expect(html).toContain(`value="${fields.from}"`);
      }
      const added = await post('/admin/redirects', {
        action: 'add',
        from: '/old-a/',
        to: '/old-b/',
      });
      expect(added.status).toBe(303);
      expect(decodeHtml((await get(added.response.headers.get('location') ?? '')).body)).toContain(
        r.added('/old-a/', '/old-b/'),
      );
      // Chains collapse both ways: old-a → old-b, then old-b → about, then about-us → old-a.
      await post('/admin/redirects', { action: 'add', from: '/old-b/', to: '/about/' });
      const chained = await post('/admin/redirects', {
        action: 'add',
        from: '/about-us/',
        to: '/old-a/',
      });
      expect(chained.status).toBe(303);
      expect(await redirects()).toMatchObject({
        '/old-a/': '/about/ (owner)',
        '/old-b/': '/about/ (owner)',
        '/about-us/': '/about/ (owner)',
      });
      await post('/admin/redirects', { action: 'add', from: '/loop-1/', to: '/loop-2/' });
      const loop = await post('/admin/redirects', {
        action: 'add',
        from: '/loop-2/',
        to: '/loop-1/',
      });
      expect(loop.status).toBe(422);
      expect(decodeHtml(loop.body)).toContain(rule.loop('/loop-1/'));
      const row1 = await handle.db
        .selectFrom('redirects')
        .select('id')
        .where('from_path', '=', '/loop-1/')
        .executeTakeFirstOrThrow();
      await deleteRedirect(handle, row1.id);

      const row = await handle.db
        .selectFrom('redirects')
        .select('id')
        .where('from_path', '=', '/old-a/')
        .executeTakeFirstOrThrow();
      const asked = await post('/admin/redirects', { action: 'delete', id: String(row.id) });
      expect(asked.status).toBe(200);
      expect(decodeHtml(asked.body)).toContain(r.confirmDelete('/old-a/', '/about/'));
      expect(await redirects()).toHaveProperty(['/old-a/']);
      const deleted = await post('/admin/redirects', {
        action: 'delete',
        id: String(row.id),
        confirm: 'yes',
      });
      expect(deleted.status).toBe(303);
      expect(await redirects()).not.toHaveProperty(['/old-a/']);
      expect((await visit('/old-a/')).status).toBe(404);
    });

    it('imports a CSV file only once its plan is confirmed, naming every line refused', async () => {
      const file = [
        'from,to',
        '/wp/first-post/,/about/',
        '/old-b/,/contact/',
        'no-slash,/about/',
        '/wp/loop/,/wp/loop/',
        '/contact/,/about/',
        '/wp/first-post/,/contact/',
        '"/wp/quoted, with comma/",https://other.example/page',
      ].join('\n');
      const send = (fields: Record<string, string | Blob>) => {
        const form = new FormData();
        form.set('csrf', csrf);
        for (const [name, value] of Object.entries(fields)) form.set(name, value);
        return fetch(`${server.url}/admin/redirects/import`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, origin: server.url },
          body: form,
        });
      };
      const before = await redirects();
      const checked = await send({ action: 'plan', file: new File([file], 'redirects.csv') });
      expect(checked.status).toBe(200);
      const html = decodeHtml(await checked.text());
      expect(html).toContain(r.planSummary(2, 1, 4, 0));
      expect(html).toContain(rule.fromNotPath);
      expect(html).toContain(rule.toSame);
      expect(html).toContain('/contact/ is the address of the page “Contact”');
      expect(html).toContain(rule.csvDuplicate(2));
      // Nothing changes before the owner confirms.
      expect(await redirects()).toEqual(before);
      const key = /name="plan" value="([^"]+)"/.exec(html)?.[1] ?? '';

      const stale = await send({ action: 'apply', csv: file, plan: 'an older plan' });
      expect(stale.status).toBe(200);
      expect(decodeHtml(await stale.text())).toContain(r.planChanged);
      expect(await redirects()).toEqual(before);

      const applied = await send({ action: 'apply', csv: file, plan: key });
      expect(applied.status).toBe(303);
      expect(applied.headers.get('location')).toBe(
        '/admin/redirects?notice=imported&added=2&replaced=1',
      );
      expect(await redirects()).toMatchObject({
        '/wp/first-post/': '/about/ (import)',
        '/old-b/': '/contact/ (import)',
        '/wp/quoted%2C%20with%20comma/': 'https://other.example/page (import)',
      });
      expect(await visit('/wp/quoted,%20with%20comma/?a=1')).toMatchObject({
        status: 301,
        location: 'https://other.example/page?a=1',
      });

      const exported = await get('/admin/redirects/export.csv');
      expect(exported.status).toBe(200);
      expect(exported.body).toContain(
        '"/wp/quoted, with comma/",https://other.example/page,import',
      );
      expect((await get('/admin/redirects/export.csv', '')).status).toBe(401);
      // The export imports back as it is.
      const again = await send({ action: 'plan', file: new File([exported.body], 'back.csv') });
      const total = Object.keys(await redirects()).length;
      expect(decodeHtml(await again.text())).toContain(r.planSummary(0, 0, 0, total));
    });
  });
}
