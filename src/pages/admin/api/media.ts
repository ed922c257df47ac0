import { z } from 'zod';
import { editorMessages } from '../../../features/admin/messages.ts';
import { mediaPath } from '../../../features/content/media-urls.ts';
import { storeImage } from '../../../features/content/server/media.ts';
import { ContentError } from '../../../features/content/server/save-post.ts';
import { adminJson } from '../../../server/admin-api.ts';
import { ownerCall } from '../../../server/owner-action.ts';

/**
 * `POST /admin/api/media`: an image from the editor (button, drop or paste) as multipart form
 * data, `file` and optional `alt`. The media pipeline reads what the bytes are, whatever the
 * name or type claims, and refuses all but JPEG, PNG, WebP and GIF.
 */
export const POST = ownerCall(
  {
    permission: 'media',
    input: z.object({
      file: z
        .instanceof(File, { error: editorMessages.uploadNoFile })
        .refine((file) => file.size > 0, { error: editorMessages.uploadNoFile }),
      alt: z
        .string()
        .catch('')
        .transform((alt) => alt.trim().slice(0, 300)),
    }),
  },
  async ({ app, owner, input: { file, alt } }) => {
    const fileName = file.name.slice(0, 200) || 'image';
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const id = await storeImage(app.database.db, bytes, fileName, alt);
      const stored = await app.database.db
        .selectFrom('media')
        .select(['file_name', 'width', 'height'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      app.log.info(`Image uploaded: ${id} ${stored.file_name} by administrator ${owner.userId}`);
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
  },
);
