import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import { fill } from '../../../platform/fill-message.ts';
import { fieldIdClashes, fieldIdMark, fieldsToJudge } from '../field-ids.ts';
import type { FormDefinition } from '../form-definition.ts';
import { answeredFields } from './answered-fields.ts';
import { serverMessages } from './server-messages.ts';

/**
 * What a save of form `formId` (live, or deleted with its entries kept) does with its field
 * ids (decision 0048): the problems of the fields that would be filed under another field's
 * answers, at their paths (the save must not go on), and the `lastFieldId` to store, never
 * below what the form has given. The entries are read only when a field's id is new to the
 * stored form or its type changed.
 */
export async function checkFieldIds(
  handle: DatabaseHandle,
  formId: number,
  definition: FormDefinition,
): Promise<{ problems: string[]; lastFieldId: number }> {
  const row = await handle.db
    .selectFrom('forms')
    .select('definition')
    .where('id', '=', formId)
    .executeTakeFirst();
  if (!row) return { problems: [], lastFieldId: fieldIdMark(definition) };
  const stored = JSON.parse(row.definition) as FormDefinition;
  const mark = Math.max(fieldIdMark(stored), fieldIdMark(definition));
  if (fieldsToJudge(definition.fields, stored.fields).length === 0) {
    return { problems: [], lastFieldId: mark };
  }
  const clashes = fieldIdClashes(
    definition.fields,
    stored.fields,
    await answeredFields(handle, formId),
  );
  const problems = clashes.map((clash) => {
    const template =
      clash.kind === 'reused' ? serverMessages.fieldIdReused : serverMessages.fieldIdRetyped;
    const text = fill(template, {
      id: clash.field.id,
      label: clash.was.label,
      was: clash.was.type,
      type: clash.field.type,
      mark,
    });
    return `fields.${clash.index}.id: ${text}`;
  });
  return { problems, lastFieldId: mark };
}
