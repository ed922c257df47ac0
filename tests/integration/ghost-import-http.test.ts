import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportRun } from '../../src/features/import/server/import-runs.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { folderMedia, writeTestImage } from '../support/folder-media.ts';
import { claimAndRunImport, importDependenciesWithMedia } from '../support/import-run.ts';
import type { TestServer } from '../support/test-server.ts';

/** A Ghost slug longer than Quire's 80 characters: the post's address changes here. */
const longSlug = `${'a-very-long-ghost-address-'.repeat(4)}lisbon-in-spring`;

/**
 * Old Ghost addresses answer 301 over HTTP on the built site (issue 30, points 5 and 7): a post
 * whose slug changed, its AMP page, the feed, an author's page, and the content images with
 * their sized copies. Once per database.
 */
for (const database of testDatabases()) {
  describe(`old Ghost addresses over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let folder = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle } = site);
      folder = mkdtempSync(join(tmpdir(), 'quire-ghost-http-'));
      const images = join(folder, 'images');
      for (const name of ['tram', 'a', 'pic', 'book', 'bg', 'cover', 'h']) {
        await writeTestImage(images, `2024/05/${name}.jpg`, 1200, 800);
      }
      await writeTestImage(images, '2024/05/map.png', 640, 480);
      const exported = readFileSync('tests/fixtures/import/ghost/ghost-5-lexical.json', 'utf8');
      const file = join(folder, 'ghost.json');
      writeFileSync(file, exported.replace('"slug": "lisbon-in-spring"', `"slug": "${longSlug}"`));
      const id = await createImportRun(handle.db, {
        source: 'ghost',
        file,
        fileName: 'ghost.json',
        options: { mediaDir: images, siteUrl: 'https://ghost.example.org' },
        createdBy: null,
      });
      const deps = importDependenciesWithMedia(handle, folder, folderMedia(images));
      expect((await claimAndRunImport(deps, id, 'http-test')).outcome).toBe('done');
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
      rmSync(folder, { recursive: true, force: true });
    });

    /** A visitor's request, redirects not followed. */
    const visit = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
      await response.arrayBuffer();
      return { status: response.status, location: response.headers.get('location') };
    };

    it('answers a changed slug, the feed, authors and content images with one 301', async () => {
      const post = await handle.db
        .selectFrom('posts')
        .select('slug')
        .where('title', '=', 'Lisbon in spring')
        .executeTakeFirstOrThrow();
      expect(post.slug).not.toBe(longSlug);
      const cover = await handle.db
        .selectFrom('media')
        .select(['id', 'file_name'])
        .where('file_name', '=', 'cover.jpg')
        .executeTakeFirstOrThrow();
      const image = `/media/${cover.id}/1280/cover.jpg`;
      const expected: [string, string][] = [
        [`/${longSlug}/`, `/${post.slug}/`],
        [`/${longSlug}/amp/`, `/${post.slug}/`],
        ['/rss/', '/feed.xml'],
        ['/author/ana/', '/'],
        ['/content/images/2024/05/cover.jpg', image],
        ['/content/images/size/w2000/2024/05/cover.jpg', image],
      ];
      for (const [from, to] of expected) {
        expect({ from, ...(await visit(from)) }).toEqual({ from, status: 301, location: to });
      }
      expect((await visit(`/${post.slug}/`)).status).toBe(200);
      expect((await visit('/about/')).status).toBe(200);
      expect((await visit(image)).status).toBe(200);
    });
  });
}
