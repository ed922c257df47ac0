import type { APIRoute } from 'astro';
import { clientAddress } from '../platform/client-address.ts';
import { ajaxRouter } from '../server/ajax.ts';

/** `POST /ajax`: the single AJAX endpoint (contract §1); see src/server/ajax.ts. */
export const ALL: APIRoute = (context) => {
  const { app } = context.locals;
  const client = clientAddress(
    context.request.headers.get('x-forwarded-for'),
    context.clientAddress,
    app.config.trustedProxies,
  );
  return ajaxRouter.handle(context.request, {
    app,
    forms: app.forms,
    admin: { db: app.database.db, secret: app.secret },
    client,
  });
};
