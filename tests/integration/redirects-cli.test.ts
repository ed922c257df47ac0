import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redirectRuleMessages as rule } from '../../src/features/content/address-messages.ts';
import { testDatabases } from '../support/databases.ts';
import { type CliSite, startCliSite } from '../support/quire-cli.ts';

/**
 * `npm run quire -- redirects …` for operators (issue 29, point 5): add (with the screen's checks
 * and chains), list, import a CSV file (the plan first; without a terminal only with --yes) and
 * delete. Once per database.
 */
for (const database of testDatabases()) {
  describe(`redirects on the command line, on ${database.name}`, () => {
    let site: CliSite;

    beforeAll(async () => {
      site = await startCliSite(database);
    });
    afterAll(() => site?.remove());

    const cli = (...args: string[]) => site.quire('redirects', ...args);

    it('adds, lists, imports and deletes redirects as the Redirects screen does', async () => {
      expect(await cli('add', '/Old-Post', '/new-post/')).toMatchObject({
        code: 0,
        stdout: '/old-post/ now leads to /new-post/.\n',
      });
      const loop = await cli('add', '/new-post/', '/old-post/');
      expect(loop.code).toBe(1);
      expect(loop.stderr).toContain(rule.loop('/old-post/'));

      const file = join(site.dataDir, 'redirects.csv');
      writeFileSync(file, 'from,to\n/new-post/,/newest/\nnot a path,/x/\n');
      const asked = await cli('import', file);
      expect(asked.code).toBe(1);
      expect(asked.stderr).toContain('1 new redirect, 0 replaced, 1 line refused.');
      expect(asked.stderr).toContain(`Line 3 refused (not a path,/x/): ${rule.fromNotPath}`);
      expect(asked.stderr).toContain('Nothing imported: pass --yes to import.');
      const imported = await cli('import', file, '--yes');
      // A line refused: done, but not everything (as `import` says with 2).
      expect(imported.code).toBe(2);
      expect(imported.stdout).toContain('Imported 1 new redirect; 0 replaced.');

      const list = await cli('list');
      // The chain collapsed: the first old address leads straight to the newest.
      expect(list.stdout).toMatch(/^\/new-post\/ -> \/newest\/ {2}\(imported, .+ UTC\)$/m);
      expect(list.stdout).toMatch(/^\/old-post\/ -> \/newest\/ {2}\(added, .+ UTC\)$/m);

      expect(await cli('delete', '/OLD-POST')).toMatchObject({ code: 0 });
      expect((await cli('list')).stdout).not.toContain('/old-post/');
      expect((await cli('delete', '/old-post/')).code).toBe(2);
      expect((await cli('rename', '/a/')).code).toBe(2);
    }, 60_000);
  });
}
