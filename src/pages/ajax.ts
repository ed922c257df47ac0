import type { APIRoute } from 'astro';
import { ajaxRouter } from '../server/ajax.ts';

/** `POST /ajax`: the single AJAX endpoint (contract §1); see src/server/ajax.ts. */
export const ALL: APIRoute = ({ request, locals, clientAddress }) =>
  ajaxRouter.handle(request, { app: locals.app, client: clientAddress });
