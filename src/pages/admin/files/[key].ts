import type { APIRoute } from 'astro';
import { readSession } from '../../../features/admin/server/sessions.ts';
import { findEntryFile, openEntryFile } from '../../../features/forms/server/files-entries.ts';
import { safeContentType } from '../../../features/forms/server/files-receive.ts';
import { pacedBody } from '../../../platform/paced-body.ts';

const plain = (status: number, message: string) =>
  new Response(`${message}\n`, {
    status,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  });

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
  const session = await readSession(app.database.db, request.headers.get('cookie'));
  if (!session) return plain(401, 'Sign in as an administrator to download this file.');
  // Another site may not embed or fetch an entry's files with the owner's session.
  if (request.headers.get('sec-fetch-site') === 'cross-site') {
    return plain(403, 'Open this file from the site itself.');
  }
  const file = await findEntryFile(app.database.db, params.key ?? '');
  if (!file) return plain(404, 'No such file.');
  const body = await openEntryFile(app.forms.fileStorages, file);
  return new Response(pacedBody(body, responseDrained), {
    headers: {
      'Content-Type': safeContentType(file.mime),
      'Content-Length': String(file.size),
      'Content-Disposition': attachment(file.name),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
};
