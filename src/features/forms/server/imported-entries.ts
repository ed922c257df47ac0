import type { Db } from '../../../platform/db/connect.ts';
import { fileFieldTypes, isInputField } from '../field-kinds.ts';
import type { RuleContext } from '../field-rules.ts';
import type { FormValues } from '../field-values.ts';
import type { FormDefinition } from '../form-definition.ts';
import type { EntryField } from './notifications.ts';
import { storedValue } from './stored-values.ts';

/**
 * Entries brought in from another form tool (issue 30: WPForms' entries CSV). They are stored
 * as a submission's would be, with the date they were sent there, but no mail goes out, no
 * rate limit or coupon is counted and no order is made: they happened elsewhere, long ago.
 */

/** Types an imported entry never keeps: a password would be kept as text, a card is never read. */
const notKept = new Set(['password', 'payment-credit-card']);

/** The answers an imported entry keeps, in the form's order, as a submission's entry keeps them. */
export function importedEntryFields(
  definition: FormDefinition,
  values: FormValues,
  context: RuleContext,
): EntryField[] {
  return definition.fields
    .filter((field) => isInputField(field) && !notKept.has(field.type))
    .filter((field) => values[field.id] !== undefined)
    .map((field) => {
      const input = values[field.id];
      const value = fileFieldTypes.includes(field.type)
        ? (Array.isArray(input) ? input : [String(input ?? '')]).join('\n')
        : storedValue(field, input, context);
      // An answer Quire cannot read into its parts (a scale, a repeater) is kept as written.
      const written = typeof input === 'string' ? input : '';
      return { id: field.id, type: field.type, label: field.label, value: value || written };
    });
}

/**
 * Stores an imported entry (or changes the one stored before from the same row: `id`), keyed
 * by `key` so the same row is stored once. Answers the entry's id.
 */
export async function storeImportedEntry(
  db: Db,
  entry: { formId: number; fields: EntryField[]; submittedAt: number; key: string; now: number },
  id?: number,
): Promise<number> {
  const fields = JSON.stringify(entry.fields);
  if (id !== undefined) {
    const changed = await db
      .updateTable('form_entries')
      .set({ fields, submitted_at: entry.submittedAt })
      .where('id', '=', id)
      .where('form_id', '=', entry.formId)
      .returning('id')
      .executeTakeFirst();
    if (changed) return changed.id;
  }
  const fingerprint = `import:${entry.key}`;
  const inserted = await db
    .insertInto('form_entries')
    .values({
      form_id: entry.formId,
      status: 'entry',
      spam_reason: null,
      fields,
      page_url: '',
      visitor_id: null,
      user_agent: '',
      started_at: null,
      submitted_at: entry.submittedAt,
      created_at: entry.now,
      fingerprint,
    })
    .onConflict((c) => c.column('fingerprint').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (inserted) return inserted.id;
  // Stored before by a run interrupted before it recorded it: that one.
  const stored = await db
    .selectFrom('form_entries')
    .select('id')
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirstOrThrow();
  return stored.id;
}
