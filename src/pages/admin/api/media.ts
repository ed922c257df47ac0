import { editorUpload, storeUpload } from '../../../server/admin-media.ts';
import { ownerCall } from '../../../server/owner-action.ts';

/**
 * `POST /admin/api/media`: an image from the post editor (button, drop or paste) or a settings
 * image, as multipart form data, `file` and optional `alt`. The media pipeline reads what the
 * bytes are, whatever the name or type claims, and refuses all but JPEG, PNG, WebP and GIF. Kept
 * a day unless a saved post or setting uses it (decision 0056).
 */
export const POST = ownerCall(editorUpload, ({ app, owner, input }) =>
  storeUpload(app, owner, input, 'editor'),
);
