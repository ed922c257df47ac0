import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { editorMessages } from '../../src/features/admin/messages.ts';
import { postListMessages as m } from '../../src/features/admin/post-list-messages.ts';
import { contentOwnerMessages } from '../../src/features/content/messages.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { sweepExpiredTrash } from '../../src/features/content/server/trash.ts';
import { siteFeedId } from '../../src/features/share/feeds.ts';
import { announceNewPosts } from '../../src/features/share/server/announce-posts.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { parseStoredMailMessage } from '../../src/platform/mail/mail-message.ts';
import {
  type AdminSite,
  csrfOf,
  decodeHtml,
  startAdminSite,
  tableCells,
} from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

const day = 86_400_000;

/**
 * Bulk work and the Trash over HTTP on the built site (issue 29, point 3): chosen posts moved to
 * the Trash leave every page visitors see at once and keep their address, tags and images; Undo
 * and Restore bring them back as they were; publishing and unpublishing in bulk do what the
 * editor does and announce a post once; an item changed since the list was shown is left as it
 * is; a permanent delete and emptying the Trash happen only once confirmed, and only to what the
 * owner was asked about; the sweep deletes what has been in the Trash for 30 days. Once per
 * database.
 */
for (const database of testDatabases()) {
  describe(`bulk work and the Trash over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let csrf = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      csrf = csrfOf(await (await get('/admin/posts')).text());
      expect(csrf).not.toBe('');
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const get = (path: string) =>
      fetch(`${server.url}${path}`, { headers: { cookie }, redirect: 'manual' });
    /** A list's form as the browser posts it: a name given more than once is sent each time. */
    const post = async (path: string, fields: [string, string][]) => {
      const response = await fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: server.url,
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
        },
        body: new URLSearchParams([['csrf', csrf], ...fields]),
      });
      return {
        status: response.status,
        location: response.headers.get('location') ?? '',
        html: decodeHtml(await response.text()),
      };
    };
    /** The list the change went back to, with its notice, without React's text separators. */
    const follow = async (location: string) =>
      decodeHtml(await (await get(location)).text()).replaceAll('<!-- -->', '');
    const visitor = async (path: string) => {
      const response = await fetch(`${server.url}${path}`);
      return { status: response.status, text: await response.text() };
    };
    const row = (id: number) =>
      handle.db
        .selectFrom('posts')
        .select(['id', 'status', 'revision', 'trashed_at', 'published_at', 'updated_by'])
        .where('id', '=', id)
        .executeTakeFirst();
    /** A row's value in the list: the item and the revision the list shows. */
    const ref = async (id: number) => `${id}:${(await row(id))?.revision}`;
    const publish = async (title: string, extra: { type?: 'page'; tags?: string[] } = {}) =>
      (
        await savePost(handle, {
          title,
          body: `${title} grows zucchini in the allotment.`,
          status: 'published',
          // The newest on the site, so it is on the home page too.
          publishedAt: new Date(Date.now() - 60_000),
          ...extra,
        })
      ).id;

    it('moves chosen posts to the Trash: gone for visitors everywhere, address and tags kept; Undo brings them back as they were', async () => {
      const first = await publish('Trash first', { tags: ['Allotment'] });
      const second = await publish('Trash second', { tags: ['Allotment'] });
      const month = new Date(Date.now() - 60_000).toISOString().slice(0, 7).replace('-', '/');
      const places = [
        '/',
        '/tag/allotment/',
        `/archive/${month}/`,
        '/feed.xml',
        '/sitemap.xml',
        '/search?q=zucchini',
      ];
      // Each page read once, so that what visitors see comes from the page cache.
      for (const place of places) {
        const page = await visitor(place);
        expect(page.text, place).toContain('trash-first');
        expect(page.text, place).toContain('trash-second');
      }
      expect((await visitor('/trash-first/')).status).toBe(200);

      const moved = await post('/admin/posts', [
        ['action', 'trash'],
        ['id', await ref(first)],
        ['id', await ref(second)],
      ]);
      expect(moved.status).toBe(303);
      const undo = `${first}:${(await row(first))?.revision},${second}:${(await row(second))?.revision}`;
      expect(new URL(moved.location, server.url).searchParams.get('undo')).toBe(undo);
      for (const place of places) {
        const page = await visitor(place);
        expect(page.text, place).not.toContain('trash-first');
        expect(page.text, place).not.toContain('trash-second');
      }
      expect((await visitor('/trash-first/')).status).toBe(404);
      expect((await row(first))?.updated_by).not.toBeNull();
      const list = await follow(moved.location);
      expect(list).toContain(m.done.trash('posts', 2));
      expect(list).toContain(`>${m.undo}</button>`);
      expect(list).toContain(`${m.viewNames.trash} <span class="admin-views__count">(2)</span>`);
      expect(list).not.toContain('Trash first');

      // Its address stays its own while it is in the Trash; its tags stay with it.
      await expect(
        savePost(handle, { title: 'Taking the address', body: 'x', slug: 'trash-first' }),
      ).rejects.toThrow(contentOwnerMessages.slugInTrash('trash-first', 'Trash first'));
      const taken = await savePost(handle, { title: 'Trash first', body: 'x' });
      expect(taken.slug).toBe('trash-first-2');
      await handle.db.deleteFrom('posts').where('id', '=', taken.id).execute();
      const tags = await handle.db
        .selectFrom('post_tags')
        .select('post_id')
        .where('post_id', 'in', [first, second])
        .execute();
      expect(tags).toHaveLength(2);

      // Undo, as the notice's form posts it.
      const undone = await post(moved.location, [
        ['action', 'restore'],
        ...undo.split(',').map((item): [string, string] => ['id', item]),
      ]);
      expect(undone.status).toBe(303);
      expect(await follow(undone.location)).toContain(m.done.restore('posts', 2));
      expect((await row(first))?.status).toBe('published');
      expect((await row(first))?.trashed_at).toBeNull();
      for (const place of places) {
        expect((await visitor(place)).text, place).toContain('trash-first');
      }
    });

    it('publishes and unpublishes in bulk as the editor does, and announces each post once', async () => {
      await handle.db
        .insertInto('subscribers')
        .values({
          feed_id: siteFeedId,
          email: 'reader@example.org',
          status: 'confirmed',
          created_at: Date.now(),
        })
        .execute();
      const draft = (await savePost(handle, { title: 'Bulk draft', body: 'Soon.' })).id;
      const later = Date.now() + 7 * day;
      const scheduled = (
        await savePost(handle, {
          title: 'Bulk scheduled',
          body: 'Later.',
          status: 'scheduled',
          publishedAt: new Date(later),
        })
      ).id;
      const published = await publish('Bulk published already');
      const before = Date.now();
      const done = await post('/admin/posts', [
        ['action', 'publish'],
        ['id', await ref(draft)],
        ['id', await ref(scheduled)],
        ['id', await ref(published)],
      ]);
      expect(done.status).toBe(303);
      const notice = await follow(done.location);
      expect(notice).toContain(m.done.publish('posts', 2));
      expect(notice).toContain(m.leftAlready.publish('posts', 1));
      for (const id of [draft, scheduled]) {
        expect((await row(id))?.status).toBe('published');
        expect((await row(id))?.published_at).toBeGreaterThanOrEqual(before);
      }
      expect((await visitor('/bulk-scheduled/')).status).toBe(200);

      const mails = async () =>
        (await handle.db.selectFrom('mail_outbox').select('message').execute())
          .map((mail) => parseStoredMailMessage(mail.message))
          .filter((mail) => String(mail.to) === 'reader@example.org')
          .map((mail) => mail.subject);
      const announce = () =>
        announceNewPosts(handle, {
          secret: 'any',
          siteUrl: server.url,
          siteTitle: 'Test',
        });
      // The site announces them by itself; this is a second process doing it at the same time.
      await announce();
      await expect.poll(mails, { timeout: 15_000 }).toHaveLength(2);

      const back = await post('/admin/posts', [
        ['action', 'unpublish'],
        ['id', await ref(draft)],
        ['id', await ref(scheduled)],
      ]);
      expect(await follow(back.location)).toContain(m.done.unpublish('posts', 2));
      expect((await row(scheduled))?.status).toBe('draft');
      expect((await visitor('/bulk-scheduled/')).status).toBe(404);
      // Published again it keeps its first publishing time, and is not mailed again.
      const publishedAt = (await row(draft))?.published_at;
      await post('/admin/posts', [
        ['action', 'publish'],
        ['id', await ref(draft)],
      ]);
      expect((await row(draft))?.published_at).toBe(publishedAt);
      expect(await announce()).toEqual({ posts: 0, mails: 0 });
      expect(await mails()).toHaveLength(2);
    });

    it('leaves an item changed since the list was shown as it is, and says so', async () => {
      const id = await publish('Changed meanwhile');
      const shown = await ref(id);
      await savePost(handle, { title: 'Changed meanwhile', body: 'Edited elsewhere.' }, id, {
        baseRevision: Number(shown.split(':')[1]),
      });
      const stale = await post('/admin/posts', [
        ['action', 'trash'],
        ['id', shown],
      ]);
      expect(stale.status).toBe(303);
      const notice = await follow(stale.location);
      expect(notice).toContain(m.leftChanged('posts', 1));
      expect(notice).not.toContain(m.done.trash('posts', 0));
      expect((await row(id))?.trashed_at).toBeNull();
      // A row's own button, from the list as it is now.
      const fresh = await post('/admin/posts', [['row', `trash:${await ref(id)}`]]);
      expect(await follow(fresh.location)).toContain(m.done.trash('posts', 1));
      // Nothing ticked, no action chosen, or one the list does not offer: refused, nothing done.
      expect((await post('/admin/posts', [['action', 'publish']])).html).toContain(
        m.noneSelected('posts'),
      );
      expect((await post('/admin/posts', [['id', await ref(id)]])).html).toContain(m.noAction);
      const wrong = await post('/admin/posts', [
        ['action', 'delete'],
        ['id', await ref(id)],
      ]);
      expect(wrong.status).toBe(400);
      expect(wrong.html).toContain(m.notHere);
      expect((await row(id))?.trashed_at).not.toBeNull();
      // The editor left open says why it cannot save, rather than writing into the Trash.
      const editor = decodeHtml(await (await get(`/admin/posts/${id}`)).text());
      expect(editor).toContain(`value="restore:${await ref(id)}"`);
      expect(editor).toContain(editorMessages.restore);
    });

    it('lists the Trash with its count; restores; deletes permanently and empties it only once asked', async () => {
      const page = await publish('Trash page', { type: 'page' });
      const trashed = await post('/admin/pages', [['row', `trash:${await ref(page)}`]]);
      expect(trashed.location).toMatch(/^\/admin\/pages\?done=trash&n=1&undo=/);
      expect((await visitor('/trash-page/')).status).toBe(404);
      const trash = decodeHtml(await (await get('/admin/pages?state=trash')).text());
      expect(tableCells(trash).some((cells) => cells[1]?.startsWith('Trash page'))).toBe(true);
      expect(trash).toContain(m.trashHint('pages', 30));

      // Restore, from the Trash: back as it was, published.
      const restored = await post('/admin/pages?state=trash', [
        ['row', `restore:${await ref(page)}`],
      ]);
      expect(restored.location).toBe('/admin/pages?state=trash&done=restore&n=1');
      expect((await visitor('/trash-page/')).status).toBe(200);

      // Delete permanently: asked first, then only the items asked about.
      await post('/admin/pages', [['row', `trash:${await ref(page)}`]]);
      const asked = await post('/admin/pages?state=trash', [
        ['action', 'delete'],
        ['id', await ref(page)],
      ]);
      expect(asked.status).toBe(200);
      expect(asked.html).toContain(m.deleteQuestion('pages', ['Trash page']));
      expect(await row(page)).toBeDefined();
      const deleted = await post('/admin/pages?state=trash', [
        ['action', 'delete'],
        ['confirm', 'yes'],
        ['id', await ref(page)],
      ]);
      expect(await follow(deleted.location)).toContain(m.done.delete('pages', 1));
      expect(await row(page)).toBeUndefined();
      expect((await visitor('/trash-page/')).status).toBe(404);

      // Empty Trash: the question says how many; what is trashed after it was asked stays.
      const a = await publish('Empty a', { type: 'page' });
      const b = await publish('Empty b', { type: 'page' });
      await post('/admin/pages', [
        ['action', 'trash'],
        ['id', await ref(a)],
        ['id', await ref(b)],
      ]);
      await handle.db
        .insertInto('announced_posts')
        .values({ post_id: a, recipients: 0, announced_at: 1 })
        .execute();
      const question = decodeHtml(await (await get('/admin/pages?state=trash&empty')).text());
      expect(question).toContain(m.emptyQuestion('pages', 2));
      const upTo = /name="upTo" value="(\d+)"/.exec(question)?.[1] ?? '';
      const c = await publish('Empty c', { type: 'page' });
      await handle.db
        .updateTable('posts')
        .set({ trashed_at: Number(upTo) + 1 })
        .where('id', '=', c)
        .execute();
      const emptied = await post('/admin/pages?state=trash', [
        ['action', 'empty'],
        ['confirm', 'yes'],
        ['upTo', upTo],
      ]);
      expect(await follow(emptied.location)).toContain(m.done.empty('pages', 2));
      expect(await row(a)).toBeUndefined();
      expect(await row(b)).toBeUndefined();
      expect((await row(c))?.trashed_at).not.toBeNull();
      const announced = await handle.db
        .selectFrom('announced_posts')
        .select('post_id')
        .where('post_id', '=', a)
        .execute();
      expect(announced).toHaveLength(0);
    });

    it('sweeps away what has been in the Trash for 30 days, and nothing else', async () => {
      const now = Date.now();
      const old = await publish('Swept old');
      const young = await publish('Kept young');
      const kept = await publish('Kept restored');
      for (const [id, at] of [
        [old, now - 30 * day - 60_000],
        [young, now - 29 * day],
      ] as const) {
        await handle.db.updateTable('posts').set({ trashed_at: at }).where('id', '=', id).execute();
      }
      expect(await sweepExpiredTrash(handle, now)).toBe(1);
      expect(await row(old)).toBeUndefined();
      expect((await row(young))?.trashed_at).toBe(now - 29 * day);
      expect((await row(kept))?.trashed_at).toBeNull();
      // Another process sweeping at once deletes nothing twice.
      expect(await sweepExpiredTrash(handle, now)).toBe(0);
      // Its address is free again.
      expect((await savePost(handle, { title: 'Swept old', body: 'x' })).slug).toBe('swept-old');
    });
  });
}
