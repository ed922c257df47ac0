import type { APIRoute } from 'astro';
import { redirectsCsv } from '../../../features/content/server/redirect-review.ts';
import { checkOwnerDownload } from '../../../server/owner-action.ts';

/**
 * `GET /admin/redirects/export.csv`: every redirect as CSV (from, to, source, created_at,
 * updated_at), which the import reads back. A download that changes nothing: the session and
 * the `redirects` permission, no CSRF token.
 */
export const GET: APIRoute = async ({ locals: { app }, request }) => {
  const check = await checkOwnerDownload(app, request, 'redirects');
  if (!check.ok) return check.response;
  const day = new Date().toISOString().slice(0, 10);
  app.log.info(`Redirects: exported by administrator ${check.owner.userId}`);
  return new Response(await redirectsCsv(app.database.db), {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="redirects-${day}.csv"`,
      'Cache-Control': 'no-store',
    },
  });
};
