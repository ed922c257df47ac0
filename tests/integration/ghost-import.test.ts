import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ghostMessages } from '../../src/features/import/messages.ts';
import {
  createImportRun,
  type ImportOptions,
  type ImportSource,
} from '../../src/features/import/server/import-runs.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { folderMedia, writeTestImage } from '../support/folder-media.ts';
import { claimAndRunImport, importDependenciesWithMedia } from '../support/import-run.ts';

const ghost5 = 'tests/fixtures/import/ghost/ghost-5-lexical.json';
const ghost2 = 'tests/fixtures/import/ghost/ghost-2-mobiledoc.json';
const members = 'tests/fixtures/import/ghost/members.csv';
const siteUrl = 'https://ghost.example.org';

/** The content images the Ghost 5 fixture's posts show, as Ghost keeps them. */
const ghost5Images = ['tram', 'a', 'pic', 'book', 'bg', 'cover', 'h'].map((n) => `${n}.jpg`);

/**
 * The Ghost import (issue 30, point 7) on the hand-written Ghost 5 (Lexical) and Ghost 2
 * (Mobiledoc) exports: a dry run writes nothing; authors, tags, images, posts and pages land
 * with their old addresses; a second run skips everything and fetches nothing; members Ghost
 * says are subscribed become confirmed subscribers once. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the Ghost import on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    let folder = '';
    let media: ReturnType<typeof folderMedia>;

    beforeAll(async () => {
      handle = await database.open();
      folder = mkdtempSync(join(tmpdir(), 'quire-ghost-import-'));
      const images = join(folder, 'content', 'images');
      for (const name of ghost5Images) await writeTestImage(images, `2024/05/${name}`, 1200, 800);
      await writeTestImage(images, '2024/05/map.png', 640, 480);
      for (const name of ['harbour', 'g1', 'before', 'after', 'section', 'cover']) {
        await writeTestImage(images, `2019/03/${name}.jpg`, 900, 600);
      }
      media = folderMedia(join(folder, 'content'));
    });
    afterAll(async () => {
      await handle?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    const importOnce = async (
      file: string,
      options: ImportOptions = { mediaDir: 'content', siteUrl },
      source: ImportSource = 'ghost',
    ) => {
      const id = await createImportRun(handle.db, {
        source,
        file: resolve(file),
        fileName: file.split('/').pop() ?? file,
        options,
        createdBy: null,
      });
      return claimAndRunImport(importDependenciesWithMedia(handle, folder, media), id);
    };
    const tables = ['posts', 'media', 'tags', 'users', 'redirects', 'subscribers'] as const;
    const rows = async (table: (typeof tables)[number] | 'import_items') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const post = (slug: string) =>
      handle.db.selectFrom('posts').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
    const redirect = async (from: string) =>
      (
        await handle.db
          .selectFrom('redirects')
          .select('to_address')
          .where('from_path', '=', from)
          .executeTakeFirst()
      )?.to_address;

    it('writes nothing in a dry run, and says what it would do', async () => {
      const { outcome, report } = await importOnce(ghost5, { siteUrl, dryRun: true });
      expect(outcome).toBe('done');
      expect(report.counts.post).toMatchObject({ imported: 4 });
      expect(report.counts.page).toMatchObject({ imported: 1 });
      // Eight files, of which the header card's background (bg.jpg) is not shown in Quire.
      expect(report.counts.image).toMatchObject({ imported: 7 });
      expect(report.counts.redirect?.imported).toBeGreaterThan(5);
      const membersRun = await importOnce(members, { dryRun: true }, 'ghost-members');
      expect(membersRun.report.counts.member).toMatchObject({ imported: 2 });
      for (const table of tables) expect(await rows(table)).toBe(0);
      expect(await rows('import_items')).toBe(0);
      expect(media.asked).toHaveLength(0);
    });

    it('brings in authors, tags, images, posts and pages with their old addresses', async () => {
      const { outcome, report } = await importOnce(ghost5);
      expect(outcome).toBe('done');
      expect(report.problems).toEqual([]);
      expect(report.counts.post).toMatchObject({ imported: 4, failed: 0 });
      expect(report.counts.page).toMatchObject({ imported: 1 });
      expect(report.counts.image).toMatchObject({ imported: 7, failed: 0 });
      expect(report.counts.tag).toMatchObject({ imported: 2 });

      const lisbon = await post('lisbon-in-spring');
      expect(lisbon).toMatchObject({ status: 'published', type: 'post' });
      expect(Number(lisbon.published_at)).toBe(Date.parse('2024-05-02T08:30:00.000Z'));
      expect(lisbon.cover_media_id).not.toBeNull();
      expect(lisbon.body_markdown).toContain('/media/');
      expect(lisbon.body_markdown).not.toContain('/content/images/');
      expect(lisbon.body_markdown).not.toContain('__GHOST_URL__');
      expect(await post('about')).toMatchObject({ type: 'page', status: 'published' });
      expect(await post('next-week')).toMatchObject({ status: 'scheduled' });
      expect(await post('letter-12')).toMatchObject({ status: 'draft' });

      const tags = await handle.db.selectFrom('tags').select('slug').orderBy('slug').execute();
      expect(tags.map((tag) => tag.slug)).toEqual(['lisboa', 'travel']);
      const author = await handle.db
        .selectFrom('users')
        .select(['id', 'role', 'password_hash'])
        .where('email', '=', 'ana@example.org')
        .executeTakeFirstOrThrow();
      expect(author.role).toBe('author');
      expect(author.password_hash ?? '').toBe('');
      expect(lisbon.author_id).toBe(author.id);

      const cover = await handle.db
        .selectFrom('media')
        .select(['id', 'file_name', 'alt'])
        .where('id', '=', Number(lisbon.cover_media_id))
        .executeTakeFirstOrThrow();
      expect(cover.file_name).toBe('cover.jpg');
      const full = `/media/${cover.id}/1280/cover.jpg`;
      expect(await redirect('/content/images/2024/05/cover.jpg')).toBe(full);
      expect(await redirect('/content/images/size/w2000/2024/05/cover.jpg')).toBe(full);
      expect(await redirect('/rss/')).toBe('/feed.xml');
      expect(await redirect('/author/ana/')).toBe('/');
      expect(await redirect('/tag/travel/rss/')).toBe('/tag/travel/feed.xml');
      expect(await redirect('/lisbon-in-spring/amp/')).toBe('/lisbon-in-spring/');
      // The post's own address is the same here: no redirect takes it.
      expect(await redirect('/lisbon-in-spring/')).toBeUndefined();

      expect(report.notes).toContain(
        ghostMessages.postNote('Lisbon in spring', ghostMessages.visibility('members')),
      );
    });

    it('skips everything on a second run and fetches nothing', async () => {
      const before = media.asked.length;
      const counts = Object.fromEntries(
        await Promise.all(tables.map(async (table) => [table, await rows(table)] as const)),
      );
      const { outcome, report } = await importOnce(ghost5);
      expect(outcome).toBe('done');
      expect(report.counts.post).toEqual({ imported: 0, updated: 0, skipped: 4, failed: 0 });
      expect(report.counts.page).toEqual({ imported: 0, updated: 0, skipped: 1, failed: 0 });
      expect(report.counts.image).toMatchObject({ imported: 0, skipped: 7 });
      expect(report.counts.redirect).toMatchObject({ imported: 0 });
      expect(media.asked).toHaveLength(before);
      for (const table of tables) expect(await rows(table)).toBe(counts[table]);
    });

    it('imports a Ghost 2 export, its address read from its images', async () => {
      const { outcome, report } = await importOnce(ghost2, { mediaDir: 'content' });
      expect(outcome).toBe('done');
      expect(report.counts.post).toMatchObject({ imported: 1 });
      expect(report.counts.page).toMatchObject({ imported: 1 });
      expect(report.counts.image).toMatchObject({ imported: 6, failed: 0 });
      const harbour = await post('harbour-days');
      expect(harbour.body_markdown).not.toContain('blog.example.com');
      expect(harbour.body_markdown).toContain('[A *link*](/about/)');
      expect(harbour.cover_media_id).not.toBeNull();
      expect(await redirect('/content/images/2019/03/harbour.jpg')).toMatch(/^\/media\/\d+\//);
    });

    it('adds the members Ghost says are subscribed as confirmed subscribers, once', async () => {
      const { outcome, report } = await importOnce(members, {}, 'ghost-members');
      expect(outcome).toBe('done');
      expect(report.counts.member).toEqual({ imported: 2, updated: 0, skipped: 2, failed: 3 });
      expect(report.problems.map((problem) => problem.sourceId)).toEqual([
        'line 3',
        'line 4',
        'line 5',
        'line 6',
        'line 7',
      ]);
      const subscribers = await handle.db
        .selectFrom('subscribers')
        .select(['email', 'status', 'feed_id'])
        .orderBy('email')
        .execute();
      expect(subscribers).toEqual([
        { email: 'ana@example.org', status: 'confirmed', feed_id: 1 },
        { email: 'paid@example.org', status: 'confirmed', feed_id: 1 },
      ]);
      expect(await rows('import_items')).toBeGreaterThan(0);
      const again = await importOnce(members, {}, 'ghost-members');
      expect(again.report.counts.member).toEqual({
        imported: 0,
        updated: 0,
        skipped: 4,
        failed: 3,
      });
      expect(await rows('subscribers')).toBe(2);
    });

    it('fails a file that is not a members file, or not a Ghost export, saying why', async () => {
      const notMembers = await importOnce(ghost5, {}, 'ghost-members');
      expect(notMembers.outcome).toBe('failed');
      expect(notMembers.run.error).toBe(ghostMessages.membersNoEmailColumn);
      const notGhost = await importOnce('tests/fixtures/import/site-move.wxr.xml');
      expect(notGhost.outcome).toBe('failed');
      expect(notGhost.run.error).toBe(ghostMessages.wordPressGiven);
    });
  });
}
