import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImportRun } from '../../src/features/import/server/import-runs.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { folderMedia, writeTestImage } from '../support/folder-media.ts';
import { claimAndRunImport, importDependenciesWithMedia } from '../support/import-run.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * Every old address of an imported WordPress site answers 301 over HTTP on the built site
 * (issue 30, point 5): item links, `/?p=ID` on the home page (with the visitor's other query
 * carried), categories, feeds, uploads and their resized copies; the home page itself and live
 * pages are never shadowed. Once per database.
 */
for (const database of testDatabases()) {
  describe(`old WordPress addresses over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let folder = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle } = site);
      folder = mkdtempSync(join(tmpdir(), 'quire-wp-http-'));
      await writeTestImage(folder, '2024/05/café.jpg', 1600, 1200);
      await writeTestImage(folder, '2024/05/harbour.png', 800, 600);
      const id = await createImportRun(handle.db, {
        source: 'wordpress',
        file: resolve('tests/fixtures/import/site-move.wxr.xml'),
        fileName: 'site-move.wxr.xml',
        options: { mediaDir: folder },
        createdBy: null,
      });
      const deps = importDependenciesWithMedia(handle, folder, folderMedia(folder));
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

    it('answers the old links, ids, categories, feeds and uploads with one 301', async () => {
      const photo = await handle.db
        .selectFrom('media')
        .select(['id', 'file_name'])
        .where('file_name', '=', 'cafe.jpg')
        .executeTakeFirstOrThrow();
      const image = `/media/${photo.id}/1920/${photo.file_name}`;
      const expected: [string, string][] = [
        ['/?p=10', '/cafe-by-the-harbour/'],
        ['/?p=10&utm_source=mail', '/cafe-by-the-harbour/?utm_source=mail'],
        ['/?page_id=32', '/crew/'],
        ['/?attachment_id=20', image],
        ['/?cat=4', '/tag/boats/'],
        ['/2024/05/cafe-by-the-harbour/', '/cafe-by-the-harbour/'],
        ['/about/team/crew/', '/crew/'],
        ['/category/travel/boats/', '/tag/boats/'],
        ['/category/travel/feed/', '/tag/travel/feed.xml'],
        ['/feed/', '/feed.xml'],
        ['/2024/05/', '/archive/2024/05/'],
        ['/wp-content/uploads/2024/05/caf%C3%A9-300x225.jpg', image],
      ];
      for (const [from, to] of expected) {
        expect({ from, ...(await visit(from)) }).toEqual({ from, status: 301, location: to });
      }
      // Twice: the second answer may come from the page cache, and still leads there.
      expect(await visit('/?p=10')).toEqual({ status: 301, location: '/cafe-by-the-harbour/' });
      expect((await visit('/cafe-by-the-harbour/')).status).toBe(200);
      expect((await visit(image)).status).toBe(200);
    });

    it('never shadows the home page or a live page', async () => {
      expect((await visit('/')).status).toBe(200);
      expect((await visit('/?p=999999')).status).toBe(200);
      expect((await visit('/?p=not-a-number')).status).toBe(200);
      expect((await visit('/?page=1')).status).toBe(200);
      // A redirect kept from an address a page now lives at is never used.
      await handle.db
        .insertInto('redirects')
        .values({
          from_path: '/crew/',
          to_address: '/team/',
          to_key: '/team/',
          source: 'import',
          created_at: Date.now(),
          updated_at: Date.now(),
        })
        .execute();
      expect((await visit('/crew/')).status).toBe(200);
    });
  });
}
