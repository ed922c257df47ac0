import { z } from 'zod';
import { editorMessages } from '../../../../features/admin/messages.ts';
import { refusePostChange } from '../../../../features/admin/server/owner-check.ts';
import { itemRefsValue } from '../../../../features/content/post-actions.ts';
import { applyPostAction } from '../../../../features/content/server/list-actions.ts';
import { adminJson } from '../../../../server/admin-api.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

/**
 * `POST /admin/api/posts/trash`: `{ id, revision }` from the editor's Move to Trash, only from
 * the revision it opened (a newer one saved elsewhere is left where it is). Answers with the
 * list to go to, which says what was done and offers Undo.
 */
export const POST = ownerCall(
  {
    permission: 'posts',
    input: z.object({
      id: z.number().int().positive({ error: editorMessages.notFound }),
      revision: z.number().int().positive(),
    }),
  },
  async ({ app, owner, input: { id, revision } }) => {
    const row = await app.database.db
      .selectFrom('posts')
      .select(['type', 'trashed_at', 'author_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return adminJson(404, { ok: false, message: editorMessages.notFound });
    const refusal = refusePostChange(owner, { type: row.type, authorId: row.author_id });
    if (refusal) return adminJson(refusal.status, { ok: false, message: refusal.message });
    const kind = row.type === 'page' ? 'pages' : 'posts';
    const outcome = await applyPostAction(app.database, {
      type: row.type,
      action: 'trash',
      items: [{ id, revision }],
      userId: owner.userId,
    });
    const [moved] = outcome.done;
    if (!moved) {
      const message =
        row.trashed_at !== null
          ? editorMessages.inTrash(row.type)
          : outcome.gone > 0
            ? editorMessages.notFound
            : editorMessages.changedBeforeTrash(row.type);
      return adminJson(409, { ok: false, message });
    }
    app.log.info(
      `${row.type === 'page' ? 'Page' : 'Post'} ${id} moved to the Trash by user ${owner.userId}`,
    );
    const list = `/admin/${kind}?${new URLSearchParams({ done: 'trash', n: '1', undo: itemRefsValue([moved]) })}`;
    return adminJson(200, { ok: true, list });
  },
);
