import { libraryUpload, storeUpload } from '../../../../server/admin-media.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

/**
 * `POST /admin/api/media/upload`: one image added in the media library, as multipart form data
 * (`file`, optional `alt`); the library sends several one after another. Kept until the owner
 * deletes it, used or not.
 */
export const POST = ownerCall(libraryUpload, ({ app, owner, input }) =>
  storeUpload(app, owner, input, 'library'),
);
