import { PassThrough } from 'node:stream';
import type { APIRoute } from 'astro';
import { serverAdminMessages as m } from '../../../features/admin/server/server-messages.ts';
import { writeEntriesCsv } from '../../../features/forms/server/entries-export.ts';
import { findEntriesForm } from '../../../features/forms/server/forms-store.ts';
import { pacedBody, pacedBodyHeaders } from '../../../platform/paced-body.ts';
import { checkOwnerDownload, plainAnswer } from '../../../server/owner-action.ts';

/**
 * `GET /admin/entries/export.csv?form=N&view=entries|spam|all`: one form's entries as CSV, for
 * a signed-in administrator, streamed as the rows are read (the CLI's export, decision 0025):
 * the server holds one page of entries at a time whatever their number (decision 0040).
 */
export const GET: APIRoute = async ({ url, request, locals }) => {
  const { app } = locals;
  const { db } = app.database;
  const caller = await checkOwnerDownload(app, request, 'entries');
  if (!caller.ok) return caller.response;
  const formId = Number(url.searchParams.get('form'));
  const form =
    Number.isSafeInteger(formId) && formId > 0 ? await findEntriesForm(db, formId) : undefined;
  if (!form) return plainAnswer(404, m.entriesChooseForm);
  const view = url.searchParams.get('view') ?? 'entries';
  if (view !== 'entries' && view !== 'spam' && view !== 'all') {
    return plainAnswer(400, m.entriesChooseView);
  }
  const status = view === 'all' ? undefined : view === 'spam' ? 'spam' : 'entry';
  // Counted once per download, for the progress bar: an index range of the form's entries.
  let counted = db
    .selectFrom('form_entries')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('form_id', '=', form.id);
  if (status) counted = counted.where('status', '=', status);
  const { n: total } = await counted.executeTakeFirstOrThrow();
  const output = new PassThrough();
  writeEntriesCsv(app.database, form, output, status ? { status } : {}).catch((error: unknown) => {
    if (!output.destroyed)
      app.log.error('The entries export stopped', { form: form.id, error: String(error) });
  });
  return new Response(pacedBody(output, locals.responseDrained), {
    headers: {
      ...pacedBodyHeaders,
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="entries-form-${form.id}.csv"`,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
      'X-Entry-Count': String(total),
    },
  });
};
