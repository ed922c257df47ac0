import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { FormDefinition } from '../form-definition.ts';
import { checkDefinition, FormDefinitionError, listForms, saveForm } from './forms-store.ts';

/** The file `quire forms export` writes and `quire forms import` reads (docs/forms.md). */
export type FormsArchive = {
  format: 'quire-forms';
  version: 1;
  exportedAt: string;
  forms: Array<{ id: number; definition: FormDefinition }>;
};

export async function exportForms(handle: DatabaseHandle): Promise<FormsArchive> {
  return {
    format: 'quire-forms',
    version: 1,
    exportedAt: new Date().toISOString(),
    forms: await listForms(handle.db),
  };
}

type ImportItem = { id: number | undefined; definition: unknown };

function itemsOf(json: unknown): ImportItem[] {
  if (typeof json === 'object' && json !== null && 'forms' in json && Array.isArray(json.forms)) {
    return json.forms.map((item: unknown) => {
      const record = (typeof item === 'object' && item !== null ? item : {}) as Record<
        string,
        unknown
      >;
      const id = record.id;
      return {
        id: Number.isSafeInteger(id) && (id as number) > 0 ? (id as number) : undefined,
        definition: record.definition,
      };
    });
  }
  // A single definition, as written by hand or copied from the documentation.
  return [{ id: undefined, definition: json }];
}

/**
 * Adds the forms of an archive, keeping their ids so that `[form id="N"]` embeds still point
 * at them (a form with the same id is replaced); a bare definition becomes a new form. Every
 * definition is checked first: one invalid form imports nothing.
 */
export async function importForms(
  handle: DatabaseHandle,
  json: unknown,
): Promise<Array<{ id: number; title: string }>> {
  const items = itemsOf(json);
  const problems: string[] = [];
  for (const [index, item] of items.entries()) {
    try {
      await checkDefinition(handle, item.definition, item.id);
    } catch (error) {
      if (!(error instanceof FormDefinitionError)) throw error;
      problems.push(...error.problems.map((p) => `form ${item.id ?? index + 1}: ${p}`));
    }
  }
  if (problems.length > 0) throw new FormDefinitionError(problems);
  const saved = [];
  for (const item of items) {
    const form = await saveForm(handle, item.definition, item.id);
    saved.push({ id: form.id, title: form.definition.title });
  }
  return saved;
}
