import type { FieldErrors } from './field-rules.ts';
import type { FormValues } from './field-values.ts';
import type { FormDefinition, StoredForm } from './form-definition.ts';
import { honeypotFieldId, honeypotLabel } from './honeypot.ts';

/**
 * What a page sends the browser about a form: the definition without what only the server
 * may know (notification addresses, allow and deny lists, the confirmation text), plus the
 * honeypot to render. It is serialised into the page as the island's props.
 */
export type PublicForm = {
  id: number;
  definition: FormDefinition;
  /** E-mail fields the server checks against its lists (`qforms_restricted_email`). */
  restrictedFieldIds: number[];
  honeypot: { id: number; label: string } | undefined;
};

export function toPublicForm({ id, definition }: StoredForm, random = Math.random): PublicForm {
  const restrictedFieldIds: number[] = [];
  const fields = definition.fields.map((field) => {
    if (field.type !== 'email') return field;
    if (field.allowList.length > 0 || field.denyList.length > 0) restrictedFieldIds.push(field.id);
    return { ...field, allowList: [], denyList: [] };
  });
  const { settings } = definition;
  return {
    id,
    definition: {
      ...definition,
      fields,
      settings: {
        ...settings,
        confirmation:
          settings.confirmation.type === 'message'
            ? { type: 'message', message: '' }
            : settings.confirmation,
        notifications: {
          owner: false,
          ownerTo: [],
          ownerSubject: '',
          visitorSubject: '',
          visitorMessage: '',
        },
      },
    },
    restrictedFieldIds,
    honeypot: settings.antispam.honeypot
      ? { id: honeypotFieldId(definition), label: honeypotLabel(definition, random) }
      : undefined,
  };
}

/** How a page shows a form after a normal (no-JavaScript) POST. */
export type FormPostState = {
  values: FormValues;
  fieldErrors: FieldErrors;
  headerError?: string | undefined;
  confirmationHtml?: string | undefined;
};

export type FormIslandProps = {
  form: PublicForm;
  /** Which embed of the page this is (the same form may appear twice). */
  instance: number;
  token: string;
  tokenTime: number;
  pageUrl: string;
  posted?: FormPostState | undefined;
};
