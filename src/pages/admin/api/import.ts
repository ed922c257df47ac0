import type { APIRoute } from 'astro';
import { importUploadCall } from '../../../server/admin-import.ts';

/**
 * `POST /admin/api/import`: an export sent by Admin → Import's script (which shows the upload's
 * progress), streamed to the data folder; answers the new waiting run's id and address.
 */
export const POST: APIRoute = ({ request, locals }) => importUploadCall(locals.app, request);
