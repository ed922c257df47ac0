import { z } from 'zod';
import { redirectScreenMessages as m } from '../features/admin/address-screen-messages.ts';
import {
  type RedirectEditor,
  type RedirectFilter,
  type RedirectImportPlan,
  type RedirectRow,
  readablePath,
  readRedirectFilter,
  redirectFilterQuery,
} from '../features/content/redirect-admin.ts';
import {
  applyRedirectImport,
  findRedirect,
  planRedirectImport,
} from '../features/content/server/redirect-review.ts';
import { addOwnerRedirect, deleteRedirect } from '../features/content/server/redirects.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost } from './owner-action.ts';

type Notice = { kind: 'done' | 'error'; message: string };

const text = z.string().catch('');
const redirectActionInput = z.object({
  action: z.enum(['add', 'delete']).catch('add'),
  from: text,
  to: text,
  id: z.coerce.number().int().catch(0),
  confirm: z.string().optional().catch(undefined),
  // The list the action was taken from, to come back to (only the filter's own parameters).
  back: text,
});

export type RedirectActionOutcome =
  | { kind: 'done'; redirect: Response }
  | {
      kind: 'refused';
      status: number;
      notice: Notice;
      editor?: RedirectEditor;
      filter?: RedirectFilter;
    }
  | { kind: 'confirm'; redirectRow: RedirectRow; filter: RedirectFilter };

/**
 * The Redirects screen's own forms: add a redirect, or delete one once confirmed. Done, the
 * list is shown again with a notice; a refused address comes back in its place with its
 * message, nothing typed lost.
 */
export async function postRedirectAction(
  admin: AdminPage,
  request: Request,
): Promise<RedirectActionOutcome> {
  const { app } = admin;
  const write = await ownerPost(admin, request, {
    permission: 'redirects',
    input: redirectActionInput,
  });
  if (!write.ok) {
    return {
      kind: 'refused',
      status: write.status,
      notice: { kind: 'error', message: write.message },
    };
  }
  const { action, from, to, id, confirm, back } = write.input;
  const filter = readRedirectFilter(new URLSearchParams(back));
  const listQuery = redirectFilterQuery(filter);
  const done = (notice: Record<string, string>) => {
    const query = new URLSearchParams(listQuery);
    for (const [name, value] of Object.entries(notice)) query.set(name, value);
    return { kind: 'done' as const, redirect: seeOther(`/admin/redirects?${query}`) };
  };
  if (action === 'delete') {
    const stored = await findRedirect(app.database.db, id);
    if (!stored) {
      return { kind: 'refused', status: 404, notice: { kind: 'error', message: m.gone }, filter };
    }
    if (confirm !== 'yes') return { kind: 'confirm', redirectRow: stored, filter };
    const deleted = await deleteRedirect(app.database, stored.id);
    if (!deleted) {
      return { kind: 'refused', status: 404, notice: { kind: 'error', message: m.gone }, filter };
    }
    app.log.info(`Redirects: ${deleted.from} deleted by administrator ${admin.userId}`);
    return done({ notice: 'deleted', from: readablePath(deleted.from) });
  }
  const outcome = await addOwnerRedirect(app.database, { from, to }, app.config.siteUrl);
  if (!outcome.ok) {
    return {
      kind: 'refused',
      status: 422,
      notice: { kind: 'error', message: m.fixErrors },
      editor: { values: { from, to }, errors: { [outcome.field]: outcome.message } },
      filter,
    };
  }
  const { placement } = outcome;
  app.log.info(
    `Redirects: ${outcome.from} → ${placement.to} (${placement.kind}) by administrator ${admin.userId}`,
  );
  return done({ notice: placement.kind, from: readablePath(outcome.from), to: placement.to });
}

/** The notice a redirect after a change carries (`?notice=added&from=/a/&to=/b/`). */
export function redirectDoneNotice(params: URLSearchParams): Notice | undefined {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const count = (name: string) => Math.max(0, Number.parseInt(params.get(name) ?? '0', 10) || 0);
  switch (params.get('notice')) {
    case 'added':
      return { kind: 'done', message: m.added(from, to) };
    case 'replaced':
      return { kind: 'done', message: m.replaced(from, to) };
    case 'unchanged':
      return { kind: 'done', message: m.unchanged(from, to) };
    case 'deleted':
      return { kind: 'done', message: m.deleted(from) };
    case 'imported':
      return { kind: 'done', message: m.imported(count('added'), count('replaced')) };
    default:
      return undefined;
  }
}

const importInput = z.discriminatedUnion(
  'action',
  [
    z.object({ action: z.literal('plan'), file: z.instanceof(File).optional().catch(undefined) }),
    z.object({ action: z.literal('apply'), csv: text, plan: text }),
  ],
  { error: m.noFile },
);

export type RedirectImportScreenOutcome =
  | { kind: 'done'; redirect: Response }
  /** What the file would do, and the file's text for the confirmation to send back. */
  | { kind: 'plan'; plan: RedirectImportPlan; csv: string; notice?: Notice }
  | { kind: 'refused'; status: number; notice: Notice };

/**
 * The import: a CSV file is first planned (what it would add, replace and refuse, and why) and
 * shown; the owner's confirmation sends its text back, and it is imported only if the plan
 * still holds (else the new plan is shown, to confirm again).
 */
export async function postRedirectImport(
  admin: AdminPage,
  request: Request,
): Promise<RedirectImportScreenOutcome> {
  const { app } = admin;
  const write = await ownerPost(admin, request, { permission: 'redirects', input: importInput });
  if (!write.ok) {
    return {
      kind: 'refused',
      status: write.status,
      notice: { kind: 'error', message: write.message },
    };
  }
  const input = write.input;
  const csv = input.action === 'plan' ? ((await input.file?.text()) ?? '') : input.csv;
  if (csv.trim() === '' && input.action === 'plan' && !input.file?.size) {
    return { kind: 'refused', status: 400, notice: { kind: 'error', message: m.noFile } };
  }
  if (input.action === 'plan') {
    const plan = await planRedirectImport(app.database, csv, app.config.siteUrl);
    return { kind: 'plan', plan, csv };
  }
  const outcome = await applyRedirectImport(app.database, csv, app.config.siteUrl, input.plan);
  if (!outcome.done) {
    return {
      kind: 'plan',
      plan: outcome.plan,
      csv,
      notice: { kind: 'error', message: m.planChanged },
    };
  }
  const { added, replaced } = outcome.plan;
  app.log.info(
    `Redirects: imported by administrator ${admin.userId}: ${added.length} new, ${replaced.length} replaced`,
  );
  return {
    kind: 'done',
    redirect: seeOther(
      `/admin/redirects?notice=imported&added=${added.length}&replaced=${replaced.length}`,
    ),
  };
}
