import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { APIRoute } from 'astro';
import { serverAdminMessages as m } from '../../../../features/admin/server/server-messages.ts';
import { pacedBody } from '../../../../platform/paced-body.ts';
import { isBackupFileName, readBackupSettings } from '../../../../server/daily-backups.ts';
import { checkOwnerDownload, plainAnswer } from '../../../../server/owner-action.ts';

/**
 * `GET /admin/backups/files/{name}`: one of the daily backups in the folder, for an
 * administrator. Only names the daily backups write are served, from that folder alone.
 */
export const GET: APIRoute = async ({ params, request, locals }) => {
  const { app } = locals;
  const caller = await checkOwnerDownload(app, request, 'settings');
  if (!caller.ok) return caller.response;
  const name = params.name ?? '';
  const { folder } = await readBackupSettings(app.database.db, app.log);
  const path = join(folder, name);
  const info =
    folder !== '' && isBackupFileName(name) ? await stat(path).catch(() => undefined) : undefined;
  if (!info?.isFile()) return plainAnswer(404, m.backupGone);
  return new Response(pacedBody(createReadStream(path), locals.responseDrained), {
    headers: {
      'Content-Type': 'application/x-tar',
      'Content-Length': String(info.size),
      'Content-Disposition': `attachment; filename="${name}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
};
