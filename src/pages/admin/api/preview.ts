import type { APIRoute } from 'astro';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderPostBody } from '../../../features/content/server/save-post.ts';
import { embedForms } from '../../../features/forms/server/embedded-forms.ts';
import QForm from '../../../features/forms/ui/QForm.tsx';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import { adminCaller, adminJson } from '../../../server/admin-api.ts';
import { readAdminJson } from '../../../server/admin-json-body.ts';
import { bodyLimits } from '../../../server/routes.ts';

/**
 * `POST /admin/api/preview`: `{ body }`, the editor's Markdown, as the site would show it:
 * the same sanitising pipeline and responsive images, and each embedded form as a visitor
 * first sees it, held still (`inert`) so a preview never sends an entry.
 */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const session = await adminCaller(app, request);
  if (session instanceof Response) return session;
  const body = await readAdminJson(request, bodyLimits(url.pathname).maxBytes);
  if (body instanceof Response) return body;
  const markdown = typeof body.body === 'string' ? body.body : '';
  const html = await renderPostBody(app.database.db, markdown);
  const parts = await embedForms(app.forms, html, '/admin/preview');
  const rendered = parts
    .map((part) =>
      part.type === 'html'
        ? htmlOf(part.html)
        : `<div class="admin-preview-form" inert>${renderToStaticMarkup(createElement(QForm, part.props))}</div>`,
    )
    .join('');
  return adminJson(200, { ok: true, html: rendered });
};
