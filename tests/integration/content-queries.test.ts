import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  exportContent,
  importContent,
} from '../../src/features/content/server/content-transfer.ts';
import {
  adjacentPosts,
  findPublishedBySlug,
  listArchiveMonths,
  listFeedPosts,
  listPublishedPosts,
  listSitemapEntries,
  listTagsInUse,
  nextScheduledPublish,
  searchPublished,
} from '../../src/features/content/server/posts.ts';
import { ContentError, deletePost, savePost } from '../../src/features/content/server/save-post.ts';
import { readContentVersion } from '../../src/platform/cache/content-version.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

const day = 86_400_000;
const now = Date.UTC(2026, 10, 21, 12);

describe.each(testDatabases())('content queries on $name', ({ open }) => {
  let handle: DatabaseHandle & { close: () => Promise<void> };

  beforeAll(async () => {
    handle = await open();
    await savePost(handle, {
      title: 'Baking bread at home',
      body: 'Sourdough **starter** and rye flour.',
      status: 'published',
      publishedAt: new Date(now - 40 * day),
      tags: ['Cooking', 'Home'],
    });
    await savePost(handle, {
      title: 'A walk on the ridge',
      body: 'Hills, wind and a thermos of tea.',
      status: 'published',
      publishedAt: new Date(now - 10 * day),
      tags: ['Outdoors'],
    });
    await savePost(handle, {
      title: 'Rye crackers',
      body: 'Thin, crisp rye crackers with seeds.',
      status: 'published',
      publishedAt: new Date(now - 9 * day),
      tags: ['Cooking'],
    });
    await savePost(handle, {
      title: 'Secret draft about rye',
      body: 'Not yet.',
      status: 'draft',
      tags: ['Cooking'],
    });
    await savePost(handle, {
      title: 'Future rye post',
      body: 'Scheduled rye.',
      status: 'scheduled',
      publishedAt: new Date(now + 3 * day),
      tags: ['Cooking'],
    });
    await savePost(handle, {
      type: 'page',
      title: 'About',
      slug: 'about',
      body: 'Who writes here about rye.',
      status: 'published',
      publishedAt: new Date(now - 100 * day),
    });
  });
  afterAll(() => handle.close());

  it('lists published posts newest first and pages them', async () => {
    const first = await listPublishedPosts(handle, { page: 1, perPage: 2, now });
    expect(first.items.map((p) => p.title)).toEqual(['Rye crackers', 'A walk on the ridge']);
    expect(first.total).toBe(3);
    expect(first.pageCount).toBe(2);
    const second = await listPublishedPosts(handle, { page: 2, perPage: 2, now });
    expect(second.items.map((p) => p.title)).toEqual(['Baking bread at home']);
    expect(second.items[0]?.tags.map((t) => t.slug)).toEqual(['cooking', 'home']);
  });

  it('shows a scheduled post only once its time has come', async () => {
    const later = await listPublishedPosts(handle, { page: 1, perPage: 10, now: now + 4 * day });
    expect(later.items[0]?.title).toBe('Future rye post');
    expect(await nextScheduledPublish(handle, now)).toBe(now + 3 * day);
    expect(await findPublishedBySlug(handle, 'future-rye-post', now)).toBeUndefined();
  });

  it('filters by tag and by month', async () => {
    const cooking = await listPublishedPosts(handle, {
      page: 1,
      perPage: 10,
      now,
      filter: { tagSlug: 'cooking' },
    });
    expect(cooking.items.map((p) => p.slug)).toEqual(['rye-crackers', 'baking-bread-at-home']);
    const october = await listPublishedPosts(handle, {
      page: 1,
      perPage: 10,
      now,
      filter: { month: { year: 2026, month: 10 } },
    });
    expect(october.items.map((p) => p.slug)).toEqual(['baking-bread-at-home']);
  });

  it('groups the archive by month, newest first, with counts, posts only', async () => {
    expect(await listArchiveMonths(handle, now)).toEqual([
      { month: '2026-11', label: 'November 2026', count: 2 },
      { month: '2026-10', label: 'October 2026', count: 1 },
    ]);
  });

  it('counts months in the site’s time zone, for the archive list and its pages', async () => {
    // 23:30 on 30 September in UTC is 01:30 on 1 October in Paris.
    const { id } = await savePost(handle, {
      title: 'Late September night',
      body: 'Or early October.',
      status: 'published',
      publishedAt: new Date(Date.UTC(2026, 8, 30, 23, 30)),
    });
    try {
      expect((await listArchiveMonths(handle, now)).map((m) => [m.month, m.count])).toEqual([
        ['2026-11', 2],
        ['2026-10', 1],
        ['2026-09', 1],
      ]);
      expect(await listArchiveMonths(handle, now, 'Europe/Paris')).toEqual([
        { month: '2026-11', label: 'November 2026', count: 2 },
        { month: '2026-10', label: 'October 2026', count: 2 },
      ]);
      const month = (m: number, timeZone?: string) =>
        listPublishedPosts(handle, {
          page: 1,
          perPage: 10,
          now,
          filter: { month: { year: 2026, month: m, ...(timeZone ? { timeZone } : {}) } },
        });
      expect((await month(10, 'Europe/Paris')).items.map((p) => p.slug)).toEqual([
        'baking-bread-at-home',
        'late-september-night',
      ]);
      expect((await month(9, 'Europe/Paris')).total).toBe(0);
      expect((await month(9)).items.map((p) => p.slug)).toEqual(['late-september-night']);
    } finally {
      await deletePost(handle, id);
    }
  });

  it('finds posts and pages by slug, never drafts', async () => {
    const post = await findPublishedBySlug(handle, 'baking-bread-at-home', now);
    expect(post?.html).toContain('<strong>starter</strong>');
    expect((await findPublishedBySlug(handle, 'about', now))?.type).toBe('page');
    expect(await findPublishedBySlug(handle, 'secret-draft-about-rye', now)).toBeUndefined();
    expect(await findPublishedBySlug(handle, 'nothing-here', now)).toBeUndefined();
  });

  it('links a post to its neighbours', async () => {
    const middle = (await findPublishedBySlug(handle, 'a-walk-on-the-ridge', now))!;
    const { previous, next } = await adjacentPosts(handle, middle, now);
    expect(previous?.slug).toBe('baking-bread-at-home');
    expect(next?.slug).toBe('rye-crackers');
  });

  it('searches published posts and pages by words and prefixes, with marked snippets', async () => {
    const rye = await searchPublished(handle, { query: 'rye', page: 1, perPage: 10, now });
    expect(rye.items.map((r) => r.slug).sort()).toEqual([
      'about',
      'baking-bread-at-home',
      'rye-crackers',
    ]);
    expect(rye.total).toBe(3);
    expect(rye.items.find((r) => r.slug === 'rye-crackers')?.snippetHtml).toMatch(
      /<mark>rye<\/mark>/i,
    );
    const prefix = await searchPublished(handle, { query: 'sourd', page: 1, perPage: 10, now });
    expect(prefix.items.map((r) => r.slug)).toEqual(['baking-bread-at-home']);
    const both = await searchPublished(handle, { query: 'rye seeds', page: 1, perPage: 10, now });
    expect(both.items.map((r) => r.slug)).toEqual(['rye-crackers']);
  });

  it('treats search operators and markup as plain words', async () => {
    for (const query of [
      '"rye',
      'rye OR NOT bread',
      'rye*)(',
      '<script>alert(1)</script>',
      "'; drop table posts; --",
      'NEAR(rye',
      '',
    ]) {
      const result = await searchPublished(handle, { query, page: 1, perPage: 10, now });
      for (const item of result.items) expect(item.snippetHtml).not.toContain('<script');
    }
    const none = await searchPublished(handle, { query: '!!!', page: 1, perPage: 10, now });
    expect(none.total).toBe(0);
  });

  it('counts tags in use and lists feed and sitemap entries', async () => {
    const tags = await listTagsInUse(handle, now);
    expect(tags.map((t) => [t.slug, t.count])).toEqual([
      ['cooking', 2],
      ['home', 1],
      ['outdoors', 1],
    ]);
    const feed = await listFeedPosts(handle, { limit: 10, now, tagSlug: 'outdoors' });
    expect(feed.map((p) => p.slug)).toEqual(['a-walk-on-the-ridge']);
    expect(feed[0]?.html).toContain('thermos');
    const sitemap = await listSitemapEntries(handle, now);
    expect(sitemap.map((e) => e.slug).sort()).toEqual([
      'a-walk-on-the-ridge',
      'about',
      'baking-bread-at-home',
      'rye-crackers',
    ]);
  });

  it('gives duplicate titles their own slugs and refuses taken or reserved ones', async () => {
    const again = await savePost(handle, {
      title: 'Rye crackers',
      body: 'Second batch.',
      status: 'draft',
    });
    expect(again.slug).toBe('rye-crackers-2');
    await expect(savePost(handle, { title: 'X', slug: 'rye-crackers', body: '.' })).rejects.toThrow(
      ContentError,
    );
    await expect(savePost(handle, { title: 'X', slug: 'archive', body: '.' })).rejects.toThrow(
      /used by the site/,
    );
    await expect(savePost(handle, { title: '', body: '.' })).rejects.toThrow(/Title is required/);
    await deletePost(handle, again.id);
  });

  it('moves the content version on every change', async () => {
    const before = await readContentVersion(handle.db);
    const saved = await savePost(handle, { title: 'Version check', body: 'x', status: 'draft' });
    expect(await readContentVersion(handle.db)).toBe(before + 1);
    await deletePost(handle, saved.id);
    expect(await readContentVersion(handle.db)).toBe(before + 2);
  });

  // Last in the suite: on PostgreSQL the second database is the same one, emptied.
  it('exports and imports the whole site', async () => {
    const archive = await exportContent(handle);
    const target = await open();
    try {
      const result = await importContent(target, JSON.parse(JSON.stringify(archive)));
      expect(result).toEqual({ posts: archive.posts.length, mediaIds: new Map(), skipped: [] });
      const titles = (await listPublishedPosts(target, { page: 1, perPage: 10, now })).items.map(
        (p) => p.title,
      );
      expect(titles).toEqual(['Rye crackers', 'A walk on the ridge', 'Baking bread at home']);
      await expect(importContent(target, { format: 'something-else' })).rejects.toThrow(
        /not a Quire content file/,
      );
    } finally {
      await target.close();
    }
  });
});
