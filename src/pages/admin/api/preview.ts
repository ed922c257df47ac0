import { z } from 'zod';
import { adminJson } from '../../../server/admin-api.ts';
import { renderEditorPreview } from '../../../server/editor-preview.ts';
import { ownerCall } from '../../../server/owner-action.ts';

/** `POST /admin/api/preview`: `{ body }`, the editor's Markdown, as the site would show it. */
export const POST = ownerCall(
  { permission: 'posts', input: z.object({ body: z.string().catch('') }) },
  async ({ app, input }) =>
    adminJson(200, { ok: true, html: await renderEditorPreview(app, input.body) }),
);
