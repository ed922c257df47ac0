import type { APIRoute } from 'astro';
import { importReportDownload, runIdOf } from '../../../../server/admin-import.ts';

/** `GET /admin/import/{id}/report.json`: an import's whole report, as a file to keep. */
export const GET: APIRoute = ({ request, locals, params }) =>
  importReportDownload(locals.app, request, runIdOf(params.id));
