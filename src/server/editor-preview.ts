import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { renderPostBody } from '../features/content/server/post-body.ts';
import { embedForms } from '../features/forms/server/embedded-forms.ts';
import QForm from '../features/forms/ui/QForm.tsx';
import { htmlOf } from '../platform/sanitised-html.ts';
import type { AppContext } from './boot.ts';

/**
 * The editor's preview of a text as the site would show it: the same sanitising pipeline and
 * responsive images, and each embedded form as a visitor first sees it, held still (`inert`)
 * so a preview never sends an entry. The editor's page is rendered with it, so the preview
 * does not arrive later and move the screen under the owner's pointer.
 */
export async function renderEditorPreview(app: AppContext, body: string): Promise<string> {
  const html = await renderPostBody(app.database.db, body);
  const parts = await embedForms(app.forms, html, '/admin/preview');
  return parts
    .map((part) =>
      part.type === 'html'
        ? htmlOf(part.html)
        : `<div class="admin-preview-form" inert>${renderToStaticMarkup(createElement(QForm, part.props))}</div>`,
    )
    .join('');
}
