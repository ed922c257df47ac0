import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '../../src/features/import/messages.ts';
import type { ImportReport } from '../../src/features/import/server/import-runs.ts';
import { testDatabases } from '../support/databases.ts';
import { type CliSite, startCliSite } from '../support/quire-cli.ts';

const forms = 'tests/fixtures/import/wpforms-contact-survey.json';
const entries = 'tests/fixtures/import/wpforms-entries.csv';

/**
 * `import-wpforms` and `import-wpforms-entries` on the command line (issue 30, point 6): the
 * forms of WPForms' export, then its entries CSV added to one of them, each once; wrong
 * arguments are refused with how to call it. Once per database.
 */
for (const database of testDatabases()) {
  describe(`WPForms on the command line, on ${database.name}`, () => {
    let site: CliSite;

    beforeAll(async () => {
      site = await startCliSite(database);
    });
    afterAll(() => site?.remove());

    const report = (stdout: string) => JSON.parse(stdout) as ImportReport & { error: string };

    it('imports the forms, then adds entries to one of them, once', async () => {
      const first = await site.quire('import-wpforms', forms, '--json');
      expect(first.code).toBe(0);
      expect(report(first.stdout).counts.form).toMatchObject({ imported: 3, failed: 0 });
      const handle = site.connect();
      let formId = 0;
      try {
        const rows = await handle.db.selectFrom('forms').select(['id', 'definition']).execute();
        formId =
          rows.find((row) => JSON.parse(row.definition).title === 'Contact & survey')?.id ?? 0;
      } finally {
        await handle.db.destroy();
      }
      expect(formId).toBeGreaterThan(0);

      const added = await site.quire('import-wpforms-entries', entries, '--form', String(formId));
      expect(added.code).toBe(0);
      expect(added.stdout).toContain('entry: 2 imported, 0 updated, 0 skipped, 0 failed');
      const again = await site.quire(
        'import-wpforms-entries',
        entries,
        '--form',
        String(formId),
        '--json',
      );
      expect(report(again.stdout).counts.entry).toMatchObject({ imported: 0, skipped: 2 });

      const missing = await site.quire('import-wpforms-entries', entries, '--form', '9999');
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain(importMessages.entriesFormMissing(9999));
    });

    it('refuses wrong arguments, saying how to call it', async () => {
      const noForm = await site.quire('import-wpforms-entries', entries);
      expect(noForm.code).toBe(2);
      expect(noForm.stderr).toContain('use: import-wpforms-entries <entries.csv> --form');
      const badForm = await site.quire('import-wpforms-entries', entries, '--form', 'x');
      expect(badForm.stderr).toContain('--form x is not a form');
      const media = await site.quire('import-wpforms', forms, '--media', '/tmp');
      expect(media.code).toBe(2);
      const address = await site.quire('import-wpforms', forms, '--site-url', 'old.example');
      expect(address.stderr).toContain('is not a web address');
    });
  });
}
