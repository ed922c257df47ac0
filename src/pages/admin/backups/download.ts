import { PassThrough } from 'node:stream';
import type { APIRoute } from 'astro';
import { pacedBody } from '../../../platform/paced-body.ts';
import { backupFileName } from '../../../server/daily-backups.ts';
import { checkOwnerDownload } from '../../../server/owner-action.ts';
import { backupSite } from '../../../server/site-backup.ts';

/**
 * `GET /admin/backups/download`: a backup of the whole site (decision 0057), for an administrator
 * (the `settings` permission), streamed as it is written from one snapshot: the server holds a
 * part of a table at a time, and a client that stops reading stops the backup. Its size is not
 * known before the end, so there is no Content-Length: the manifest, the first entry, says the
 * size to expect and the tables to come, which the page's progress reads.
 */
export const GET: APIRoute = async ({ request, locals }) => {
  const { app } = locals;
  const caller = await checkOwnerDownload(app, request, 'settings');
  if (!caller.ok) return caller.response;
  const output = new PassThrough();
  backupSite(app.config.database, output, app.log)
    .then(({ bytes }) =>
      app.log.info(`Backup downloaded by administrator ${caller.owner.userId}`, { bytes }),
    )
    .catch((error: unknown) => {
      app.log.warn(`A backup download stopped: ${error instanceof Error ? error.message : error}`);
      output.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  return new Response(pacedBody(output, locals.responseDrained), {
    headers: {
      'Content-Type': 'application/x-tar',
      'Content-Disposition': `attachment; filename="${backupFileName(Date.now())}"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
};
