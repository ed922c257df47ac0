import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listAdminPosts } from '../../src/features/content/server/admin-posts.ts';
import { savePost } from '../../src/features/content/server/save-post.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

const now = Date.now();
const hour = 3_600_000;

/** The owner's list of posts and pages: every state, filters and paging, on each database. */
for (const database of testDatabases()) {
  describe(`the admin's post list on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
      const post = (title: string, extra: Record<string, unknown> = {}) =>
        savePost(handle, { title, body: `About ${title}.`, ...extra });
      await post('Draft about 100% rye bread', { status: 'draft', tags: ['Baking'] });
      await post('Scheduled walk', {
        status: 'scheduled',
        publishedAt: new Date(now + 48 * hour),
        tags: ['Outdoors'],
      });
      await post('Published walk', {
        status: 'published',
        publishedAt: new Date(now - hour),
        tags: ['Outdoors', 'Baking'],
      });
      // Scheduled for an hour ago: its time has come, so it is published.
      await post('Scheduled_and_due', { status: 'scheduled', publishedAt: new Date(now - hour) });
      await post('About this site', { type: 'page', status: 'published' });
    });
    afterAll(() => handle?.close());

    const list = (filter: Partial<Parameters<typeof listAdminPosts>[1]> = {}) =>
      listAdminPosts(handle.db, { type: 'post', page: 1, perPage: 20, ...filter }, now);
    const titles = async (filter: Parameters<typeof list>[0] = {}) =>
      (await list(filter)).items.map((row) => row.title).sort();

    it('lists every post, drafts and scheduled ones too, and no page', async () => {
      const all = await list();
      expect(all.total).toBe(4);
      expect(all.items.map((row) => [row.title, row.state]).sort()).toEqual([
        ['Draft about 100% rye bread', 'draft'],
        ['Published walk', 'published'],
        ['Scheduled walk', 'scheduled'],
        ['Scheduled_and_due', 'published'],
      ]);
      expect((await list({ type: 'page' })).items.map((row) => row.title)).toEqual([
        'About this site',
      ]);
    });

    it('filters by words of the title in any case, taking % and _ literally', async () => {
      expect(await titles({ search: 'WALK' })).toEqual(['Published walk', 'Scheduled walk']);
      expect(await titles({ search: '100%' })).toEqual(['Draft about 100% rye bread']);
      expect(await titles({ search: '%' })).toEqual(['Draft about 100% rye bread']);
      expect(await titles({ search: 'd_a' })).toEqual(['Scheduled_and_due']);
    });

    it('filters by state as the owner sees it, and by tag', async () => {
      expect(await titles({ state: 'published' })).toEqual(['Published walk', 'Scheduled_and_due']);
      expect(await titles({ state: 'scheduled' })).toEqual(['Scheduled walk']);
      expect(await titles({ state: 'draft' })).toEqual(['Draft about 100% rye bread']);
      expect(await titles({ tagSlug: 'baking' })).toEqual([
        'Draft about 100% rye bread',
        'Published walk',
      ]);
      expect(await titles({ tagSlug: 'outdoors', state: 'scheduled' })).toEqual(['Scheduled walk']);
      const tagged = (await list({ search: 'Published walk' })).items[0];
      expect(tagged?.tags).toEqual(['Outdoors', 'Baking']);
    });

    it('pages through the list, newest change first', async () => {
      const first = await list({ perPage: 3 });
      const second = await list({ perPage: 3, page: 2 });
      expect(first).toMatchObject({ total: 4, pageCount: 2, page: 1 });
      expect(first.items).toHaveLength(3);
      expect(second.items).toHaveLength(1);
      expect(first.items[0]?.title).toBe('Scheduled_and_due');
      expect(second.items[0]?.title).toBe('Draft about 100% rye bread');
      const past = await list({ perPage: 3, page: 9 });
      expect(past).toMatchObject({ page: 2, pageCount: 2 });
      expect(past.items.map((row) => row.title)).toEqual(['Draft about 100% rye bread']);
    });
  });
}
