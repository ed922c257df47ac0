import { readPostedFields } from '../../../platform/ajax/ajax-router.ts';
import { sanitiseStoredHtml } from '../../../platform/markdown.ts';
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { publicPayment } from '../../payments/providers.ts';
import { type BodySegment, splitFormEmbeds } from '../embed.ts';
import { fileFieldTypes } from '../field-kinds.ts';
import { readFieldEntries } from '../field-values.ts';
import { formCheckout, takesPayment } from '../form-checkout.ts';
import type { FormDefinition } from '../form-definition.ts';
import type { FormBlocks, FormIslandProps, FormPostState } from '../public-form.ts';
import { type FormExtras, toPublicForm } from '../public-form.ts';
import { hasCaptcha, publicCaptcha } from './captcha/captcha-check.ts';
import { receivedFiles, submissionUploads } from './files-uploads.ts';
import { issueFormToken } from './form-token.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import { prepareDefinition } from './forms-store.ts';
import { loadForm } from './loaded-form.ts';
import { countryList } from './rule-context.ts';
import { serverMessages } from './server-messages.ts';
import { submissionRequest, submitEntry } from './submission.ts';

/** A page body cut at its form embeds, each embed with the props of its island. */
export type PageBody = Array<
  { type: 'html'; html: SanitisedHtml } | { type: 'form'; props: FormIslandProps }
>;

/** The outcome of a normal POST for the page to show. */
export type FormPost =
  | { type: 'redirect'; url: string }
  /** The body could not be read (too large, not a form, malformed): nothing was submitted. */
  | { type: 'refused'; status: number; message: string }
  | { type: 'show'; formId: number; instance: number; status: number; state: FormPostState };

/**
 * Prepares the forms a page embeds: a fresh token for each, and the state of the one a
 * visitor just posted. Embeds of forms that do not exist are dropped from the page.
 */
export async function embedForms(
  deps: FormsDependencies,
  html: SanitisedHtml,
  pageUrl: string,
  post?: FormPost,
): Promise<PageBody> {
  const segments: BodySegment[] = splitFormEmbeds(html);
  const body: PageBody = [];
  let instance = 0;
  for (const segment of segments) {
    if (segment.type === 'html') {
      body.push(segment);
      continue;
    }
    const form = await loadForm(deps, segment.formId);
    if (!form) continue;
    const { token, issuedAt } = issueFormToken(deps.secret, form.id);
    const posted =
      post?.type === 'show' && post.formId === form.id && post.instance === instance
        ? post.state
        : undefined;
    const payment = takesPayment(form.definition)
      ? await formPublicPayment(deps, form.definition)
      : undefined;
    const captcha = hasCaptcha(form.definition)
      ? publicCaptcha(await deps.captchaSettings())
      : undefined;
    const takesFiles = form.definition.fields.some((f) => fileFieldTypes.includes(f.type));
    const uploadLimitMb = takesFiles ? (await deps.fileSettings()).uploadLimitMb : undefined;
    body.push({
      type: 'form',
      props: {
        form: toPublicForm(form, Math.random, payment, {
          ...(await formExtras(deps, form.definition)),
          captcha,
          uploadLimitMb,
        }),
        instance,
        token,
        tokenTime: issuedAt,
        pageUrl,
        posted,
      },
    });
    instance++;
  }
  return body;
}

/** The site's time zone for date fields, the country list for addresses and phones. */
async function formExtras(
  deps: FormsDependencies,
  definition: FormDefinition,
): Promise<FormExtras> {
  const types = new Set(
    definition.fields.flatMap((f) => [
      f.type,
      ...(f.type === 'repeater' ? f.fields.map((sub) => sub.type) : []),
    ]),
  );
  return {
    timeZone: types.has('date') ? (await deps.siteSettings()).timeZone : undefined,
    countries: types.has('address') || types.has('phone') ? countryList : undefined,
  };
}

/** What the page tells a payment form's island: its currency, card and provider. */
async function formPublicPayment(deps: FormsDependencies, definition: FormDefinition) {
  const settings = await deps.payments.settings();
  return publicPayment(formCheckout(definition, settings), settings, deps.payments.stripeApiUrl);
}

export const hasForms = (body: PageBody) => body.some((part) => part.type === 'form');

/** What a page reads of a form posted to it: the same as `qforms_submit` through `/ajax`. */
export const formPostLimits = { maxBytes: 1024 * 1024, maxFields: 1000 } as const;

/**
 * A form posted to its page without JavaScript (seed §7 call 6): the same submission path as
 * `/ajax`; the page then shows the confirmation, or the errors with the visitor's input.
 */
export async function receiveFormPost(
  deps: FormsDependencies,
  request: Request,
  client: string,
): Promise<FormPost | undefined> {
  const uploads = submissionUploads(deps);
  const posted = await readPostedFields(request, formPostLimits, uploads);
  if (!posted.ok) return refusedPost(deps, posted);
  const { fields } = posted;
  try {
    return await answerFormPost(deps, request, client, fields);
  } finally {
    // Files no entry claimed (a refusal, spam, a repeat) are removed at once.
    if (fields.files.length > 0) await uploads.release(receivedFiles(fields.files));
  }
}

const instanceOf = (value: string | undefined) => {
  const instance = Number(value ?? '0');
  return Number.isSafeInteger(instance) && instance >= 0 ? instance : 0;
};

/**
 * A body that could not be taken: a form's files over the upload limit (or too many) are shown
 * in that form, with the upload message at its head; anything else is a plain refusal.
 */
async function refusedPost(
  deps: FormsDependencies,
  posted: { status: number; message: string; entries?: Array<[string, string]> },
): Promise<FormPost> {
  const sent = new Map(posted.entries ?? []);
  const id = sent.get('qforms[id]');
  const form = id && /^\d{1,9}$/.test(id) ? await loadForm(deps, Number(id)) : undefined;
  if (!form) return { type: 'refused', status: posted.status, message: posted.message };
  return {
    type: 'show',
    formId: form.id,
    instance: instanceOf(sent.get('qforms[instance]')),
    status: posted.status,
    state: {
      values: readFieldEntries(posted.entries ?? [], form.definition).values,
      fieldErrors: {},
      headerError: posted.message,
    },
  };
}

async function answerFormPost(
  deps: FormsDependencies,
  request: Request,
  client: string,
  fields: Parameters<typeof submissionRequest>[0],
): Promise<FormPost | undefined> {
  const formId = fields.get('qforms[id]');
  if (formId === undefined) return undefined;
  const result = await submitEntry(deps, submissionRequest(fields, request, client));
  if (!result.form) return undefined;
  const where = { formId: result.form.id, instance: instanceOf(fields.get('qforms[instance]')) };
  if (result.outcome === 'action_required') {
    return {
      type: 'show',
      ...where,
      status: 402,
      state: {
        values: result.values,
        fieldErrors: {},
        headerError: serverMessages.cardNeedsScript,
      },
    };
  }
  if (result.outcome === 'accepted') {
    if (result.confirmation.type === 'redirect') {
      return { type: 'redirect', url: result.confirmation.url };
    }
    return {
      type: 'show',
      ...where,
      status: 200,
      state: { values: {}, fieldErrors: {}, confirmationHtml: result.confirmation.html },
    };
  }
  return {
    type: 'show',
    ...where,
    status: result.status,
    state: {
      values: result.values,
      fieldErrors: result.fields,
      headerError: result.header,
      captchaError: result.captcha,
    },
  };
}

/**
 * The island's props for the builder's preview of a definition not yet saved (issue 16,
 * point 1): checked and rendered as a save would, shown as a visitor sees it, under form id 0,
 * which no form has, so a submit from the preview is refused and never stored.
 */
export async function previewFormProps(
  deps: FormsDependencies,
  input: unknown,
): Promise<FormIslandProps> {
  const definition = prepareDefinition(input);
  const blocks: FormBlocks = {};
  for (const field of definition.fields) {
    if (field.type === 'content') blocks[field.id] = sanitiseStoredHtml(field.html);
    if (field.type === 'html') blocks[field.id] = sanitiseStoredHtml(field.code);
  }
  const form = { id: 0, definition, blocks };
  const { token, issuedAt } = issueFormToken(deps.secret, 0);
  const payment = takesPayment(definition) ? await formPublicPayment(deps, definition) : undefined;
  const captcha = hasCaptcha(definition) ? publicCaptcha(await deps.captchaSettings()) : undefined;
  const takesFiles = definition.fields.some((f) => fileFieldTypes.includes(f.type));
  const uploadLimitMb = takesFiles ? (await deps.fileSettings()).uploadLimitMb : undefined;
  return {
    form: toPublicForm(form, Math.random, payment, {
      ...(await formExtras(deps, definition)),
      captcha,
      uploadLimitMb,
    }),
    instance: 0,
    token,
    tokenTime: issuedAt,
    pageUrl: '/admin/forms',
  };
}
