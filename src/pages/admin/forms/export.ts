import type { APIRoute } from 'astro';
import { readSession } from '../../../features/admin/server/sessions.ts';
import { exportForms } from '../../../features/forms/server/forms-transfer.ts';

/**
 * `GET /admin/forms/export` (every form) or `?id=N` (one): the file `quire forms import` and
 * the Forms screen's import read, as a download. Signed-in administrators only.
 */
export const GET: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const session = await readSession(app.database.db, request.headers.get('cookie'));
  if (!session) {
    return new Response(null, {
      status: 303,
      headers: { Location: '/admin/sign-in?next=%2Fadmin%2Fforms', 'Cache-Control': 'no-store' },
    });
  }
  const archive = await exportForms(app.database);
  const id = url.searchParams.has('id') ? Number(url.searchParams.get('id')) : undefined;
  const forms = id === undefined ? archive.forms : archive.forms.filter((f) => f.id === id);
  if (id !== undefined && forms.length === 0) {
    return new Response('There is no such form.', {
      status: 404,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
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
