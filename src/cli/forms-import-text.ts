import type {
  ImportAction,
  ImportOutcome,
  ImportPlanItem,
} from '../features/forms/server/forms-transfer.ts';

const verbs: Record<ImportAction, string> = {
  add: 'Add',
  replace: 'Replace',
  restore: 'Bring back (deleted)',
};

const named = (id: number | undefined, title: string) =>
  `${id === undefined ? 'a new form' : `form ${id}`}: ${title}`;

/** What `forms import` will do, one line a form. */
export function formatImportPlan(plan: readonly ImportPlanItem[]): string[] {
  return plan.map((item) =>
    item.action === 'add'
      ? `${verbs.add} ${named(item.id, item.title)}`
      : `${verbs[item.action]} ${named(item.id, item.currentTitle ?? item.title)} with “${item.title}”`,
  );
}

/** The question asked at a terminal before replacing forms, or bringing deleted ones back. */
export function importQuestion(action: 'replace' | 'restore', count: number): string {
  const forms = `${count} ${count === 1 ? 'form' : 'forms'}`;
  return action === 'replace'
    ? `Replace ${forms} that have the same id? [y/N] `
    : `Bring back ${forms} that were deleted? [y/N] `;
}

const flags = { replace: '--replace', restore: '--restore-deleted' } as const;
const done: Record<ImportAction, string> = {
  add: 'Added',
  replace: 'Replaced',
  restore: 'Brought back',
};

/** What `forms import` did, and what it left as it was (and the flag that would change it). */
export function formatImportOutcome(outcome: ImportOutcome): { done: string[]; skipped: string[] } {
  return {
    done: outcome.done.map((form) => `${done[form.action]} form ${form.id}: ${form.title}`),
    skipped: outcome.skipped.map(
      (form) =>
        `Left form ${form.id} as it was (${form.title}): pass ${flags[form.action]} to ${form.action === 'replace' ? 'replace it' : 'bring it back'}.`,
    ),
  };
}
