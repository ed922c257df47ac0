import { z } from 'zod';
import { adminMessages } from '../features/admin/messages.ts';
import { postListMessages as m } from '../features/admin/post-list-messages.ts';
import type { ListNotice, ListQuestion } from '../features/admin/ui/PostListNotices.tsx';
import {
  bulkPostLimit,
  type ItemRef,
  itemRefOf,
  itemRefsOf,
  itemRefsValue,
  listActions,
  type PostAction,
  postActions,
  trashActions,
} from '../features/content/post-actions.ts';
import {
  applyPostAction,
  type PostActionOutcome,
} from '../features/content/server/list-actions.ts';
import { emptyTrash } from '../features/content/server/trash.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost, postedList } from './owner-action.ts';

type Kind = 'posts' | 'pages';

const listInput = z.object({
  /** The Bulk actions menu: an action, or nothing chosen. */
  action: z.string().optional().catch(undefined),
  /** The ticked rows, `id:revision` each. */
  id: postedList(z.string()),
  /** A row's own button (`trash:12:3`): that item only, whatever is ticked. */
  row: z.string().optional().catch(undefined),
  confirm: z.string().optional().catch(undefined),
  /** The newest item in the Trash when emptying it was asked: nothing after it goes. */
  upTo: z.string().optional().catch(undefined),
  /** `editor`: a restore from the item's editor goes back to it. */
  back: z.string().optional().catch(undefined),
});

export type PostListActionOutcome =
  | { kind: 'done'; redirect: Response }
  | { kind: 'refused'; status: number; notice: ListNotice }
  | { kind: 'confirm'; question: ListQuestion };

type Choice = { action: PostAction | 'empty'; items: ItemRef[] };

/** What the owner asked for: a row's button, the Empty Trash question's answer, or the menu. */
function choiceOf(input: z.output<typeof listInput>): Choice | string {
  if (input.row !== undefined) {
    const [action, ...ref] = input.row.split(':');
    const item = itemRefOf(ref.join(':'));
    const known = postActions.find((name) => name === action);
    return known && item ? { action: known, items: [item] } : m.notHere;
  }
  if (input.action === 'empty') return { action: 'empty', items: [] };
  const action = postActions.find((name) => name === input.action);
  if (!action) return m.noAction;
  const items = input.id.map(itemRefOf);
  if (items.some((item) => item === undefined)) return m.notHere;
  return { action, items: items as ItemRef[] };
}

/**
 * An owner's change to posts or pages chosen in the list (issue 29, point 3), posted by the list
 * (ticked rows and the Bulk actions menu, a row's own button, the notice's Undo) or by a trashed
 * item's editor (Restore): the session, its CSRF token and the `posts` permission first; a
 * permanent delete only once confirmed. Done, it goes back to the list (`back`) with what it did
 * in the address, so a reload posts nothing again.
 */
export async function postListAction(
  admin: AdminPage,
  request: Request,
  { kind, inTrash, back }: { kind: Kind; inTrash: boolean; back: string },
): Promise<PostListActionOutcome> {
  const { app } = admin;
  const refuse = (status: number, message: string): PostListActionOutcome => ({
    kind: 'refused',
    status,
    notice: { left: [], error: message },
  });
  const write = await ownerPost(admin, request, { permission: 'posts', input: listInput });
  if (!write.ok) return refuse(write.status, write.message);
  const choice = choiceOf(write.input);
  if (typeof choice === 'string') return refuse(400, choice);
  const type = kind === 'posts' ? 'post' : 'page';
  // An author acts on their own posts only; emptying the Trash would reach everyone's.
  const onlyOwn = !admin.owner.permissions.has(kind === 'posts' ? 'othersPosts' : 'pages');
  if (onlyOwn && choice.action === 'empty') return refuse(403, adminMessages.notYourPost);
  if (onlyOwn && choice.action !== 'empty') {
    const ids = choice.items.map((item) => item.id);
    const others = await app.database.db
      .selectFrom('posts')
      .select('id')
      .where('id', 'in', ids.length > 0 ? ids : [0])
      .where((eb) => eb.or([eb('author_id', 'is', null), eb('author_id', '!=', admin.userId)]))
      .executeTakeFirst();
    if (others) return refuse(403, adminMessages.notYourPost);
  }
  if (choice.action === 'empty') {
    const upTo = Number(write.input.upTo);
    if (write.input.confirm !== 'yes' || !Number.isSafeInteger(upTo)) return refuse(400, m.notHere);
    const count = await emptyTrash(app.database, type, upTo);
    app.log.info(`Trash of ${kind} emptied: ${count} by user ${admin.userId}`);
    return { kind: 'done', redirect: seeOther(withParams(back, { done: 'empty', n: count })) };
  }
  const { action, items } = choice;
  // Outside the Trash, a restore is the notice's Undo, or the Restore of a trashed item's editor.
  const allowed: readonly PostAction[] = inTrash ? trashActions : [...listActions, 'restore'];
  if (!allowed.includes(action)) return refuse(400, m.notHere);
  if (items.length === 0) return refuse(400, m.noneSelected(kind));
  if (items.length > bulkPostLimit) return refuse(400, m.tooMany(bulkPostLimit));
  if (action === 'delete' && write.input.confirm !== 'yes') {
    const titles = await app.database.db
      .selectFrom('posts')
      .select(['id', 'title'])
      .where(
        'id',
        'in',
        items.map((item) => item.id),
      )
      .execute();
    const titleOf = new Map(titles.map((row) => [row.id, row.title]));
    return {
      kind: 'confirm',
      question: {
        kind: 'delete',
        items: items.flatMap((item) => {
          const title = titleOf.get(item.id);
          return title === undefined ? [] : [{ ref: `${item.id}:${item.revision}`, title }];
        }),
      },
    };
  }
  const outcome = await applyPostAction(app.database, {
    type,
    action,
    items,
    userId: admin.userId,
  });
  app.log.info(
    `${kind === 'posts' ? 'Posts' : 'Pages'}: ${action} on ${outcome.done.length} of ${items.length} by user ${admin.userId}`,
  );
  const [restored] = outcome.done;
  if (write.input.back === 'editor' && action === 'restore' && restored) {
    return { kind: 'done', redirect: seeOther(`/admin/${kind}/${restored.id}`) };
  }
  return { kind: 'done', redirect: seeOther(withParams(back, outcomeParams(action, outcome))) };
}

/** What the address after a change carries: `done=trash&n=2&undo=12:4,13:5&changed=1`. */
function outcomeParams(action: PostAction, outcome: PostActionOutcome) {
  return {
    done: action,
    n: outcome.done.length,
    ...(action === 'trash' && outcome.done.length > 0 ? { undo: itemRefsValue(outcome.done) } : {}),
    ...(outcome.changed.length > 0 ? { changed: outcome.changed.length } : {}),
    ...(outcome.already.length > 0 ? { already: outcome.already.length } : {}),
    ...(outcome.gone > 0 ? { gone: outcome.gone } : {}),
  };
}

function withParams(address: string, params: Record<string, string | number>): string {
  const url = new URL(address, 'http://admin.invalid');
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, String(value));
  return `${url.pathname}${url.search}`;
}

/** The notice the address after a change carries, as the list shows it. */
export function postListNotice(kind: Kind, params: URLSearchParams): ListNotice | undefined {
  const count = (name: string) => {
    const value = Number(params.get(name) ?? '0');
    return Number.isSafeInteger(value) && value > 0 ? value : 0;
  };
  const done = params.get('done');
  const n = count('n');
  if (done === 'empty') return { done: m.done.empty(kind, n), left: [] };
  const action = postActions.find((name) => name === done);
  if (!action) return undefined;
  const left = [
    ...(count('changed') > 0 ? [m.leftChanged(kind, count('changed'))] : []),
    ...(count('already') > 0 ? [m.leftAlready[action](kind, count('already'))] : []),
    ...(count('gone') > 0 ? [m.leftGone(kind, count('gone'))] : []),
  ];
  const undo = action === 'trash' ? itemRefsOf(params.get('undo')) : [];
  return {
    done: n > 0 || left.length === 0 ? m.done[action](kind, n) : undefined,
    left,
    undo: undo.length > 0 ? itemRefsValue(undo) : undefined,
  };
}
