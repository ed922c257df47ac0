import { z } from 'zod';
import { builderMessages } from '../../../../features/admin/form-builder-messages.ts';
import { previewFormProps } from '../../../../features/forms/server/embedded-forms.ts';
import { FormDefinitionError } from '../../../../features/forms/server/forms-store.ts';
import { adminJson } from '../../../../server/admin-api.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

/**
 * `POST /admin/api/forms/preview`: `{ definition }`, not yet saved; answers the props the form
 * island renders it from, as on a page, under a form id no form has (nothing can be stored).
 */
export const POST = ownerCall(
  { permission: 'forms', input: z.object({ definition: z.unknown() }) },
  async ({ app, input: { definition } }) => {
    try {
      return adminJson(200, { ok: true, props: await previewFormProps(app.forms, definition) });
    } catch (error) {
      if (!(error instanceof FormDefinitionError)) throw error;
      return adminJson(422, {
        ok: false,
        message: builderMessages.previewProblems,
        problems: error.problems,
      });
    }
  },
);
