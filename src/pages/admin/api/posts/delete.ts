import { z } from 'zod';
import { editorMessages } from '../../../../features/admin/messages.ts';
import { refusePostChange } from '../../../../features/admin/server/owner-check.ts';
import { deletePost } from '../../../../features/content/server/save-post.ts';
import { adminJson } from '../../../../server/admin-api.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

/** `POST /admin/api/posts/delete`: `{ id }`, after the editor asked the owner to confirm. */
export const POST = ownerCall(
  {
    permission: 'posts',
    input: z.object({ id: z.number().int().positive({ error: editorMessages.notFound }) }),
  },
  async ({ app, owner, input: { id } }) => {
    const row = await app.database.db
      .selectFrom('posts')
      .select(['title', 'type', 'author_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    const refusal = row && refusePostChange(owner, { type: row.type, authorId: row.author_id });
    if (refusal) return adminJson(refusal.status, { ok: false, message: refusal.message });
    if (!row || !(await deletePost(app.database, id))) {
      return adminJson(404, { ok: false, message: editorMessages.notFound });
    }
    app.log.info(`${row.type === 'page' ? 'Page' : 'Post'} deleted: ${id} by user ${owner.userId}`);
    return adminJson(200, {
      ok: true,
      message: editorMessages.deleted(row.title),
      list: row.type === 'page' ? '/admin/pages' : '/admin/posts',
    });
  },
);
