import { sql } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import { type EditBase, EditConflict } from '../../../platform/edit-conflict.ts';
import { renderMarkdown } from '../../../platform/markdown.ts';
import {
  type FormDefinition,
  type FormDefinitionInput,
  parseFormDefinition,
  type StoredForm,
} from '../form-definition.ts';

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
  };
}

/**
 * Creates a form, or replaces form `id`; the pages that embed it change with it. With a base
 * revision (the builder's), a form saved again since is not overwritten: `EditConflict`.
 */
export async function saveForm(
  { db, kind }: DatabaseHandle,
  input: FormDefinitionInput | unknown,
  id?: number,
  now = Date.now(),
  edit: EditBase = {},
): Promise<StoredForm & { revision: number }> {
  const definition = prepareDefinition(input);
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
