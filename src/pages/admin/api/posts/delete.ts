import { z } from 'zod';
import { editorMessages } from '../../../../features/admin/messages.ts';
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
      .select(['title', 'type'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row || !(await deletePost(app.database, id))) {
      return adminJson(404, { ok: false, message: editorMessages.notFound });
    }
    app.log.info(
      `${row.type === 'page' ? 'Page' : 'Post'} deleted: ${id} by administrator ${owner.userId}`,
    );
    return adminJson(200, {
      ok: true,
      message: editorMessages.deleted(row.title),
      list: row.type === 'page' ? '/admin/pages' : '/admin/posts',
    });
  },
);
