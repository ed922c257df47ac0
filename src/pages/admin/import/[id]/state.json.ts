import type { APIRoute } from 'astro';
import { importRunStateAnswer, runIdOf } from '../../../../server/admin-import.ts';

/** `GET /admin/import/{id}/state.json`: how far an import got, polled by its page. */
export const GET: APIRoute = ({ request, locals, params }) =>
  importRunStateAnswer(locals.app, request, runIdOf(params.id));
