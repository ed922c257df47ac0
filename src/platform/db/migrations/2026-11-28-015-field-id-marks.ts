import { sql } from 'kysely';
import type { MigrationStep } from './schema-sql.ts';

type Fields = ReadonlyArray<{ id?: unknown; fields?: Fields }>;

const largestId = (fields: Fields): number =>
  fields.reduce(
    (most, field) =>
      Math.max(most, typeof field.id === 'number' ? field.id : 0, largestId(field.fields ?? [])),
    0,
  );

/**
 * A deleted field's id is never given to a new field (issue 28, point 7; decision 0048): each
 * form's definition gets `lastFieldId`, the largest field id it has given, counted from its
 * fields and from the ids its entries' answers carry, which include fields deleted before the
 * mark existed. Forms deleted with their entries kept get it too: they may be brought back.
 */
export const addFieldIdMarks: MigrationStep = async (db, kind) => {
  // A form's entries of every status, newest first, a page at a time: what the export of
  // "all" and the columns of answers read (the other indexes put the status before the id).
  await db.schema
    .createIndex('form_entries_form_id_idx')
    .ifNotExists()
    .on('form_entries')
    .columns(['form_id', 'id'])
    .execute();
  const answered =
    kind === 'postgres'
      ? sql<{ form_id: number; id: number | null }>`
          select e.form_id, max((element ->> 'id')::int) as id
          from form_entries e cross join lateral jsonb_array_elements(e.fields::jsonb) as element
          group by e.form_id`
      : sql<{ form_id: number; id: number | null }>`
          select e.form_id, max(json_extract(element.value, '$.id')) as id
          from form_entries e, json_each(e.fields) as element
          group by e.form_id`;
  const { rows } = await answered.execute(db);
  const largestAnswered = new Map(rows.map((row) => [Number(row.form_id), Number(row.id ?? 0)]));
  const forms = await db.selectFrom('forms').select(['id', 'definition']).execute();
  for (const form of forms as Array<{ id: number; definition: string }>) {
    const definition = JSON.parse(form.definition) as { fields?: Fields; lastFieldId?: number };
    const mark = Math.min(
      9999,
      Math.max(
        definition.lastFieldId ?? 0,
        largestId(definition.fields ?? []),
        largestAnswered.get(form.id) ?? 0,
      ),
    );
    if (mark === definition.lastFieldId) continue;
    await db
      .updateTable('forms')
      .set({ definition: JSON.stringify({ ...definition, lastFieldId: mark }) })
      .where('id', '=', form.id)
      .execute();
  }
};
