import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { renderPostBody } from '../../../features/content/server/post-body.ts';
import { embedForms } from '../../../features/forms/server/embedded-forms.ts';
import QForm from '../../../features/forms/ui/QForm.tsx';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import { adminJson } from '../../../server/admin-api.ts';
import { ownerCall } from '../../../server/owner-action.ts';

/**
 * `POST /admin/api/preview`: `{ body }`, the editor's Markdown, as the site would show it:
 * the same sanitising pipeline and responsive images, and each embedded form as a visitor
 * first sees it, held still (`inert`) so a preview never sends an entry.
 */
export const POST = ownerCall(
  { permission: 'posts', input: z.object({ body: z.string().catch('') }) },
  async ({ app, input }) => {
    const html = await renderPostBody(app.database.db, input.body);
    const parts = await embedForms(app.forms, html, '/admin/preview');
    const rendered = parts
      .map((part) =>
        part.type === 'html'
          ? htmlOf(part.html)
          : `<div class="admin-preview-form" inert>${renderToStaticMarkup(createElement(QForm, part.props))}</div>`,
      )
      .join('');
    return adminJson(200, { ok: true, html: rendered });
  },
);
