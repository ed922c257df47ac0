import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importMessages } from '../../src/features/import/messages.ts';
import {
  claimImportRun,
  createImportRun,
  findImportRun,
  type ImportOptions,
  type ImportSource,
} from '../../src/features/import/server/import-runs.ts';
import { runImport } from '../../src/features/import/server/run-import.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { createLogger } from '../../src/platform/log.ts';
import { fromZonedInputs } from '../../src/platform/time-zone.ts';
import { importDependencies } from '../../src/server/import-wiring.ts';
import { testDatabases } from '../support/databases.ts';

const fixtures = 'tests/fixtures/import';
const formsFile = resolve(fixtures, 'wpforms-contact-survey.json');
const entriesFile = resolve(fixtures, 'wpforms-entries.csv');
const wxrFile = resolve(fixtures, 'site-move.wxr.xml');

/** The WPForms form the WordPress export carries (item 77), as WPForms' own export writes it. */
function ferryFormExport(): string {
  const wxr = readFileSync(wxrFile, 'utf8');
  const json = /<content:encoded><!\[CDATA\[(\{"id":"77".*?\})\]\]><\/content:encoded>/s.exec(wxr);
  if (!json?.[1]) throw new Error('The WordPress fixture lost its WPForms form');
  return JSON.stringify([JSON.parse(json[1])]);
}

/**
 * WPForms files through import runs (issue 30, point 6): the forms export becomes forms, once,
 * whichever of it and the WordPress export comes first; the entries CSV becomes entries of a
 * form here, with their dates, never mailed, once; a dry run writes nothing. Once per database.
 */
for (const database of testDatabases()) {
  describe(`WPForms imports on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    let folder = '';

    beforeAll(async () => {
      handle = await database.open();
      folder = mkdtempSync(join(tmpdir(), 'quire-wpforms-import-'));
    });
    afterAll(async () => {
      await handle?.close();
      rmSync(folder, { recursive: true, force: true });
    });

    const deps = () =>
      importDependencies({ database: handle, log: createLogger('silent'), dataDir: folder });
    const importOnce = async (source: ImportSource, file: string, options: ImportOptions = {}) => {
      const id = await createImportRun(handle.db, {
        source,
        file,
        fileName: 'file',
        options,
        createdBy: null,
      });
      expect(await claimImportRun(handle.db, id, 'test')).toBe(true);
      const outcome = await runImport(deps(), id, 'test');
      const run = (await findImportRun(handle.db, id))!;
      return { outcome, run, report: run.report };
    };
    const count = async (table: 'forms' | 'form_entries' | 'mail_outbox') =>
      Number(
        (
          await handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const formId = async (title: string) => {
      const forms = await handle.db.selectFrom('forms').select(['id', 'definition']).execute();
      const form = forms.find((row) => JSON.parse(row.definition).title === title);
      if (!form) throw new Error(`No form “${title}”`);
      return form.id;
    };

    it('makes the forms of a WPForms export once, noting what did not come across', async () => {
      const first = await importOnce('wpforms', formsFile);
      expect(first.outcome).toBe('done');
      expect(first.report.counts.form).toEqual({ imported: 3, updated: 0, skipped: 0, failed: 0 });
      expect(first.report.notes).toContain(
        importMessages.formNote(
          'Newsletter',
          'Notifications were off in WPForms; Quire mails no one for this form.',
        ),
      );
      // The file's fourth item is no form: said plainly, not under an empty form title.
      expect(first.report.notes.some((note) => note.startsWith('Form “”'))).toBe(false);
      expect(await count('forms')).toBe(3);

      const again = await importOnce('wpforms', formsFile);
      expect(again.report.counts.form).toEqual({ imported: 0, updated: 0, skipped: 3, failed: 0 });
      expect(await count('forms')).toBe(3);
    });

    it('adds entries to a form with their dates, never mailed, and only once', async () => {
      const form = await formId('Contact & survey');
      const mails = await count('mail_outbox');
      const dry = await importOnce('wpforms-entries', entriesFile, { formId: form, dryRun: true });
      expect(dry.report.counts.entry).toEqual({ imported: 2, updated: 0, skipped: 0, failed: 0 });
      expect(await count('form_entries')).toBe(0);

      const { outcome, report } = await importOnce('wpforms-entries', entriesFile, {
        formId: form,
      });
      expect(outcome).toBe('done');
      expect(report.counts.entry).toEqual({ imported: 2, updated: 0, skipped: 0, failed: 0 });
      expect(report.notes).toContain(
        importMessages.entriesNote(
          'Contact & survey',
          'Column “Staff notes” matches no field of the imported form and was left out.',
        ),
      );
      const entries = await handle.db
        .selectFrom('form_entries')
        .selectAll()
        .where('form_id', '=', form)
        .orderBy('id')
        .execute();
      expect(entries).toHaveLength(2);
      const [jane, bob] = entries;
      expect(jane?.status).toBe('entry');
      // "11/28/2026 2:30 pm" in the site's time zone.
      expect(Number(jane?.submitted_at)).toBe(fromZonedInputs('2026-11-28', '14:30', 'UTC'));
      const answers = Object.fromEntries(
        (JSON.parse(jane?.fields ?? '[]') as { label: string; value: string }[]).map((f) => [
          f.label,
          f.value,
        ]),
      );
      expect(answers).toMatchObject({
        'Your name': 'Jane Ann Doe',
        Email: 'jane@example.com',
        Subject: 'Hello, "there"',
        Topics: 'News, Events',
        Appointment: '28/11/2026',
        'Appointment (time)': '14:30',
      });
      expect(answers.CV).toContain('https://old.example/wp-content/uploads/wpforms/a.pdf');
      expect(Number(bob?.submitted_at)).toBe(Date.UTC(2026, 10, 27, 9, 5));
      expect(await count('mail_outbox')).toBe(mails);

      const again = await importOnce('wpforms-entries', entriesFile, { formId: form });
      expect(again.report.counts.entry).toEqual({ imported: 0, updated: 0, skipped: 2, failed: 0 });
      expect(await count('form_entries')).toBe(2);

      // A row changed in WPForms since updates its entry in place.
      const changed = join(folder, 'entries-changed.csv');
      writeFileSync(
        changed,
        readFileSync(entriesFile, 'utf8').replace('Bob,bob@example.com', 'Bob,robert@example.com'),
      );
      const update = await importOnce('wpforms-entries', changed, { formId: form });
      expect(update.report.counts.entry).toEqual({
        imported: 0,
        updated: 1,
        skipped: 1,
        failed: 0,
      });
      const stored = await handle.db
        .selectFrom('form_entries')
        .select('fields')
        .where('id', '=', bob!.id)
        .executeTakeFirstOrThrow();
      expect(stored.fields).toContain('robert@example.com');
      expect(await count('form_entries')).toBe(2);
    });

    it('refuses entries for a form that is not here, or that match none of its fields', async () => {
      const missing = await importOnce('wpforms-entries', entriesFile, { formId: 9999 });
      expect(missing.outcome).toBe('failed');
      expect(missing.run.error).toBe(importMessages.entriesFormMissing(9999));
      const newsletter = await formId('Newsletter');
      const other = join(folder, 'other.csv');
      writeFileSync(other, 'Colour,Size\nRed,L\n');
      const unmatched = await importOnce('wpforms-entries', other, { formId: newsletter });
      expect(unmatched.outcome).toBe('failed');
      expect(unmatched.run.error).toContain('Choose the form the entries were exported from');
      expect(await count('form_entries')).toBe(2);
    });

    it('brings a form in once whether its WPForms export or the WordPress export comes first', async () => {
      const ferry = join(folder, 'ferry.json');
      writeFileSync(ferry, ferryFormExport());
      const forms = await count('forms');
      const alone = await importOnce('wpforms', ferry);
      expect(alone.report.counts.form?.imported).toBe(1);
      const ferryId = await formId('Ferry questions');

      // The WordPress export of the site, later, takes the form over instead of making another.
      const site = await importOnce('wordpress', wxrFile);
      expect(site.outcome).toBe('done');
      expect(site.report.counts.form).toMatchObject({ imported: 0, skipped: 1 });
      expect(await count('forms')).toBe(forms + 1);
      const body = await handle.db
        .selectFrom('posts')
        .select('body_markdown')
        .where('body_markdown', 'like', '%[form id=%')
        .executeTakeFirstOrThrow();
      expect(body.body_markdown).toContain(`[form id="${ferryId}"]`);

      // And the WPForms export again, after: matched with that site's forms.
      const after = await importOnce('wpforms', ferry);
      expect(after.report.counts.form).toMatchObject({ imported: 0, skipped: 1 });
      expect(after.report.notes).toContain(importMessages.formsOfSite('https://old.example.com'));
      expect(await count('forms')).toBe(forms + 1);
    });

    it('fails a file that is not a WPForms export with the reason, writing nothing', async () => {
      const forms = await count('forms');
      const notJson = join(folder, 'not.json');
      writeFileSync(notJson, '<xml/>');
      const broken = await importOnce('wpforms', notJson);
      expect(broken.run.error).toBe(importMessages.wpformsNotJson);
      const empty = join(folder, 'empty.json');
      writeFileSync(empty, '[]');
      expect((await importOnce('wpforms', empty)).run.error).toBe(importMessages.wpformsNoForms);
      expect(await count('forms')).toBe(forms);
    });
  });
}
