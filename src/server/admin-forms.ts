import { z } from 'zod';
import { builderMessages as m } from '../features/admin/form-builder-messages.ts';
import { FormDefinitionError, findForm, saveForm } from '../features/forms/server/forms-store.ts';
import { importForms } from '../features/forms/server/forms-transfer.ts';
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
  const ids = (params.get('ids') ?? '')
    .split(',')
    .map(Number)
    .filter((id) => id > 0)
    .slice(0, 50);
  const titles = (await Promise.all(ids.map((id) => findForm(db, id)))).flatMap((form) =>
    form ? [form.definition.title] : [],
  );
  if (titles.length === 0) return undefined;
  return {
    kind: 'done',
    message: done === 'duplicated' ? m.duplicated(titles[0] ?? '') : m.imported(titles),
  };
}

const formsActionInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('duplicate'), id: z.coerce.number().catch(Number.NaN) }),
    z.object({ action: z.literal('import'), file: z.instanceof(File).optional().catch(undefined) }),
  ],
  { error: m.notFound },
);

/**
 * The Forms screen's own forms: duplicate a form, or import a forms file (as exported, or one
 * bare definition). Done, the screen is shown again with what changed; else why not.
 */
export async function postFormsAction(
  admin: AdminPage,
  request: Request,
): Promise<{ redirect: Response } | { status: number; notice: FormsNotice }> {
  const { app } = admin;
  const write = await ownerPost(admin, request, { permission: 'forms', input: formsActionInput });
  const refuse = (status: number, message: string, problems?: string[]) => ({
    status,
    notice: { kind: 'error' as const, message, ...(problems ? { problems } : {}) },
  });
  if (!write.ok) return refuse(write.status, write.message);
  const input = write.input;
  if (input.action === 'duplicate') {
    const form = await findForm(app.database.db, input.id);
    if (!form) return refuse(404, m.notFound);
    const copy = await saveForm(app.database, {
      ...form.definition,
      title: m.copyOf(form.definition.title),
    });
    app.log.info(`Form ${form.id} duplicated as ${copy.id} by administrator ${admin.userId}`);
    return { redirect: doneAt('duplicated', [copy.id]) };
  }
  const text = input.file ? await input.file.text() : '';
  if (text.trim() === '') return refuse(400, m.importNoFile);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return refuse(400, m.importNotJson((error as Error).message));
  }
  try {
    const saved = await importForms(app.database, json);
    app.log.info(
      `Forms imported by administrator ${admin.userId}: ${saved.map((f) => f.id).join(', ')}`,
    );
    return {
      redirect: doneAt(
        'imported',
        saved.map((f) => f.id),
      ),
    };
  } catch (error) {
    if (!(error instanceof FormDefinitionError)) throw error;
    return refuse(422, m.importProblems, error.problems);
  }
}
