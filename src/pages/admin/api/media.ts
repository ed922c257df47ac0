import type { APIRoute } from 'astro';
import { editorMessages } from '../../../features/admin/messages.ts';
import { mediaPath } from '../../../features/content/media-urls.ts';
import { storeImage } from '../../../features/content/server/media.ts';
import { ContentError } from '../../../features/content/server/save-post.ts';
import { adminCaller, adminJson } from '../../../server/admin-api.ts';

/**
 * `POST /admin/api/media`: an image from the editor (button, drop or paste) as multipart form
 * data, `file` and optional `alt`. The media pipeline reads what the bytes are, whatever the
 * name or type claims, and refuses all but JPEG, PNG, WebP and GIF.
 */
export const POST: APIRoute = async ({ request, locals }) => {
  const { app } = locals;
  const session = await adminCaller(app, request);
  if (session instanceof Response) return session;
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return adminJson(400, { ok: false, message: editorMessages.uploadNoFile });
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) {
    return adminJson(400, { ok: false, message: editorMessages.uploadNoFile });
  }
  const alt = String(form.get('alt') ?? '')
    .trim()
    .slice(0, 300);
  const fileName = file.name.slice(0, 200) || 'image';
  try {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const id = await storeImage(app.database.db, bytes, fileName, alt);
    const stored = await app.database.db
      .selectFrom('media')
      .select(['file_name', 'width', 'height'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    app.log.info(`Image uploaded: ${id} ${stored.file_name}`);
    return adminJson(201, {
      ok: true,
      image: {
        id,
        fileName: stored.file_name,
        width: stored.width,
        height: stored.height,
        alt,
        path: mediaPath(id, stored.file_name, 960, stored),
        thumbnail: mediaPath(id, stored.file_name, 320, stored),
      },
    });
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    return adminJson(422, { ok: false, message: editorMessages.uploadFailed(error.message) });
  }
};
