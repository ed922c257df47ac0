import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages, mediaMessages } from '../../src/features/import/messages.ts';
import type { ImportReport } from '../../src/features/import/server/import-runs.ts';
import { testDatabases } from '../support/databases.ts';
import { writeTestImage } from '../support/folder-media.ts';
import { type CliSite, startCliSite } from '../support/quire-cli.ts';

const fixture = 'tests/fixtures/import/site-move.wxr.xml';

/**
 * `npm run quire -- import-wordpress …` end to end (issue 30, points 1 and 8): a run made and
 * run in the process, its report as text or JSON; a dry run afterwards finds everything there
 * and writes nothing; a file that is no export fails with the reason. Once per database.
 */
for (const database of testDatabases()) {
  describe(`import-wordpress on the command line, on ${database.name}`, () => {
    let site: CliSite;

    beforeAll(async () => {
      site = await startCliSite(database);
    });
    afterAll(() => site?.remove());

    const cli = (...args: string[]) => site.quire('import-wordpress', ...args);

    it('imports an export and prints its report, as JSON when asked', async () => {
      const first = await cli(fixture, '--json');
      expect(first.stderr).toContain('Posts and pages: ');
      expect(first.code).toBe(0);
      const report = JSON.parse(first.stdout) as ImportReport & { error: string | null };
      expect(report).toMatchObject({ dryRun: false, error: null, comments: 2 });
      expect(report.counts.post).toMatchObject({ imported: 5, skipped: 1, failed: 0 });
      expect(report.counts.page).toMatchObject({ imported: 3 });
      expect(report.counts.form).toMatchObject({ imported: 1 });
      // No media folder or old-site address: the images are left out (skipped, not failed: the
      // owner chose so), and the posts still land; the PDF is skipped as it always is.
      expect(report.counts.attachment).toMatchObject({ imported: 0, skipped: 3, failed: 0 });
      expect(report.notes).toContain(importMessages.noMediaSource);

      const again = await cli(fixture, '--dry-run');
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Dry run: nothing was written.');
      expect(again.stdout).toContain('post: 0 imported, 0 updated, 6 skipped, 0 failed');
      expect(again.stdout).toContain('[su_box] 1× in “Café by the harbour”');
    });

    it('takes the images from a copy of wp-content/uploads given with --media', async () => {
      const uploads = join(site.dataDir, 'uploads');
      await writeTestImage(uploads, '2024/05/café.jpg', 1600, 1200);
      await writeTestImage(uploads, '2024/05/harbour.png', 800, 600);
      const imported = await cli(fixture, '--media', uploads, '--json');
      expect(imported.code).toBe(0);
      const report = JSON.parse(imported.stdout) as ImportReport;
      // The two images come in (the first run could not fetch them); the PDF is no image.
      expect(report.counts.attachment).toMatchObject({ imported: 2, skipped: 1, failed: 0 });
      const handle = site.connect();
      try {
        const media = await handle.db.selectFrom('media').select(['file_name', 'width']).execute();
        expect(media).toEqual(
          expect.arrayContaining([
            { file_name: 'cafe.jpg', width: 1600 },
            { file_name: 'harbour.png', width: 800 },
          ]),
        );
        const post = await handle.db
          .selectFrom('posts')
          .select('body_markdown')
          .where('slug', '=', 'cafe-by-the-harbour')
          .executeTakeFirstOrThrow();
        expect(post.body_markdown).not.toContain('old.example.com/wp-content/uploads');
      } finally {
        await handle.db.destroy();
      }
    });

    it('refuses a media folder that is not there and an old-site address that is none, before importing', async () => {
      const missing = await cli(fixture, '--media', join(site.dataDir, 'no-such-folder'));
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(
        mediaMessages.folderUnreadable(join(site.dataDir, 'no-such-folder')),
      );
      const notAnAddress = await cli(fixture, '--media-from', 'old.example.com');
      expect(notAnAddress.code).toBe(1);
      expect(notAnAddress.stderr).toContain(
        importMessages.mediaFromNotAnAddress('old.example.com'),
      );
    });

    it('fails on a file that is not a WordPress export, saying why', async () => {
      const file = join(site.dataDir, 'export.json');
      writeFileSync(file, '{"db":[]}');
      const failed = await cli(file);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(importMessages.notWordPressExport);
      const dry = await cli(file, '--dry-run');
      expect(dry.code).toBe(1);
      expect(dry.stderr).toContain(importMessages.notWordPressExport);
      const usage = await cli(file, '--media', 'a', '--media-from', 'https://b.example');
      expect(usage.code).toBe(2);
    });
  });
}
