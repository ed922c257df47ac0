import type { APIRoute } from 'astro';
import { builderMessages } from '../../../../features/admin/form-builder-messages.ts';
import {
  FormDefinitionError,
  findForm,
  saveForm,
} from '../../../../features/forms/server/forms-store.ts';
import { adminCaller, adminJson } from '../../../../server/admin-api.ts';
import { readAdminJson } from '../../../../server/admin-json-body.ts';
import { bodyLimits } from '../../../../server/routes.ts';

/**
 * `POST /admin/api/forms/save`: `{ id?, definition }` from the form builder. Creates the form,
 * or saves form `id`; a definition the schema refuses is answered with every problem at its
 * path (`fields.2.label: …`) and nothing is stored.
 */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const session = await adminCaller(app, request);
  if (session instanceof Response) return session;
  const body = await readAdminJson(request, bodyLimits(url.pathname).maxBytes);
  if (body instanceof Response) return body;
  const id = body.id === undefined || body.id === null ? undefined : Number(body.id);
  if (id !== undefined && !(await findForm(app.database.db, id))) {
    return adminJson(404, { ok: false, message: builderMessages.notFound });
  }
  try {
    const saved = await saveForm(app.database, body.definition, id);
    app.log.info(`Form ${id === undefined ? 'created' : 'saved'}: ${saved.id}`);
    return adminJson(id === undefined ? 201 : 200, {
      ok: true,
      message: id === undefined ? builderMessages.created : builderMessages.saved,
      id: saved.id,
      definition: saved.definition,
    });
  } catch (error) {
    if (!(error instanceof FormDefinitionError)) throw error;
    return adminJson(422, {
      ok: false,
      message: builderMessages.invalid,
      problems: error.problems,
    });
  }
};
