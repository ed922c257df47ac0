import { z } from 'zod';
import { builderMessages } from '../../../../features/admin/form-builder-messages.ts';
import {
  FormDefinitionError,
  findForm,
  saveForm,
} from '../../../../features/forms/server/forms-store.ts';
import { adminJson } from '../../../../server/admin-api.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

/**
 * `POST /admin/api/forms/save`: `{ id?, definition }` from the form builder. Creates the form,
 * or saves form `id`; a definition the schema refuses is answered with every problem at its
 * path (`fields.2.label: …`) and nothing is stored.
 */
export const POST = ownerCall(
  {
    permission: 'forms',
    input: z.object({ id: z.number().int().positive().nullish(), definition: z.unknown() }),
  },
  async ({ app, owner, input: { id, definition } }) => {
    if (id != null && !(await findForm(app.database.db, id))) {
      return adminJson(404, { ok: false, message: builderMessages.notFound });
    }
    try {
      const saved = await saveForm(app.database, definition, id ?? undefined);
      app.log.info(
        `Form ${id == null ? 'created' : 'saved'}: ${saved.id} by administrator ${owner.userId}`,
      );
      return adminJson(id == null ? 201 : 200, {
        ok: true,
        message: id == null ? builderMessages.created : builderMessages.saved,
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
  },
);
