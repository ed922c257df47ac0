import { renderMarkdown, sanitiseStoredHtml } from '../../../platform/markdown.ts';
import { isSafeRedirectTarget } from '../../../platform/redirect-target.ts';
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { usableVisitorId } from '../../stats/visitor-consent.ts';
import { visibleFieldIds } from '../conditions.ts';
import { defaultCurrency, formatAmount } from '../currency.ts';
import { fileFieldTypes, isInputField } from '../field-kinds.ts';
import { checkFields, errorKey, type FieldErrors } from '../field-rules.ts';
import {
  asPart,
  asText,
  displayValue,
  type FormValues,
  initialValue,
  readFieldEntries,
} from '../field-values.ts';
import {
  defaultConfirmationMessage,
  type FormDefinition,
  type StoredForm,
} from '../form-definition.ts';
import { honeypotFieldId } from '../honeypot.ts';
import { fill, formMessages } from '../messages.ts';
import { moreMessages } from '../more-messages.ts';
import { currencyOf } from '../payment-settings.ts';
import type { FormBlocks } from '../public-form.ts';
import { isAllowedEmail } from '../rules/email.ts';
import { viewMessages } from '../view-messages.ts';
import { checkCaptcha, hasCaptcha } from './captcha/captcha-check.ts';
import { storeEntry } from './entries.ts';
import { fileLine } from './files-entries.ts';
import type { ReceivedFile } from './files-receive.ts';
import { receivedFiles } from './files-uploads.ts';
import { checkFormToken, type IssuedToken, issueFormToken, signedIssueTime } from './form-token.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import { findForm } from './forms-store.ts';
import { completeCardPayment, takeCardPayment } from './payments/card-checkout.ts';
import { takesPayment } from './payments/checkout.ts';
import { orderFieldValue, type PreparedOrder, prepareOrder } from './payments/order.ts';
import { serverRuleContext } from './rule-context.ts';
import { serverMessages } from './server-messages.ts';
import { storedValue } from './stored-values.ts';
import { submissionFingerprint } from './submission-identity.ts';

/** A form as the server uses it: the definition, its confirmation and blocks rendered once. */
export type LoadedForm = StoredForm & { confirmationHtml: SanitisedHtml; blocks: FormBlocks };

/** Loads a form once per content version (forms change rarely, and pages share them). */
export async function loadForm(
  deps: FormsDependencies,
  id: number,
): Promise<LoadedForm | undefined> {
  await deps.contentCache.refresh();
  return deps.contentCache.memo(`form:${id}`, async () => {
    const form = await findForm(deps.db, id);
    if (!form) return undefined;
    let { confirmation } = form.definition.settings;
    // A redirect stored before targets were checked (or written around saveForm) that could
    // lead off the site is not followed: the form thanks the visitor in place instead.
    if (confirmation.type === 'redirect' && !isSafeRedirectTarget(confirmation.url)) {
      deps.log.warn('A form redirects to an unsafe address; it confirms in place', { form: id });
      confirmation = { type: 'message', message: defaultConfirmationMessage };
    }
    const settings = { ...form.definition.settings, confirmation };
    const blocks: FormBlocks = {};
    for (const field of form.definition.fields) {
      if (field.type === 'content') blocks[field.id] = sanitiseStoredHtml(field.html);
      if (field.type === 'html') blocks[field.id] = sanitiseStoredHtml(field.code);
    }
    return {
      ...form,
      definition: { ...form.definition, settings },
      confirmationHtml: renderMarkdown(confirmation.type === 'message' ? confirmation.message : ''),
      blocks,
    };
  });
}

export type SubmissionRequest = {
  formId: string | undefined;
  token: string | undefined;
  /** The token the island held when the visitor began: the signed start of the fill time. */
  startToken: string | undefined;
  /** The island's id of this filling-in of the form, the same for every attempt. */
  submissionId: string | undefined;
  startTimestamp: string | undefined;
  endTimestamp: string | undefined;
  pageUrl: string | undefined;
  entries: ReadonlyArray<readonly [string, string]>;
  userAgent: string;
  cookieHeader: string | null;
  /** Who is sending, for the rate limit only (hashed there, never stored). */
  client: string;
  /** The files the body carried, stored or only described (files-receive.ts). */
  files: readonly ReceivedFile[];
};

/** The submission a posted body carries, from `/ajax` or a page's own POST alike. */
export function submissionRequest(
  fields: {
    entries: Array<[string, string]>;
    get(name: string): string | undefined;
    files?: readonly unknown[];
  },
  request: Request,
  client: string,
): SubmissionRequest {
  return {
    formId: fields.get('qforms[id]'),
    token: fields.get('qforms[token]'),
    startToken: fields.get('qforms[start_token]'),
    submissionId: fields.get('qforms[submission_id]'),
    startTimestamp: fields.get('start_timestamp'),
    endTimestamp: fields.get('end_timestamp'),
    pageUrl: fields.get('page_url'),
    entries: fields.entries,
    userAgent: request.headers.get('user-agent') ?? '',
    cookieHeader: request.headers.get('cookie'),
    client,
    files: receivedFiles(fields.files ?? []),
  };
}

/** The files received for each file field, in the order sent. */
function filesByField(files: readonly ReceivedFile[]): Record<number, ReceivedFile[]> {
  const byField: Record<number, ReceivedFile[]> = {};
  for (const file of files) {
    if (file.fieldId > 0) byField[file.fieldId] = [...(byField[file.fieldId] ?? []), file];
  }
  return byField;
}

/** A file whose content is not what its name says is refused by name (not only by extension). */
function fileContentErrors(
  definition: FormDefinition,
  files: Record<number, ReceivedFile[]>,
  visible: ReadonlySet<number>,
  errors: FieldErrors,
) {
  for (const field of definition.fields) {
    if (!visible.has(field.id) || errors[errorKey(field.id)]) continue;
    const disguised = files[field.id]?.find((file) => !file.contentMatches);
    if (disguised)
      errors[errorKey(field.id)] = fill(moreMessages.fileContent, { name: disguised.name });
  }
}

/**
 * What an entry keeps of a file field: each file's name, size and download address (the
 * signature's typed name when it was typed); for spam, whose files are not kept, the names.
 */
function fileFieldValue(
  field: FormDefinition['fields'][number],
  input: FormValues[number] | undefined,
  files: readonly ReceivedFile[],
  siteUrl: string,
  kept: boolean,
): string {
  const typed = field.type === 'signature' ? asPart(input, 'typed').trim() : '';
  const lines = files.map((file) =>
    kept && file.stored
      ? fileLine(file, siteUrl)
      : `${file.name} (${moreMessages.fileSpamNotKept})`,
  );
  if (typed !== '' && files.length === 0) return fill(moreMessages.signedAs, { name: typed });
  return lines.join('\n');
}

export type Confirmation =
  | { type: 'message'; html: SanitisedHtml }
  | { type: 'redirect'; url: string; newTab: boolean };

export type SubmissionResult =
  | {
      outcome: 'accepted';
      /** What was stored: an entry, spam, or nothing because it was a duplicate. */
      stored: 'entry' | 'spam' | 'duplicate';
      confirmation: Confirmation;
      form: LoadedForm;
      values: FormValues;
    }
  | {
      /** The bank asks the cardholder to confirm the payment; the browser's provider does it. */
      outcome: 'action_required';
      payment: { provider: 'stripe'; clientSecret: string; entryId: number; proof: string };
      form: LoadedForm;
      values: FormValues;
    }
  | {
      outcome: 'rejected';
      status: number;
      header?: string | undefined;
      /** The captcha's refusal (seed §8), shown in the captcha's place (`recaptcha`). */
      captcha?: string | undefined;
      fields: FieldErrors;
      /** A new token when the old one expired, so the visitor can send again at once. */
      freshToken?: IssuedToken | undefined;
      form?: LoadedForm | undefined;
      values: FormValues;
    };

const rejected = (
  status: number,
  header: string | undefined,
  extra: Partial<Extract<SubmissionResult, { outcome: 'rejected' }>> = {},
): SubmissionResult => ({ outcome: 'rejected', status, header, fields: {}, values: {}, ...extra });

/** Seconds as the browser sends them (`start_timestamp`, `end_timestamp`). */
const seconds = (value: string | undefined) =>
  value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : undefined;

/**
 * Whole seconds of grace for the signed fill time: both ends are rounded down to seconds, and
 * the island's start token is signed a little after the page showed the form.
 */
const signedFillGraceSeconds = 1;

/**
 * Why a submission looks like a machine's: it filled the honeypot, or it came faster than
 * the form's minimum fill time. The browser's timestamps are checked when it sends them, but
 * never believed alone: the fill time is also bounded by what the server signed, the start
 * token the island kept from the visitor's first interaction or else the token sent, so a
 * sender cannot claim more time than it has held a token (decision 0019).
 */
function spamReason(
  definition: FormDefinition,
  request: SubmissionRequest,
  honeypot: string,
  signedFillSeconds: number,
): string | undefined {
  const { antispam } = definition.settings;
  if (antispam.honeypot && honeypot.trim() !== '') return 'honeypot';
  if (signedFillSeconds + signedFillGraceSeconds < antispam.minimumSeconds) return 'too-fast';
  const sentStart = request.startTimestamp !== undefined && request.startTimestamp !== '';
  const sentEnd = request.endTimestamp !== undefined && request.endTimestamp !== '';
  if (sentStart || sentEnd) {
    const start = seconds(request.startTimestamp);
    const end = seconds(request.endTimestamp);
    if (!start || !end || end < start) return 'bad-timestamps';
    if (end - start < antispam.minimumSeconds) return 'too-fast';
  }
  return undefined;
}

/** A read-only field keeps the value it was shown with, whatever is sent. */
function applyReadOnly(definition: FormDefinition, values: FormValues): FormValues {
  const result = { ...values };
  for (const field of definition.fields) {
    if (field.readOnly && isInputField(field)) result[field.id] = initialValue(field);
    if (field.type === 'hidden') result[field.id] = field.defaultValue;
  }
  return result;
}

function restrictedEmailErrors(
  definition: FormDefinition,
  values: FormValues,
  visible: ReadonlySet<number>,
  errors: FieldErrors,
) {
  for (const field of definition.fields) {
    if (field.type !== 'email' || !visible.has(field.id) || errors[errorKey(field.id)]) continue;
    const value = (
      field.confirmation ? asPart(values[field.id], 'primary') : asText(values[field.id])
    ).trim();
    if (value !== '' && !isAllowedEmail(value, field.allowList, field.denyList)) {
      errors[errorKey(field.id)] = formMessages.restrictedEmail;
    }
  }
}

/** The page a form was sent from, as a same-site path (what entries keep). */
function pagePath(pageUrl: string | undefined): string {
  if (!pageUrl || pageUrl.length > 2000) return '';
  return /^\/(?!\/)[^\s\\]*$/.test(pageUrl) ? pageUrl : '';
}

/**
 * Handles one submission, from `/ajax` or a page's normal POST alike: the token, the same
 * field rules the browser ran, restricted e-mails, spam checks; then, within the sender's
 * rate limit, stores the entry (exactly once, even when it is sent twice) with its mails.
 */
export async function submitEntry(
  deps: FormsDependencies,
  request: SubmissionRequest,
  now = Date.now(),
): Promise<SubmissionResult> {
  const formId = /^\d{1,9}$/.test(request.formId ?? '') ? Number(request.formId) : undefined;
  const form = formId === undefined ? undefined : await loadForm(deps, formId);
  if (!form) return rejected(404, serverMessages.formNotFound);
  const { definition } = form;
  const parsed = readFieldEntries(request.entries, definition);
  const values = applyReadOnly(definition, parsed.values);
  const withForm = { form, values };
  if (definition.settings.readOnly) return rejected(403, serverMessages.readOnly, withForm);

  const token = checkFormToken(deps.secret, form.id, request.token, now);
  if (!token.ok) {
    if (token.reason === 'expired') {
      return rejected(400, serverMessages.expiredToken, {
        ...withForm,
        freshToken: issueFormToken(deps.secret, form.id, now),
      });
    }
    return rejected(400, serverMessages.invalidToken, withForm);
  }

  const honeypotId = honeypotFieldId(definition);
  const honeypot =
    request.entries.find(([name]) => name === `qforms[fields][${honeypotId}]`)?.[1] ?? '';
  // The start token proves when the visitor began, even once the token itself was renewed.
  const signedStart =
    signedIssueTime(deps.secret, form.id, request.startToken, now) ?? token.issuedAt;
  const signedFill = Math.max(0, Math.floor(now / 1000) - signedStart);
  const spam = spamReason(definition, request, honeypot, signedFill);

  const visible = visibleFieldIds(definition, values);
  const paymentSettings = takesPayment(definition) ? await deps.paymentSettings() : undefined;
  const site = await deps.siteSettings();
  const files = filesByField(request.files);
  const ruleContext = await serverRuleContext(definition, values, {
    currency: paymentSettings ? currencyOf(paymentSettings) : defaultCurrency,
    timeZone: site.timeZone,
    now,
  });
  const errors = checkFields(definition, values, visible, { ...ruleContext, files });
  fileContentErrors(definition, files, visible, errors);
  restrictedEmailErrors(definition, values, visible, errors);
  if (parsed.browserOnlySent) {
    deps.log.warn('A submission carried card details, which the form never sends; dropped unread', {
      form: form.id,
    });
  }
  let order: PreparedOrder | undefined;
  if (paymentSettings && !spam) {
    const prepared = await prepareOrder(
      deps,
      form.id,
      definition,
      values,
      visible,
      paymentSettings,
      request.entries.find(([name]) => name === 'qforms[total]')?.[1],
      errors,
      now,
    );
    if ('header' in prepared) return rejected(409, prepared.header, withForm);
    if ('order' in prepared) order = prepared.order;
  }
  if (!spam && Object.keys(errors).length > 0) {
    return { outcome: 'rejected', status: 422, fields: errors, ...withForm };
  }
  // The captcha last, once nothing else stands in the way: a third party's token is checked
  // (and spent) only for a submission that would be stored, spam included. Refused, nothing is
  // stored: the visitor is told in the captcha's place and may try again (decision 0037).
  if (hasCaptcha(definition)) {
    const captcha = await checkCaptcha(deps, request, now);
    if (!captcha.passed) {
      const details = { form: form.id, provider: captcha.provider, reason: captcha.reason };
      if (captcha.unreachable) {
        deps.log.warn(
          'The captcha service could not be asked; the submission was refused',
          details,
        );
      } else deps.log.debug('Form submission refused by the captcha', details);
      return rejected(403, undefined, { ...withForm, captcha: captcha.message });
    }
  }
  if (parsed.unknownFieldIds.some((id) => id !== honeypotId)) {
    deps.log.debug('Form submission had unknown fields', {
      form: form.id,
      fields: parsed.unknownFieldIds.slice(0, 20),
    });
  }

  const settings = site;
  const stored = await storeEntry(deps, {
    form,
    status: spam ? 'spam' : 'entry',
    spamReason: spam,
    fields: definition.fields
      .filter((field) => isInputField(field) && visible.has(field.id))
      .map((field) => ({
        id: field.id,
        type: field.type,
        label: field.label,
        value: fileFieldTypes.includes(field.type)
          ? fileFieldValue(field, values[field.id], files[field.id] ?? [], deps.siteUrl, !spam)
          : order && field.type.startsWith('payment-')
            ? orderFieldValue(field, values[field.id], order.currency)
            : storedValue(field, values[field.id], ruleContext),
      })),
    // Spam keeps no files: they are released with every other file no entry claimed.
    fileIds: spam
      ? []
      : definition.fields
          .filter((field) => visible.has(field.id))
          .flatMap((field) => (files[field.id] ?? []).filter((f) => f.stored).map((f) => f.id)),
    pageUrl: pagePath(request.pageUrl),
    visitorId: usableVisitorId(request.cookieHeader, settings.visitorId),
    userAgent: request.userAgent.slice(0, 500),
    startedAt: (seconds(request.startTimestamp) ?? 0) * 1000 || undefined,
    fingerprint: submissionFingerprint(deps.secret, {
      formId: form.id,
      submissionId: request.submissionId,
      token: request.token,
      client: request.client,
      userAgent: request.userAgent,
      values,
      now,
    }),
    rateLimit: {
      rule: { scope: 'form-submit', limit: deps.submissionsPerMinute, windowMs: 60_000 },
      client: request.client,
    },
    order,
    now,
  });
  if (stored.stored === 'rate-limited') {
    return rejected(429, serverMessages.tooManySubmissions, withForm);
  }
  if (stored.stored === 'coupon-used-up') {
    const couponField = definition.fields.find((f) => f.type === 'payment-coupon');
    return {
      outcome: 'rejected',
      status: 409,
      fields: couponField ? { [couponField.id]: serverMessages.couponUsedUp } : {},
      header: couponField ? undefined : serverMessages.couponUsedUp,
      ...withForm,
    };
  }
  if (spam) deps.log.info('Form submission stored as spam', { form: form.id, reason: spam });

  if (order?.provider === 'stripe' && order.summary.total > 0 && stored.stored === 'entry') {
    const step = await takeCardPayment(deps, order, {
      id: stored.entryId,
      formId: form.id,
      description: definition.settings.payment.description || definition.title,
      email: visitorEmail(definition, values, visible),
    });
    const cardField = definition.fields.find((f) => f.type === 'payment-credit-card');
    if (step.outcome === 'action_required') {
      return {
        outcome: 'action_required',
        payment: {
          provider: 'stripe',
          clientSecret: step.clientSecret,
          entryId: stored.entryId,
          proof: step.proof,
        },
        ...withForm,
      };
    }
    if (step.outcome === 'declined') {
      return {
        outcome: 'rejected',
        status: 402,
        fields: cardField ? { [errorKey(cardField.id, 'number')]: step.message } : {},
        header: cardField ? undefined : step.message,
        ...withForm,
      };
    }
    if (step.outcome === 'unavailable')
      return rejected(503, formMessages.cardUnavailable, withForm);
  }

  const { confirmation } = definition.settings;
  return {
    outcome: 'accepted',
    stored: spam ? 'spam' : stored.stored,
    confirmation:
      confirmation.type === 'message'
        ? {
            type: 'message',
            html:
              order && stored.stored === 'entry'
                ? orderConfirmationHtml(confirmation.message, {
                    entryId: stored.entryId,
                    total: formatAmount(order.summary.total, order.currency),
                    instructions:
                      order.provider === 'offline' && order.summary.total > 0
                        ? order.instructions
                        : '',
                  })
                : form.confirmationHtml,
          }
        : { type: 'redirect', url: confirmation.url, newTab: confirmation.newTab },
    ...withForm,
  };
}

/** The form's thanks, the order number and total, and how to pay an order paid later. */
export function orderConfirmationHtml(
  message: string,
  order: { entryId: number; total: string; instructions: string },
) {
  const parts = [
    message,
    fill(serverMessages.orderConfirmation, { number: order.entryId, total: order.total }),
  ];
  if (order.instructions) parts.push(order.instructions);
  return renderMarkdown(parts.join('\n\n'));
}

/** The buyer's address, for the provider's receipt: the form's first filled e-mail field. */
function visitorEmail(
  definition: FormDefinition,
  values: FormValues,
  visible: ReadonlySet<number>,
): string | undefined {
  for (const field of definition.fields) {
    if (field.type !== 'email' || !visible.has(field.id)) continue;
    const value = displayValue(field, values[field.id]).trim();
    if (value !== '') return value;
  }
  return undefined;
}

/**
 * The end of an order whose card needed the bank's step: the confirmation once the payment
 * went through, or the card's error so the visitor can try again (`qforms_payment_complete`).
 */
export async function finishCardPayment(
  deps: FormsDependencies,
  request: {
    formId: number | undefined;
    entryId: number | undefined;
    reference: string;
    proof: string;
  },
): Promise<SubmissionResult> {
  const form = request.formId === undefined ? undefined : await loadForm(deps, request.formId);
  if (!form || request.entryId === undefined) return rejected(404, serverMessages.formNotFound);
  const step = await completeCardPayment(deps, {
    formId: form.id,
    entryId: request.entryId,
    reference: request.reference,
    proof: request.proof,
  });
  const withForm = { form, values: {} };
  if (step === 'unknown') return rejected(404, serverMessages.invalidToken, withForm);
  const cardField = form.definition.fields.find((f) => f.type === 'payment-credit-card');
  if (step.outcome === 'declined') {
    return {
      outcome: 'rejected',
      status: 402,
      fields: cardField ? { [errorKey(cardField.id, 'number')]: step.message } : {},
      header: cardField ? undefined : step.message,
      ...withForm,
    };
  }
  if (step.outcome === 'unavailable') return rejected(503, formMessages.cardUnavailable, withForm);
  if (step.outcome === 'action_required')
    return rejected(402, viewMessages.cardNotConfirmed, withForm);
  const { confirmation } = form.definition.settings;
  if (confirmation.type === 'redirect') {
    return {
      outcome: 'accepted',
      stored: 'entry',
      confirmation: { type: 'redirect', url: confirmation.url, newTab: confirmation.newTab },
      ...withForm,
    };
  }
  const entry = await deps.db
    .selectFrom('form_entries')
    .select(['total'])
    .where('id', '=', request.entryId)
    .executeTakeFirstOrThrow();
  const currency = currencyOf(await deps.paymentSettings());
  return {
    outcome: 'accepted',
    stored: 'entry',
    confirmation: {
      type: 'message',
      html: orderConfirmationHtml(confirmation.message, {
        entryId: request.entryId,
        total: formatAmount(Number(entry.total ?? 0), currency),
        instructions: '',
      }),
    },
    ...withForm,
  };
}
