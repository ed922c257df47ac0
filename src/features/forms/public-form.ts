import type { SanitisedHtml } from '../../platform/sanitised-html.ts';
import type { PublicPayment } from '../payments/providers.ts';
import type { CaptchaProvider } from './captcha.ts';
import type { FieldErrors } from './field-rules.ts';
import type { FormValues } from './field-values.ts';
import type { FormDefinition, StoredForm } from './form-definition.ts';
import { honeypotFieldId, honeypotLabel } from './honeypot.ts';

/**
 * What a page sends the browser about a form: the definition without what only the server
 * may know (notification addresses, allow and deny lists, the confirmation text), plus the
 * honeypot to render. It is serialised into the page as the island's props.
 */
/** The markup of a form's content and HTML blocks by field id, sanitised on the server. */
export type FormBlocks = Record<number, SanitisedHtml>;

/** How a payment form shows amounts and takes cards: never a secret key. */

/** The captcha a form with a captcha field shows: the service, and a third party's site key. */
export type PublicCaptcha = { provider: CaptchaProvider; siteKey: string };

export type PublicForm = {
  id: number;
  definition: FormDefinition;
  /** The blocks' markup, which travels here rather than in their fields. */
  blocks: FormBlocks;
  /** E-mail fields the server checks against its lists (`qforms_restricted_email`). */
  restrictedFieldIds: number[];
  honeypot: { id: number; label: string } | undefined;
  /** Set for a form with payment fields. */
  payment?: PublicPayment | undefined;
  /** The site's time zone, which says what "today" is to a form with date fields. */
  timeZone?: string | undefined;
  /** Countries by name and ISO code, for a form with address or phone fields. */
  countries?: ReadonlyArray<readonly [string, string]> | undefined;
  /** Set for a form with a captcha field. */
  captcha?: PublicCaptcha | undefined;
  /** The site's upload limit in MB, for a form with file fields (seed §4, §5). */
  uploadLimitMb?: number | undefined;
};

/** What a form's fields need from the site beyond the definition. */
export type FormExtras = Pick<PublicForm, 'timeZone' | 'countries' | 'captcha' | 'uploadLimitMb'>;

export function toPublicForm(
  { id, definition, blocks }: StoredForm & { blocks: FormBlocks },
  random = Math.random,
  payment?: PublicPayment,
  extras: FormExtras = {},
): PublicForm {
  const restrictedFieldIds: number[] = [];
  const fields = definition.fields.map((field) => {
    if (field.type === 'content') return { ...field, html: '' };
    if (field.type === 'html') return { ...field, code: '' };
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
        payment: { ...settings.payment, instructions: '' },
        notifications: {
          owner: false,
          ownerTo: [],
          ownerSubject: '',
          visitorSubject: '',
          visitorMessage: '',
        },
      },
    },
    blocks,
    restrictedFieldIds,
    honeypot: settings.antispam.honeypot
      ? { id: honeypotFieldId(definition), label: honeypotLabel(definition, random) }
      : undefined,
    payment,
    ...extras,
  };
}

/** How a page shows a form after a normal (no-JavaScript) POST. */
export type FormPostState = {
  values: FormValues;
  fieldErrors: FieldErrors;
  headerError?: string | undefined;
  /** The captcha's refusal, shown in its place (`recaptcha`). */
  captchaError?: string | undefined;
  confirmationHtml?: SanitisedHtml | undefined;
};

/** The `data` of a `qforms_submit` answer (seed §3), as the browser reads it. */
export type SubmitReplyData = {
  /** The confirmation message, sanitised by the server. */
  confirmation?: SanitisedHtml;
  redirect_url?: unknown;
  new_tab?: unknown;
  action_required?: unknown;
  token?: unknown;
  token_time?: unknown;
  errors?: unknown;
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
