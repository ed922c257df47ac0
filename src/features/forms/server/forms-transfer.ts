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
 * What importing one form does: `add` a form (under its own id when that id is free), `replace`
 * the form that has its id, or `restore` a form with its id that the owner deleted.
 */
export type ImportAction = 'add' | 'replace' | 'restore';

export type ImportPlanItem = {
  id: number | undefined;
  title: string;
  action: ImportAction;
  /** The title of the form it replaces or brings back. */
  currentTitle?: string;
  definition: unknown;
};

/** What the owner agrees to beyond adding forms: replacing, and bringing back deleted ones. */
export type ImportConsent = { replace: boolean; restore: boolean };

export type ImportOutcome = {
  done: Array<{ id: number; title: string; action: ImportAction }>;
  /** Forms left as they were, for want of the owner's consent. */
  skipped: Array<{ id: number; title: string; action: 'replace' | 'restore' }>;
};

/**
 * What importing a forms file would do, form by form, without doing it. Every definition is
 * checked first: one invalid form makes the whole file refused (`FormDefinitionError`).
 */
export async function planFormsImport(
  handle: DatabaseHandle,
  json: unknown,
): Promise<ImportPlanItem[]> {
  const { db } = handle;
  const items = itemsOf(json);
  const problems: string[] = [];
  const titles: string[] = [];
  for (const [index, item] of items.entries()) {
    try {
      titles.push((await checkDefinition(handle, item.definition, item.id)).title);
    } catch (error) {
      if (!(error instanceof FormDefinitionError)) throw error;
      problems.push(...error.problems.map((p) => `form ${item.id ?? index + 1}: ${p}`));
    }
  }
  if (problems.length > 0) throw new FormDefinitionError(problems);
  const ids = items.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  const existing =
    ids.length === 0
      ? []
      : await db
          .selectFrom('forms')
          .select(['id', 'title', 'deleted_at'])
          .where('id', 'in', ids)
          .execute();
  return items.map((item, index) => {
    const current = existing.find((row) => row.id === item.id);
    const title = titles[index] ?? '';
    if (!current) return { id: item.id, title, action: 'add', definition: item.definition };
    return {
      id: item.id,
      title,
      action: current.deleted_at === null ? 'replace' : 'restore',
      currentTitle: current.title,
      definition: item.definition,
    };
  });
}

/** A plan's fingerprint: what it does to which form, to see that it still holds when applied. */
export function importPlanKey(plan: readonly ImportPlanItem[]): string {
  return plan.map((item) => `${item.id ?? 'new'}:${item.action}`).join(',');
}

/**
 * Imports a forms file as planned: forms are added, keeping their ids so that `[form id="N"]`
 * embeds still point at them; a form with the same id is replaced, and a deleted one brought
 * back, only with the owner's consent; without it they are left as they were.
 */
export async function importForms(
  handle: DatabaseHandle,
  plan: readonly ImportPlanItem[],
  consent: ImportConsent,
): Promise<ImportOutcome> {
  const outcome: ImportOutcome = { done: [], skipped: [] };
  for (const item of plan) {
    if (item.action !== 'add' && !consent[item.action]) {
      outcome.skipped.push({
        id: item.id!,
        title: item.currentTitle ?? item.title,
        action: item.action,
      });
      continue;
    }
    const form = await saveForm(handle, item.definition, item.id);
    outcome.done.push({ id: form.id, title: form.definition.title, action: item.action });
  }
  return outcome;
}
