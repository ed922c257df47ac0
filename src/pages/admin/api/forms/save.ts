import { z } from 'zod';
import { builderMessages } from '../../../../features/admin/form-builder-messages.ts';
import { adminMessages } from '../../../../features/admin/messages.ts';
import {
  FormDefinitionError,
  findForm,
  saveForm,
} from '../../../../features/forms/server/forms-store.ts';
import { EditConflict } from '../../../../platform/edit-conflict.ts';
import { adminJson } from '../../../../server/admin-api.ts';
import { editConflictReply } from '../../../../server/admin-edits.ts';
import { ownerCall } from '../../../../server/owner-action.ts';

/**
 * `POST /admin/api/forms/save`: `{ id?, definition }` from the form builder. Creates the form,
 * or saves form `id`; a definition the schema refuses is answered with every problem at its
 * path (`fields.2.label: …`) and nothing is stored.
 */
export const POST = ownerCall(
  {
    permission: 'forms',
    input: z.object({
      id: z.number().int().positive().nullish(),
      definition: z.unknown(),
      revision: z.number().int().positive().optional(),
    }),
  },
  async ({ app, owner, input: { id, definition, revision } }) => {
    if (id != null && !(await findForm(app.database.db, id))) {
      return adminJson(404, { ok: false, message: builderMessages.notFound });
    }
    // A save of what exists says which revision it was made from.
    if (id != null && revision === undefined) {
      return adminJson(400, { ok: false, message: adminMessages.unreadable });
    }
    try {
      const saved = await saveForm(app.database, definition, id ?? undefined, Date.now(), {
        baseRevision: revision,
        userId: owner.userId,
      });
      app.log.info(
        `Form ${id == null ? 'created' : 'saved'}: ${saved.id} by administrator ${owner.userId}`,
      );
      return adminJson(id == null ? 201 : 200, {
        ok: true,
        message: id == null ? builderMessages.created : builderMessages.saved,
        id: saved.id,
        definition: saved.definition,
        revision: saved.revision,
      });
    } catch (error) {
      if (error instanceof EditConflict) {
        return editConflictReply(app, owner, error, builderMessages.changedSince);
      }
      if (!(error instanceof FormDefinitionError)) throw error;
      return adminJson(422, {
        ok: false,
        message: builderMessages.invalid,
        problems: error.problems,
      });
    }
  },
);
