import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ghostMessages } from '../../src/features/import/messages.ts';
import type { ImportReport } from '../../src/features/import/server/import-runs.ts';
import { testDatabases } from '../support/databases.ts';
import { writeTestImage } from '../support/folder-media.ts';
import { type CliSite, startCliSite } from '../support/quire-cli.ts';

const fixture = 'tests/fixtures/import/ghost/ghost-5-lexical.json';
const members = 'tests/fixtures/import/ghost/members.csv';

/**
 * `npm run quire -- import-ghost …` end to end (issue 30, points 1, 7 and 8): the export, its
 * images from a copy of `content/images` and its members in one report; a dry run afterwards
 * finds everything there and writes nothing; a file that is no Ghost export fails with the
 * reason. Once per database.
 */
for (const database of testDatabases()) {
  describe(`import-ghost on the command line, on ${database.name}`, () => {
    let site: CliSite;

    beforeAll(async () => {
      site = await startCliSite(database);
    });
    afterAll(() => site?.remove());

    const cli = (...args: string[]) => site.quire('import-ghost', ...args);

    it('imports an export with its images and members, and prints one report', async () => {
      const content = join(site.dataDir, 'content');
      for (const name of ['tram', 'a', 'pic', 'book', 'bg', 'cover', 'h']) {
        await writeTestImage(join(content, 'images'), `2024/05/${name}.jpg`, 1200, 800);
      }
      await writeTestImage(join(content, 'images'), '2024/05/map.png', 640, 480);
      const first = await cli(
        fixture,
        '--media',
        content,
        '--members',
        members,
        '--site-url',
        'https://ghost.example.org',
        '--json',
      );
      expect(first.stderr).toContain('Posts and pages: ');
      expect(first.code).toBe(0);
      const report = JSON.parse(first.stdout) as ImportReport & { error: string | null };
      expect(report).toMatchObject({ dryRun: false, error: null });
      expect(report.counts.post).toMatchObject({ imported: 4, failed: 0 });
      expect(report.counts.page).toMatchObject({ imported: 1 });
      expect(report.counts.image).toMatchObject({ imported: 7, failed: 0 });
      expect(report.counts.member).toMatchObject({ imported: 2, skipped: 2, failed: 3 });

      const again = await cli(fixture, '--site-url', 'https://ghost.example.org', '--dry-run');
      expect(again.code).toBe(0);
      expect(again.stdout).toContain('Dry run: nothing was written.');
      expect(again.stdout).toContain('post: 0 imported, 0 updated, 4 skipped, 0 failed');

      const handle = site.connect();
      try {
        const post = await handle.db
          .selectFrom('posts')
          .select('body_markdown')
          .where('slug', '=', 'lisbon-in-spring')
          .executeTakeFirstOrThrow();
        expect(post.body_markdown).not.toContain('/content/images/');
        const subscribers = await handle.db.selectFrom('subscribers').select('email').execute();
        expect(subscribers).toHaveLength(2);
      } finally {
        await handle.db.destroy();
      }
    });

    it('fails on a file that is not a Ghost export, saying why', async () => {
      const wordpress = 'tests/fixtures/import/site-move.wxr.xml';
      const failed = await cli(wordpress);
      expect(failed.code).toBe(1);
      expect(failed.stderr).toContain(ghostMessages.wordPressGiven);
      const dry = await cli(wordpress, '--dry-run');
      expect(dry.code).toBe(1);
      expect(dry.stderr).toContain(ghostMessages.wordPressGiven);
      expect((await cli(fixture, '--site-url', 'ghost.example.org')).code).toBe(2);
    });
  });
}
