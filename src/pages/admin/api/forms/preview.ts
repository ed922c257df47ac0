import type { APIRoute } from 'astro';
import { builderMessages } from '../../../../features/admin/form-builder-messages.ts';
import { previewFormProps } from '../../../../features/forms/server/embedded-forms.ts';
import { FormDefinitionError } from '../../../../features/forms/server/forms-store.ts';
import { adminCaller, adminJson } from '../../../../server/admin-api.ts';
import { readAdminJson } from '../../../../server/admin-json-body.ts';
import { bodyLimits } from '../../../../server/routes.ts';

/**
 * `POST /admin/api/forms/preview`: `{ definition }`, not yet saved; answers the props the form
 * island renders it from, as on a page, under a form id no form has (nothing can be stored).
 */
export const POST: APIRoute = async ({ request, locals, url }) => {
  const { app } = locals;
  const session = await adminCaller(app, request);
  if (session instanceof Response) return session;
  const body = await readAdminJson(request, bodyLimits(url.pathname).maxBytes);
  if (body instanceof Response) return body;
  try {
    return adminJson(200, { ok: true, props: await previewFormProps(app.forms, body.definition) });
  } catch (error) {
    if (!(error instanceof FormDefinitionError)) throw error;
    return adminJson(422, {
      ok: false,
      message: builderMessages.previewProblems,
      problems: error.problems,
    });
  }
};
