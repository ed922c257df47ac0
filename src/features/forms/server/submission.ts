// Over 500 lines on purpose: the submission pipeline (read, check, price, verify, store, pay
// and confirm) reads top to bottom here (decision 0051); each step's details are in the
// submission-* modules beside it.
import { randomUUID } from 'node:crypto';
import { defaultCurrency, formatAmount } from '../../payments/currency.ts';
import { paymentMessages } from '../../payments/messages.ts';
import type { PaymentSettings } from '../../payments/payment-settings.ts';
import { currencyOf } from '../../payments/payment-settings.ts';
import type { Checkout } from '../../payments/providers.ts';
import { usableVisitorId } from '../../stats/visitor-consent.ts';
import { visibleFieldIds } from '../conditions.ts';
import { checkFields, errorKey, type FieldErrors, type RuleContext } from '../field-rules.ts';
import { displayValue, type FormValues, readFieldEntries } from '../field-values.ts';
import { formCheckout, takesPayment } from '../form-checkout.ts';
import type { FormDefinition } from '../form-definition.ts';
import { honeypotFieldId } from '../honeypot.ts';
import { checkCardField } from '../rules/credit-card.ts';
import { checkCaptcha, hasCaptcha } from './captcha/captcha-check.ts';
import { type ExistingEntry, releaseFingerprint, storeEntry } from './entries.ts';
import type { ReceivedFile } from './files-receive.ts';
import { receivedFiles } from './files-uploads.ts';
import { checkFormToken, type IssuedToken, issueFormToken, signedIssueTime } from './form-token.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import { type LoadedForm, loadForm } from './loaded-form.ts';
import { serverRuleContext } from './rule-context.ts';
import { serverMessages } from './server-messages.ts';
import {
  applyReadOnly,
  fileContentErrors,
  filesByField,
  pagePath,
  restrictedEmailErrors,
  seconds,
  spamReason,
} from './submission-checks.ts';
import { type Confirmation, confirmationFor, type OrderState } from './submission-confirm.ts';
import { entryFields, hashPasswords } from './submission-fields.ts';
import { submissionFingerprint } from './submission-identity.ts';
import { type PreparedOrder, priceOrder } from './submission-order.ts';

export type { Confirmation };

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
  | Rejected;

type Rejected = {
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
  extra: Partial<Rejected> = {},
): Rejected => ({ outcome: 'rejected', status, header, fields: {}, values: {}, ...extra });

const isRejected = (step: object): step is Rejected =>
  'outcome' in step && step.outcome === 'rejected';

/**
 * Handles one submission, from `/ajax` or a page's normal POST alike, in the steps below, each
 * of which may refuse it: read the form and the values; check the token, spam and the same
 * field rules the browser ran; price its order; verify its captcha; store it (exactly once,
 * even when it is sent twice, within the sender's rate limit, with its mails); pay for it; and
 * confirm what truly happened.
 */
export async function submitEntry(
  deps: FormsDependencies,
  request: SubmissionRequest,
  now = Date.now(),
): Promise<SubmissionResult> {
  const read = await readSubmission(deps, request, now);
  if (isRejected(read)) return read;
  const checked = await checkSubmission(deps, read);
  if (isRejected(checked)) return checked;
  const priced = await priceSubmission(deps, checked);
  if (isRejected(priced)) return priced;
  const verified = await verifySubmission(deps, priced);
  if (isRejected(verified)) return verified;
  const stored = await storeSubmission(deps, verified);
  if ('outcome' in stored) return stored;
  return payAndConfirm(deps, verified, stored.entryId);
}

/** The form the submission names and what it sent, with read-only fields as shown. */
type Read = {
  request: SubmissionRequest;
  now: number;
  form: LoadedForm;
  values: FormValues;
  parsed: ReturnType<typeof readFieldEntries>;
};

async function readSubmission(
  deps: FormsDependencies,
  request: SubmissionRequest,
  now: number,
): Promise<Read | Rejected> {
  const formId = /^\d{1,9}$/.test(request.formId ?? '') ? Number(request.formId) : undefined;
  const form = formId === undefined ? undefined : await loadForm(deps, formId);
  if (!form) return rejected(404, serverMessages.formNotFound);
  const parsed = readFieldEntries(request.entries, form.definition);
  const values = applyReadOnly(form.definition, parsed.values);
  if (form.definition.settings.readOnly) {
    return rejected(403, serverMessages.readOnly, { form, values });
  }
  return { request, now, form, values, parsed };
}

/** What the checks found: spam or not, the fields shown, and their errors. */
type Checked = Read & {
  spam: string | undefined;
  visible: ReadonlySet<number>;
  files: Record<number, ReceivedFile[]>;
  ruleContext: RuleContext;
  errors: FieldErrors;
  payment: { settings: PaymentSettings; checkout: Checkout } | undefined;
};

const withForm = (read: Read) => ({ form: read.form, values: read.values });

async function checkSubmission(deps: FormsDependencies, read: Read): Promise<Checked | Rejected> {
  const { form, values, request, now } = read;
  const { definition } = form;
  const token = checkFormToken(deps.secret, form.id, request.token, now);
  if (!token.ok) {
    if (token.reason === 'expired') {
      return rejected(400, serverMessages.expiredToken, {
        ...withForm(read),
        freshToken: issueFormToken(deps.secret, form.id, now),
      });
    }
    return rejected(400, serverMessages.invalidToken, withForm(read));
  }
  const honeypotId = honeypotFieldId(definition);
  const honeypot =
    request.entries.find(([name]) => name === `qforms[fields][${honeypotId}]`)?.[1] ?? '';
  // The start token proves when the visitor began, even once the token itself was renewed.
  const signedStart =
    signedIssueTime(deps.secret, form.id, request.startToken, now) ?? token.issuedAt;
  const signedFill = Math.max(0, Math.floor(now / 1000) - signedStart);
  const spam = spamReason(
    definition,
    { start: request.startTimestamp, end: request.endTimestamp },
    honeypot,
    signedFill,
  );
  if (read.parsed.unknownFieldIds.some((id) => id !== honeypotId)) {
    deps.log.debug('Form submission had unknown fields', {
      form: form.id,
      fields: read.parsed.unknownFieldIds.slice(0, 20),
    });
  }
  if (read.parsed.browserOnlySent) {
    deps.log.warn('A submission carried card details, which the form never sends; dropped unread', {
      form: form.id,
    });
  }

  const visible = visibleFieldIds(definition, values);
  const payment = takesPayment(definition) ? await paymentOf(deps, definition) : undefined;
  const site = await deps.siteSettings();
  const files = filesByField(request.files);
  const ruleContext = {
    ...(await serverRuleContext(definition, values, {
      currency: payment ? currencyOf(payment.settings) : defaultCurrency,
      timeZone: site.timeZone,
      now,
    })),
    // A card field takes a card only where the form can charge one; elsewhere it has no inputs.
    cardRules:
      payment?.checkout.provider === 'stripe' && payment.checkout.ready
        ? checkCardField
        : undefined,
  };
  const errors = checkFields(definition, values, visible, { ...ruleContext, files });
  fileContentErrors(definition, files, visible, errors);
  restrictedEmailErrors(definition, values, visible, errors);
  return { ...read, spam, visible, files, ruleContext, errors, payment };
}

async function paymentOf(deps: FormsDependencies, definition: FormDefinition) {
  const settings = await deps.payments.settings();
  return { settings, checkout: formCheckout(definition, settings) };
}

/** The order the server computed, for a payment form's submission that is not spam. */
type Priced = Checked & { order: PreparedOrder | undefined };

async function priceSubmission(
  deps: FormsDependencies,
  checked: Checked,
): Promise<Priced | Rejected> {
  if (!checked.payment || checked.spam) return { ...checked, order: undefined };
  const priced = await priceOrder(
    deps.payments,
    {
      formId: checked.form.id,
      definition: checked.form.definition,
      values: checked.values,
      visible: checked.visible,
      shownTotal: checked.request.entries.find(([name]) => name === 'qforms[total]')?.[1],
      now: checked.now,
    },
    checked.payment.settings,
    checked.payment.checkout,
    checked.errors,
  );
  if ('refused' in priced) {
    return rejected(priced.refused.status, priced.refused.header, withForm(checked));
  }
  return { ...checked, order: 'order' in priced ? priced.order : undefined };
}

/**
 * The captcha, once everything else is known: a submission with wrong fields and a wrong
 * captcha is told about both (seed §3: general and field errors are shown together, and the
 * captcha is reset on every failure, so checking it spends nothing the visitor still needs).
 * Refused, nothing is stored (decision 0037).
 */
async function verifySubmission(
  deps: FormsDependencies,
  priced: Priced,
): Promise<Priced | Rejected> {
  const { form, errors, spam } = priced;
  let captcha: string | undefined;
  if (hasCaptcha(form.definition)) {
    const check = await checkCaptcha(deps, priced.request, priced.now);
    if (!check.passed) {
      const details = { form: form.id, provider: check.provider, reason: check.reason };
      if (check.unreachable) {
        deps.log.warn(
          'The captcha service could not be asked; the submission was refused',
          details,
        );
      } else deps.log.debug('Form submission refused by the captcha', details);
      captcha = check.message;
    }
  }
  const fieldErrors = !spam && Object.keys(errors).length > 0;
  if (!fieldErrors && !captcha) return priced;
  return {
    outcome: 'rejected',
    status: fieldErrors ? 422 : 403,
    fields: fieldErrors ? errors : {},
    captcha,
    ...withForm(priced),
  };
}

/**
 * Stores the submission: passwords hashed first (off the event loop, and only for a
 * submission that is no spam and within its sender's rate limit), then the entry with its
 * mails. A repeat of a submission already stored is answered as that one stands; a repeat of
 * one that failed, or that was judged spam, is a new attempt. A payment form's spam is never
 * answered as an order placed: the visitor is asked to send it again.
 */
async function storeSubmission(
  deps: FormsDependencies,
  priced: Priced,
): Promise<{ entryId: number } | SubmissionResult> {
  const { form, request, values, now, spam, order } = priced;
  const rateLimit = {
    rule: { scope: 'form-submit', limit: deps.submissionsPerMinute, windowMs: 60_000 },
    client: request.client,
  };
  const hashes = await hashPasswords(deps, priced, rateLimit);
  if (hashes === 'rate-limited') {
    return rejected(429, serverMessages.tooManySubmissions, withForm(priced));
  }
  const spamOrder = spam !== undefined && priced.payment !== undefined;
  for (let attempt = 0; ; attempt++) {
    const fingerprint = spamOrder
      ? `spam:${randomUUID()}`
      : submissionFingerprint(deps.secret, {
          formId: form.id,
          submissionId: request.submissionId,
          token: request.token,
          client: request.client,
          userAgent: request.userAgent,
          // The card is not part of what was filled in: the same order tried with another card
          // (after a declined one, or a bank step left unfinished) is a repeat of it.
          values: withoutCard(form.definition, values),
          now,
        });
    const stored = await storeEntry(deps, {
      form,
      status: spam ? 'spam' : 'entry',
      spamReason: spam,
      fields: entryFields(deps, priced, hashes),
      // Spam keeps no files: they are released with every other file no entry claimed.
      fileIds: spam
        ? []
        : form.definition.fields
            .filter((field) => priced.visible.has(field.id))
            .flatMap((field) =>
              (priced.files[field.id] ?? []).filter((f) => f.stored).map((f) => f.id),
            ),
      pageUrl: pagePath(request.pageUrl),
      visitorId: usableVisitorId(request.cookieHeader, (await deps.siteSettings()).visitorId),
      userAgent: request.userAgent.slice(0, 500),
      startedAt: (seconds(request.startTimestamp) ?? 0) * 1000 || undefined,
      fingerprint,
      rateLimit,
      order,
      now,
    });
    switch (stored.stored) {
      case 'rate-limited':
        return rejected(429, serverMessages.tooManySubmissions, withForm(priced));
      case 'coupon-used-up':
        return couponUsedUp(priced);
      case 'entry':
        if (!spam) return { entryId: stored.entryId };
        deps.log.info('Form submission stored as spam', { form: form.id, reason: spam });
        return spamOrder
          ? rejected(400, paymentMessages.orderNotPlaced, withForm(priced))
          : accepted(priced, 'spam', confirmationFor(form));
      case 'duplicate': {
        const repeat = await answerRepeat(deps, priced, stored.existing);
        // A failed order's repeat is a new attempt; its fingerprint is free now.
        if (repeat !== 'new-attempt') return repeat;
        if (attempt === 2) return rejected(409, paymentMessages.orderInProgress, withForm(priced));
      }
    }
  }
}

function withoutCard(definition: FormDefinition, values: FormValues): FormValues {
  const card = definition.fields.find((field) => field.type === 'payment-credit-card');
  if (!card) return values;
  const { [card.id]: _card, ...rest } = values;
  return rest;
}

const accepted = (
  read: Read,
  stored: 'entry' | 'spam' | 'duplicate',
  confirmation: Confirmation,
): SubmissionResult => ({ outcome: 'accepted', stored, confirmation, ...withForm(read) });

function couponUsedUp(priced: Priced): Rejected {
  const couponField = priced.form.definition.fields.find((f) => f.type === 'payment-coupon');
  return {
    outcome: 'rejected',
    status: 409,
    fields: couponField ? { [couponField.id]: paymentMessages.couponInvalid } : {},
    header: couponField ? undefined : paymentMessages.couponInvalid,
    ...withForm(priced),
  };
}

/**
 * A submission already stored, sent again (a double click, a retry, the visitor's second try):
 * answered as the first one stands. An order is confirmed only as far as it is paid; one whose
 * card payment failed, or whose bank step was abandoned (ended here), is tried anew.
 */
async function answerRepeat(
  deps: FormsDependencies,
  priced: Priced,
  existing: ExistingEntry | undefined,
): Promise<SubmissionResult | 'new-attempt'> {
  const { form } = priced;
  if (!existing || existing.paymentStatus === null) {
    return accepted(priced, 'duplicate', confirmationFor(form));
  }
  const number = existing.id;
  const currency = priced.payment ? currencyOf(priced.payment.settings) : defaultCurrency;
  const total = formatAmount(existing.total ?? 0, currency);
  let status: string = existing.paymentStatus;
  if (status === 'awaiting' && existing.provider === 'stripe') {
    status = await deps.payments.endAbandonedCardPayment(existing.id);
    if (status === 'in-flight') {
      return rejected(409, paymentMessages.orderInProgress, withForm(priced));
    }
  }
  const state: OrderState | undefined =
    status === 'paid'
      ? { kind: existing.total === 0 ? 'free' : 'paid', number, total }
      : status === 'processing'
        ? { kind: 'processing', number, total }
        : status === 'awaiting'
          ? { kind: 'awaiting', number, total, instructions: priced.order?.instructions ?? '' }
          : undefined;
  if (state) return accepted(priced, 'duplicate', confirmationFor(form, state));
  await releaseFingerprint(deps, existing.id);
  return 'new-attempt';
}

/**
 * The order's payment, once stored: nothing to do for a free order (paid at once) or an
 * offline one (the instructions say how); a card is charged for the server's total. The
 * visitor is then told what truly happened (submission-confirm.ts).
 */
async function payAndConfirm(
  deps: FormsDependencies,
  priced: Priced,
  entryId: number,
): Promise<SubmissionResult> {
  const { form, order, now } = priced;
  if (!order) return accepted(priced, 'entry', confirmationFor(form));
  const facts = { number: entryId, total: formatAmount(order.summary.total, order.currency) };
  if (order.summary.total === 0) {
    await deps.payments.markPaid(entryId, now);
    return accepted(priced, 'entry', confirmationFor(form, { kind: 'free', ...facts }));
  }
  if (order.provider === 'offline') {
    const state = { kind: 'awaiting' as const, ...facts, instructions: order.instructions };
    return accepted(priced, 'entry', confirmationFor(form, state));
  }
  const step = await deps.payments.payByCard({
    entryId,
    formId: form.id,
    amount: order.summary.total,
    currency: order.currency.code,
    paymentMethod: order.card?.token ?? '',
    description: form.definition.settings.payment.description || form.definition.title,
    email: visitorEmail(form.definition, priced.values, priced.visible),
  });
  switch (step.outcome) {
    case 'paid':
    case 'processing':
      return accepted(priced, 'entry', confirmationFor(form, { kind: step.outcome, ...facts }));
    case 'action_required':
      return {
        outcome: 'action_required',
        payment: {
          provider: 'stripe',
          clientSecret: step.clientSecret,
          entryId,
          proof: step.proof,
        },
        ...withForm(priced),
      };
    default:
      // Failed for good: the same filled-in form sent again is a new attempt.
      await releaseFingerprint(deps, entryId);
      return cardRefusal(form, step, withForm(priced));
  }
}

/** A card the bank refused, at the card field; a service out of reach, in the header. */
function cardRefusal(
  form: LoadedForm,
  step: { outcome: 'declined'; message: string } | { outcome: 'not_confirmed' | 'unavailable' },
  values: { form: LoadedForm; values: FormValues },
): Rejected {
  if (step.outcome === 'unavailable') {
    return rejected(503, paymentMessages.cardServiceUnavailable, values);
  }
  const message = step.outcome === 'declined' ? step.message : paymentMessages.cardNotConfirmed;
  const cardField = form.definition.fields.find((f) => f.type === 'payment-credit-card');
  return {
    outcome: 'rejected',
    status: 402,
    fields: cardField ? { [errorKey(cardField.id, 'number')]: message } : {},
    header: cardField ? undefined : message,
    ...values,
  };
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
  const entryId = request.entryId;
  const step = await deps.payments.completeCardPayment({
    formId: form.id,
    entryId,
    reference: request.reference,
    proof: request.proof,
  });
  const values = { form, values: {} };
  if (step === 'unknown') return rejected(404, serverMessages.invalidToken, values);
  if (step.outcome === 'action_required') {
    return cardRefusal(form, { outcome: 'not_confirmed' }, values);
  }
  if (step.outcome !== 'paid' && step.outcome !== 'processing') {
    if (step.outcome === 'declined') await releaseFingerprint(deps, entryId);
    return cardRefusal(form, step, values);
  }
  const entry = await deps.db
    .selectFrom('form_entries')
    .select(['total'])
    .where('id', '=', entryId)
    .executeTakeFirstOrThrow();
  const currency = currencyOf(await deps.payments.settings());
  const total = formatAmount(Number(entry.total ?? 0), currency);
  return {
    outcome: 'accepted',
    stored: 'entry',
    confirmation: confirmationFor(form, { kind: step.outcome, number: entryId, total }),
    ...values,
  };
}
