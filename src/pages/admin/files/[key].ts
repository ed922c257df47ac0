import type { APIRoute } from 'astro';
import { serverAdminMessages as m } from '../../../features/admin/server/server-messages.ts';
import { findEntryFile, openEntryFile } from '../../../features/forms/server/files-entries.ts';
import { safeContentType } from '../../../features/forms/server/files-receive.ts';
import { pacedBody, pacedBodyHeaders } from '../../../platform/paced-body.ts';
import { checkOwnerDownload, plainAnswer } from '../../../server/owner-action.ts';

/** `filename*` (RFC 6266/5987) for any name, with a plain ASCII `filename` for old clients. */
function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `GET /admin/files/{key}`: a file sent with a form entry (an upload, a photo, a signature), for
 * a signed-in administrator only, always as a download: never shown in the site's origin as a
 * page, never sniffed into another type, never cached on the way (decision 0038).
 */
export const GET: APIRoute = async ({ params, request, locals: { app, responseDrained } }) => {
  // Another site may not embed or fetch an entry's files with the owner's session.
  const caller = await checkOwnerDownload(app, request, 'entries');
  if (!caller.ok) return caller.response;
  const file = await findEntryFile(app.database.db, params.key ?? '');
  if (!file) return plainAnswer(404, m.noSuchFile);
  const body = await openEntryFile(app.forms.fileStorages, file);
  return new Response(pacedBody(body, responseDrained), {
    headers: {
      ...pacedBodyHeaders,
      'Content-Type': safeContentType(file.mime),
      'Content-Length': String(file.size),
      'Content-Disposition': attachment(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
};
