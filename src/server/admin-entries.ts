import { z } from 'zod';
import {
  type EntryAction,
  entryActions,
  entryMessages as m,
} from '../features/forms/entry-review.ts';
import { applyEntryAction, bulkLimit } from '../features/forms/server/entry-review.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost, postedList } from './owner-action.ts';

/** An action on ticked entries (or one entry's page): the ids, the action, the confirmation. */
const entryActionInput = z.object({
  action: z.enum(entryActions, { error: m.errors.badAction }),
  id: postedList(z.string()).transform((ids) => [
    ...new Set(ids.map(Number).filter((id) => Number.isSafeInteger(id) && id > 0)),
  ]),
  confirm: z.string().optional().catch(undefined),
});

export type EntryActionOutcome =
  | { kind: 'done'; redirect: Response }
  | {
      kind: 'refused';
      status: number;
      notice: { kind: 'error'; message: string };
      csrf: string;
    }
  | { kind: 'confirm'; ids: number[]; csrf: string };

/**
 * An owner's action on entries, posted by the list (ticked rows) or by one entry's page: the
 * session and its CSRF token first, then the ids and the action; a delete is done only once
 * confirmed. Done, it redirects (303) to `back` with the notice of what it did.
 */
export async function postEntryAction(
  admin: AdminPage,
  request: Request,
  options: { fixedId?: number; back: (action: EntryAction, count: number) => string },
): Promise<EntryActionOutcome> {
  const { app, csrf } = admin;
  const db = app.database.db;
  const refuse = (status: number, message: string): EntryActionOutcome => ({
    kind: 'refused',
    status,
    notice: { kind: 'error', message },
    csrf,
  });
  const write = await ownerPost(admin, request, { permission: 'entries', input: entryActionInput });
  if (!write.ok) return refuse(write.status, write.message);
  const { action } = write.input;
  const ids = options.fixedId !== undefined ? [options.fixedId] : write.input.id;
  if (ids.length === 0) return refuse(400, m.errors.noneSelected);
  if (ids.length > bulkLimit) return refuse(400, m.errors.tooMany);
  if (action === 'delete' && write.input.confirm !== 'yes') {
    return { kind: 'confirm', ids, csrf };
  }
  const changed = await applyEntryAction({ db, storages: app.forms.fileStorages }, ids, action);
  app.log.info(
    `Entries: ${action} on ${changed} of ${ids.length} by administrator ${admin.userId}`,
  );
  if (options.fixedId !== undefined && changed === 0 && action === 'delete') {
    return refuse(404, m.errors.gone);
  }
  return {
    kind: 'done',
    redirect: new Response(null, {
      status: 303,
      headers: { Location: options.back(action, changed), 'Cache-Control': 'no-store' },
    }),
  };
}

/** The notice a redirect after an action carries (`?done=spam&n=3`), as the screen shows it. */
export function doneNotice(params: URLSearchParams) {
  const action = entryActions.find((known) => known === params.get('done'));
  const count = Number(params.get('n'));
  if (!action || !Number.isSafeInteger(count) || count < 0) return undefined;
  return { kind: 'done' as const, message: m.done[action](count) };
}
