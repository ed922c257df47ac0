import { importMessages as m } from '../messages.ts';
import { type ImportedForm, importWpforms } from '../wpforms.ts';
import { readWpformsEntries } from '../wpforms-entries.ts';
import type { ImportWriters } from './import-dependencies.ts';
import { fingerprintOf, type ImportLedger } from './import-ledger.ts';

/**
 * WPForms forms and entries as a run imports them (issue 30, point 6; decision 0062): forms
 * from a WordPress export's `wpforms` items or from WPForms' own export, keyed by their
 * WordPress id, so either file brings a form in once; entries from WPForms' CSV, added to a
 * form here and keyed by their WPForms entry id.
 */

type Context = {
  ledger: ImportLedger;
  writers: ImportWriters;
  dryRun: boolean;
  progress: (phase: string, done: number, total: number) => Promise<void>;
};

/** A file that is not what the run was told it is: the owner's to fix, nothing written. */
export class WpformsFileError extends Error {
  override name = 'WpformsFileError';
}

/**
 * One form: made, updated in place when WPForms' version changed, or skipped. Answers its id
 * here (undefined in a dry run of a new form, or when it failed).
 */
export async function importWpformsForm(
  context: Omit<Context, 'progress'>,
  imported: ImportedForm,
  title: string,
): Promise<number | undefined> {
  const { ledger } = context;
  const sourceId = String(imported.sourceId);
  const fingerprint = fingerprintOf(imported.definition);
  const decision = await ledger.decide('form', sourceId, fingerprint);
  if (decision.state === 'same') return decision.targetId ?? undefined;
  const outcome = decision.state === 'new' ? 'imported' : 'updated';
  const earlier = decision.state === 'changed' ? (decision.targetId ?? undefined) : undefined;
  if (context.dryRun) {
    ledger.count('form', outcome);
    return earlier;
  }
  try {
    const id = await context.writers.saveForm(imported.definition, earlier);
    // The entries' CSV writes a Date / Time answer in one column; the form has two fields.
    const kept = { timeParts: imported.timeParts };
    await ledger.record('form', sourceId, { targetId: id, fingerprint, outcome, kept });
    return id;
  } catch (error) {
    ledger.fail('form', sourceId, title, (error as Error).message);
    return undefined;
  }
}

/** WPForms' Tools → Export: every form of the list, with what did not come across noted. */
export async function importWpformsFile(context: Context & { text: string }): Promise<void> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(context.text.replace(/^\uFEFF/, ''));
  } catch {
    throw new WpformsFileError(m.wpformsNotJson);
  }
  const { definitions, notes } = importWpforms(parsed);
  const report = context.ledger.report;
  if (definitions.length === 0) {
    throw new WpformsFileError(notes[0]?.text ?? m.wpformsNoForms);
  }
  for (const note of notes)
    report.notes.push(note.title ? m.formNote(note.title, note.text) : note.text);
  let done = 0;
  await context.progress('forms', 0, definitions.length);
  for (const imported of definitions) {
    const title = imported.definition.title;
    await importWpformsForm(context, imported, title);
    await context.progress('forms', ++done, definitions.length);
  }
}

/**
 * WPForms' Entries → Export (CSV) added to form `formId`: each row an entry of that form with
 * the date it was sent, never mailed. A row seen before is skipped, one changed since updated.
 */
export async function importWpformsEntries(
  context: Context & {
    text: string;
    formId: number;
    /** A Date / Time field's date id → its time field's, as the form's import kept it. */
    timeParts: Record<number, number>;
  },
): Promise<void> {
  const { ledger, writers } = context;
  const form = await writers.findForm(context.formId);
  if (!form) throw new WpformsFileError(m.entriesFormMissing(context.formId));
  const title = form.definition.title;
  const imported: ImportedForm = {
    sourceId: 0,
    definition: form.definition,
    fieldIds: {},
    timeParts: context.timeParts,
  };
  const { rows, notes } = readWpformsEntries(context.text.replace(/^\uFEFF/, ''), imported);
  if (rows.length === 0) throw new WpformsFileError(m.entriesNothingToAdd(title, notes));
  for (const note of notes) ledger.report.notes.push(m.entriesNote(title, note));
  let done = 0;
  await context.progress('entries', 0, rows.length);
  for (const row of rows) {
    const sourceId = row.entryId ?? `row:${fingerprintOf(row.values)}`;
    const fingerprint = fingerprintOf({ values: row.values, submittedAt: row.submittedAt });
    const decision = await ledger.decide('entry', sourceId, fingerprint);
    await context.progress('entries', ++done, rows.length);
    if (decision.state === 'same') continue;
    const outcome = decision.state === 'new' ? 'imported' : 'updated';
    if (context.dryRun) {
      ledger.count('entry', outcome);
      continue;
    }
    try {
      const id = await writers.saveImportedEntry(
        {
          formId: form.id,
          values: row.values,
          submittedAt: row.submittedAt,
          key: `wpforms:${form.id}:${sourceId}`,
        },
        decision.state === 'changed' ? (decision.targetId ?? undefined) : undefined,
      );
      await ledger.record('entry', sourceId, { targetId: id, fingerprint, outcome });
    } catch (error) {
      ledger.fail('entry', sourceId, m.entryRow(row.line), (error as Error).message);
    }
  }
}
