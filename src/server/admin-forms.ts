import { z } from 'zod';
import { builderMessages as m } from '../features/admin/form-builder-messages.ts';
import { FormDefinitionError, findForm, saveForm } from '../features/forms/server/forms-store.ts';
import {
  type ImportPlanItem,
  importForms,
  importPlanKey,
  planFormsImport,
} from '../features/forms/server/forms-transfer.ts';
import type { Db } from '../platform/db/connect.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost } from './owner-action.ts';

export type FormsNotice = { kind: 'done' | 'error'; message: string; problems?: string[] };

/** After a change the Forms screen is shown again (PRG) with its notice, named by a code and ids. */
const doneAt = (code: string, ids: number[]) =>
  seeOther(`/admin/forms?notice=${code}&ids=${ids.join(',')}`);

/** The notice a redirect after a change carries (`?notice=imported&ids=3,4`). */
export async function formsDoneNotice(
  db: Db,
  params: URLSearchParams,
): Promise<FormsNotice | undefined> {
  const done = params.get('notice');
  if (done === 'deleted') return { kind: 'done', message: m.deletedWithEntries };
  if (done === 'deleted-kept') return { kind: 'done', message: m.deletedKept };
  if (done !== 'duplicated' && done !== 'imported') return undefined;
  const idsOf = (name: string) =>
    (params.get(name) ?? '')
      .split(',')
      .map(Number)
      .filter((id) => Number.isSafeInteger(id) && id > 0)
      .slice(0, 50);
  const titlesOf = async (ids: number[]) =>
    ids.length === 0
      ? []
      : (await db.selectFrom('forms').select(['id', 'title']).where('id', 'in', ids).execute()).map(
          (row) => row.title,
        );
  const [titles, kept] = await Promise.all([titlesOf(idsOf('ids')), titlesOf(idsOf('kept'))]);
  if (done === 'duplicated') {
    return titles[0] === undefined ? undefined : { kind: 'done', message: m.duplicated(titles[0]) };
  }
  const parts = [
    titles.length > 0 ? m.imported(titles) : m.importedNothing,
    ...(kept.length > 0 ? [m.importKept(kept)] : []),
  ];
  return { kind: 'done', message: parts.join(' ') };
}

const formsActionInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('duplicate'), id: z.coerce.number().catch(Number.NaN) }),
    z.object({ action: z.literal('import'), file: z.instanceof(File).optional().catch(undefined) }),
    z.object({
      action: z.literal('import-confirm'),
      archive: z.string().catch(''),
      plan: z.string().catch(''),
      replace: z.literal('yes').optional().catch(undefined),
      restore: z.literal('yes').optional().catch(undefined),
    }),
  ],
  { error: m.notFound },
);

/** An import shown before it is done: what it would do, and the file to do it with. */
export type ImportPreviewData = {
  plan: Array<Omit<ImportPlanItem, 'definition'>>;
  /** The file, as the confirmation sends it back (the server keeps nothing in between). */
  archive: string;
  /** The plan's fingerprint: confirmed, the import is done only if the plan still holds. */
  planKey: string;
};

export type FormsActionOutcome =
  | { redirect: Response }
  | { status: number; notice: FormsNotice }
  | { preview: ImportPreviewData; notice?: FormsNotice };

function previewOf(plan: ImportPlanItem[]): ImportPreviewData {
  return {
    plan: plan.map(({ definition: _, ...item }) => item),
    // Compact, one line: a hidden field keeps it as it is.
    archive: JSON.stringify({
      format: 'quire-forms',
      version: 1,
      forms: plan.map((item) => ({ id: item.id, definition: item.definition })),
    }),
    planKey: importPlanKey(plan),
  };
}

/**
 * The Forms screen's own forms: duplicate a form, or import a forms file (as exported, or one
 * bare definition). An import first shows what it would add, replace and bring back, and is
 * done only once confirmed; replacing a form or bringing a deleted one back needs its own tick.
 * Done, the screen is shown again with what changed; else why not.
 */
export async function postFormsAction(
  admin: AdminPage,
  request: Request,
): Promise<FormsActionOutcome> {
  const { app } = admin;
  const db = app.database.db;
  const write = await ownerPost(admin, request, { permission: 'forms', input: formsActionInput });
  const refuse = (status: number, message: string, problems?: string[]) => ({
    status,
    notice: { kind: 'error' as const, message, ...(problems ? { problems } : {}) },
  });
  if (!write.ok) return refuse(write.status, write.message);
  const input = write.input;
  if (input.action === 'duplicate') {
    const form = await findForm(db, input.id);
    if (!form) return refuse(404, m.notFound);
    const copy = await saveForm(app.database, {
      ...form.definition,
      title: m.copyOf(form.definition.title),
    });
    app.log.info(`Form ${form.id} duplicated as ${copy.id} by administrator ${admin.userId}`);
    return { redirect: doneAt('duplicated', [copy.id]) };
  }
  const text = input.action === 'import' ? ((await input.file?.text()) ?? '') : input.archive;
  if (text.trim() === '') return refuse(400, m.importNoFile);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse(400, m.importNotJson((error as Error).message));
  }
  let plan: ImportPlanItem[];
  try {
    plan = await planFormsImport(app.database, json);
  } catch (error) {
    if (!(error instanceof FormDefinitionError)) throw error;
    return refuse(422, m.importProblems, error.problems);
  }
  if (input.action === 'import') return { preview: previewOf(plan) };
  // The forms changed since the owner saw the plan: show what it would do now, and ask again.
  if (importPlanKey(plan) !== input.plan) {
    return {
      preview: previewOf(plan),
      notice: { kind: 'error', message: m.importPlanChanged },
    };
  }
  const outcome = await importForms(app.database, plan, {
    replace: input.replace === 'yes',
    restore: input.restore === 'yes',
  });
  app.log.info(
    `Forms imported by administrator ${admin.userId}: ${outcome.done.map((f) => `${f.id} (${f.action})`).join(', ') || 'none'}; left as they were: ${outcome.skipped.map((f) => f.id).join(', ') || 'none'}`,
  );
  const kept = outcome.skipped.map((form) => form.id);
  return {
    redirect: seeOther(
      `/admin/forms?notice=imported&ids=${outcome.done.map((form) => form.id).join(',')}${kept.length > 0 ? `&kept=${kept.join(',')}` : ''}`,
    ),
  };
}
