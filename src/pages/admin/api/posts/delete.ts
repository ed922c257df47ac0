import type { APIRoute } from 'astro';
import { editorMessages } from '../../../../features/admin/messages.ts';
import { deletePost } from '../../../../features/content/server/save-post.ts';
import { adminCaller, adminJson } from '../../../../server/admin-api.ts';
import { readAdminJson } from '../../../../server/admin-json-body.ts';
import { bodyLimits } from '../../../../server/routes.ts';

/** `POST /admin/api/posts/delete`: `{ id }`, after the editor asked the owner to confirm. */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const session = await adminCaller(app, request);
  if (session instanceof Response) return session;
  const body = await readAdminJson(request, bodyLimits(url.pathname).maxBytes);
  if (body instanceof Response) return body;
  const id = Number(body.id);
  const row = Number.isSafeInteger(id)
    ? await app.database.db
        .selectFrom('posts')
        .select(['title', 'type'])
        .where('id', '=', id)
        .executeTakeFirst()
    : undefined;
  if (!row || !(await deletePost(app.database, id))) {
    return adminJson(404, { ok: false, message: editorMessages.notFound });
  }
  app.log.info(`${row.type === 'page' ? 'Page' : 'Post'} deleted: ${id}`);
  return adminJson(200, {
    ok: true,
    message: editorMessages.deleted(row.title),
    list: row.type === 'page' ? '/admin/pages' : '/admin/posts',
  });
};
