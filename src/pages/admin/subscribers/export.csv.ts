import type { APIRoute } from 'astro';
import {
  subscriberFeeds,
  subscribersCsvStream,
} from '../../../features/share/server/subscriber-review.ts';
import { readSubscriberFilter } from '../../../features/share/subscriber-admin.ts';
import { pacedBody, pacedBodyHeaders } from '../../../platform/paced-body.ts';
import { startAdminPage } from '../../../server/admin-page.ts';

/**
 * `GET /admin/subscribers/export.csv`: the subscribers the list's filter selects (feed, status,
 * search; every page of them), streamed as CSV. Signed-in administrators only; a GET that
 * changes nothing, so it needs no CSRF token.
 */
export const GET: APIRoute = async (context) => {
  const admin = await startAdminPage(context, 'subscribers');
  if (admin instanceof Response) return admin;
  const { db } = admin.app.database;
  const feeds = await subscriberFeeds(db, admin.siteTitle);
  const filter = readSubscriberFilter(context.url.searchParams);
  const day = new Date().toISOString().slice(0, 10);
  admin.app.log.info(`Subscribers: exported by administrator ${admin.userId}`);
  return new Response(
    pacedBody(subscribersCsvStream(db, feeds, filter), context.locals.responseDrained),
    {
      headers: {
        ...pacedBodyHeaders,
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="subscribers-${day}.csv"`,
        'Cache-Control': 'no-store',
      },
    },
  );
};
