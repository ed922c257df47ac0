import type { APIRoute } from 'astro';
import { serverAdminMessages as m } from '../../../features/admin/server/server-messages.ts';
import { exportForms } from '../../../features/forms/server/forms-transfer.ts';
import { checkOwnerDownload, plainAnswer } from '../../../server/owner-action.ts';

/**
 * `GET /admin/forms/export` (every form) or `?id=N` (one): the file `quire forms import` and
 * the Forms screen's import read, as a download. Signed-in administrators only.
 */
export const GET: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const caller = await checkOwnerDownload(app, request, 'forms');
  if (!caller.ok) return caller.response;
  const archive = await exportForms(app.database);
  const id = url.searchParams.has('id') ? Number(url.searchParams.get('id')) : undefined;
  const forms = id === undefined ? archive.forms : archive.forms.filter((f) => f.id === id);
  if (id !== undefined && forms.length === 0) {
    return plainAnswer(404, m.noSuchForm);
  }
  const name = id === undefined ? 'quire-forms.json' : `quire-form-${id}.json`;
  return new Response(`${JSON.stringify({ ...archive, forms }, null, 2)}\n`, {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });
};
