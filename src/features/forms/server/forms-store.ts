import { sql } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import { type EditBase, EditConflict } from '../../../platform/edit-conflict.ts';
import { renderMarkdown } from '../../../platform/markdown.ts';
import { fieldIdMark } from '../field-ids.ts';
import {
  type FormDefinition,
  type FormDefinitionInput,
  parseFormDefinition,
  type StoredForm,
} from '../form-definition.ts';
import { checkFieldIds } from './field-id-guard.ts';

export class FormDefinitionError extends Error {
  override name = 'FormDefinitionError';
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The form definition is not valid:\n  ${problems.join('\n  ')}`);
    this.problems = problems;
  }
}

/**
 * Checks a definition and renders the owner's Markdown and HTML blocks to sanitised HTML, so
 * pages and the browser only ever get safe markup.
 */
export function prepareDefinition(input: unknown): FormDefinition {
  const parsed = parseFormDefinition(input);
  if (!parsed.ok) throw new FormDefinitionError(parsed.problems);
  const definition = parsed.definition;
  return {
    ...definition,
    fields: definition.fields.map((field) => {
      if (field.type === 'content') return { ...field, html: renderMarkdown(field.content) };
      if (field.type === 'html') return { ...field, code: renderMarkdown(field.code) };
      return field;
    }),
    lastFieldId: fieldIdMark(definition),
  };
}

/**
 * Checks a definition that is to become form `id` (a new form when undefined): the schema's
 * rules, then, for a form that exists, that no field takes an id whose answers belong to
 * another field (decision 0048). Throws a FormDefinitionError listing the problems.
 */
export async function checkDefinition(
  handle: DatabaseHandle,
  input: unknown,
  id?: number,
): Promise<FormDefinition> {
  const definition = prepareDefinition(input);
  if (id === undefined) return definition;
  const { problems, lastFieldId } = await checkFieldIds(handle, id, definition);
  if (problems.length > 0) throw new FormDefinitionError(problems);
  return { ...definition, lastFieldId };
}

/**
 * Creates a form, or replaces form `id`; the pages that embed it change with it. With a base
 * revision (the builder's), a form saved again since is not overwritten: `EditConflict`.
 */
export async function saveForm(
  handle: DatabaseHandle,
  input: FormDefinitionInput | unknown,
  id?: number,
  now = Date.now(),
  edit: EditBase = {},
): Promise<StoredForm & { revision: number }> {
  const { db, kind } = handle;
  const definition = await checkDefinition(handle, input, id);
  const json = JSON.stringify(definition);
  let savedId: number;
  if (id === undefined) {
    const row = await db
      .insertInto('forms')
      .values({
        title: definition.title,
        definition: json,
        created_at: now,
        updated_at: now,
        updated_by: edit.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    savedId = row.id;
  } else {
    const updated = await db
      .updateTable('forms')
      .set({
        title: definition.title,
        definition: json,
        updated_at: now,
        deleted_at: null,
        revision: sql`revision + 1`,
        updated_by: edit.userId ?? null,
      })
      .where('id', '=', id)
      .$if(edit.baseRevision !== undefined, (q) => q.where('revision', '=', edit.baseRevision!))
      .executeTakeFirst();
    const current =
      Number(updated.numUpdatedRows) === 0
        ? await db
            .selectFrom('forms')
            .select(['revision', 'updated_at', 'updated_by'])
            .where('id', '=', id)
            .executeTakeFirst()
        : undefined;
    if (current) {
      throw new EditConflict({
        revision: current.revision,
        updatedAt: Number(current.updated_at),
        updatedBy: current.updated_by,
      });
    }
    if (Number(updated.numUpdatedRows) === 0) {
      await db
        .insertInto('forms')
        .values({
          id,
          title: definition.title,
          definition: json,
          created_at: now,
          updated_at: now,
          updated_by: edit.userId ?? null,
        })
        .execute();
      // An explicit id does not move PostgreSQL's identity sequence; later inserts would clash.
      if (kind === 'postgres') {
        await sql`select setval(pg_get_serial_sequence('forms', 'id'), (select max(id) from forms))`.execute(
          db,
        );
      }
    }
    savedId = id;
  }
  await bumpContentVersion(db);
  const { revision } = await db
    .selectFrom('forms')
    .select('revision')
    .where('id', '=', savedId)
    .executeTakeFirstOrThrow();
  return { id: savedId, definition, revision };
}

/** The revision a form's builder opens, and sends back with its save. */
export async function formRevision(db: Db, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('forms')
    .select('revision')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.revision;
}

export async function findForm(db: Db, id: number): Promise<StoredForm | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db
    .selectFrom('forms')
    .select(['id', 'definition'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { id: row.id, definition: JSON.parse(row.definition) as FormDefinition };
}

export async function listForms(db: Db): Promise<StoredForm[]> {
  const rows = await db
    .selectFrom('forms')
    .select(['id', 'definition'])
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    definition: JSON.parse(row.definition) as FormDefinition,
  }));
}

/** A form whose entries the owner may read: a live one, or one deleted with its entries kept. */
export type EntriesForm = StoredForm & { deleted: boolean };

const entriesFormOf = (row: { id: number; definition: string; deleted_at: number | null }) => ({
  id: row.id,
  definition: JSON.parse(row.definition) as FormDefinition,
  deleted: row.deleted_at !== null,
});

/** Form `id`, deleted or not (its entries are read and exported alike); undefined when gone. */
export async function findEntriesForm(db: Db, id: number): Promise<EntriesForm | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await db
    .selectFrom('forms')
    .select(['id', 'definition', 'deleted_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && entriesFormOf(row);
}

/** The forms that have entries to read: every live form, and deleted ones with entries kept. */
export async function listEntriesForms(db: Db): Promise<EntriesForm[]> {
  const rows = await db
    .selectFrom('forms')
    .select(['id', 'definition', 'deleted_at'])
    .where((eb) =>
      eb.or([
        eb('deleted_at', 'is', null),
        eb.exists(
          eb
            .selectFrom('form_entries')
            .select('form_entries.id')
            .whereRef('form_entries.form_id', '=', 'forms.id'),
        ),
      ]),
    )
    .orderBy('id')
    .execute();
  return rows.map(entriesFormOf);
}
