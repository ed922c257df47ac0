import type { AjaxAction } from '../../../platform/ajax/ajax-router.ts';
import { altchaChallengeAction } from '../captcha.ts';
import { isAllowedEmail } from '../rules/email.ts';
import { issueAltchaChallenge } from './captcha/altcha.ts';
import { activeCaptcha, hasCaptcha } from './captcha/captcha-check.ts';
import { issueFormToken } from './form-token.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import { loadForm } from './loaded-form.ts';
import { serverMessages } from './server-messages.ts';
import {
  finishCardPayment,
  type SubmissionResult,
  submissionRequest,
  submitEntry,
} from './submission.ts';

/** What the forms' actions need of a call: the forms engine's dependencies and the caller. */
export type FormsAjaxContext = { forms: FormsDependencies; client: string };

/** The JSON `data` of a submission result (seed §3, Submission result). */
export function submissionReplyData(result: SubmissionResult): unknown {
  if (result.outcome === 'action_required') {
    const { payment } = result;
    return {
      action_required: true,
      payment: {
        provider: payment.provider,
        client_secret: payment.clientSecret,
        entry_id: payment.entryId,
        proof: payment.proof,
      },
    };
  }
  if (result.outcome === 'accepted') {
    const { confirmation } = result;
    return confirmation.type === 'message'
      ? { confirmation: confirmation.html }
      : { redirect_url: confirmation.url, new_tab: confirmation.newTab };
  }
  return {
    errors: {
      general: {
        ...(result.header ? { header: result.header } : {}),
        ...(result.captcha ? { recaptcha: result.captcha } : {}),
      },
      field: result.fields,
    },
    ...(result.freshToken
      ? { token: result.freshToken.token, token_time: result.freshToken.issuedAt }
      : {}),
  };
}

/** A submission's result as the `/ajax` answer: an accepted or action-required one succeeds. */
const submissionReply = (result: SubmissionResult) => ({
  success: result.outcome !== 'rejected',
  data: submissionReplyData(result),
  status: result.outcome === 'rejected' ? result.status : 200,
});

const formId = (value: string | undefined) =>
  value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined;

/** `qforms_submit`: an AJAX submission (seed §7 call 5). */
const submit: AjaxAction<FormsAjaxContext> = {
  name: 'qforms_submit',
  maxBodyBytes: 1024 * 1024,
  maxFields: 1000,
  // FORM_SUBMISSIONS_PER_MINUTE, counted by submitEntry in the transaction that stores the
  // entry, across AJAX and normal POSTs (submission.ts).
  rateLimit: 'counted-by-action',
  refusal: (message) => ({ errors: { general: { header: message }, field: {} } }),
  async handle(fields, request, { forms, client }) {
    return submissionReply(await submitEntry(forms, submissionRequest(fields, request, client)));
  },
};

/** `qforms_get_token`: a fresh token for a form that has been open long (seed §7 call 4). */
const getToken: AjaxAction<FormsAjaxContext> = {
  name: 'qforms_get_token',
  maxBodyBytes: 4096,
  maxFields: 10,
  // A form asks again only once its token is a day old (seed §6, Token refresh).
  rateLimit: { limit: 30, windowMs: 60_000 },
  async handle(fields, _request, { forms }) {
    const id = formId(fields.get('formId'));
    const form = id === undefined ? undefined : await loadForm(forms, id);
    if (!form)
      return { success: false, data: { message: serverMessages.formNotFound }, status: 404 };
    const { token, issuedAt } = issueFormToken(forms.secret, form.id);
    return { success: true, data: { token, time: issuedAt } };
  },
};

/** `qforms_restricted_email`: whether a field accepts an address (seed §7 call 3). */
const restrictedEmail: AjaxAction<FormsAjaxContext> = {
  name: 'qforms_restricted_email',
  maxBodyBytes: 4096,
  maxFields: 10,
  // Once per address typed (the browser keeps the answers); more would be reading the form's
  // allow and deny lists address by address.
  rateLimit: { limit: 30, windowMs: 60_000 },
  async handle(fields, _request, { forms }) {
    const id = formId(fields.get('form_id'));
    const form = id === undefined ? undefined : await loadForm(forms, id);
    const field = form?.definition.fields.find((f) => String(f.id) === fields.get('field_id'));
    if (!form || field?.type !== 'email') {
      return { success: false, data: { message: serverMessages.formNotFound }, status: 404 };
    }
    const email = (fields.get('email') ?? '').trim().slice(0, 254);
    return { success: true, data: isAllowedEmail(email, field.allowList, field.denyList) };
  },
};

/**
 * `qforms_check_coupon`: whether a code takes money off this form's order now, and how much
 * (the Apply button). The submission checks it again, and takes the use.
 */
const checkCouponAction: AjaxAction<FormsAjaxContext> = {
  name: 'qforms_check_coupon',
  maxBodyBytes: 4096,
  maxFields: 10,
  // A visitor tries a code or two; more is guessing codes, which every refusal answers alike.
  rateLimit: { limit: 10, windowMs: 10 * 60_000 },
  async handle(fields, _request, { forms }) {
    const id = formId(fields.get('form_id'));
    const form = id === undefined ? undefined : await loadForm(forms, id);
    if (!form?.definition.fields.some((f) => f.type === 'payment-coupon')) {
      return { success: false, data: { message: serverMessages.formNotFound }, status: 404 };
    }
    const check = await forms.payments.checkCoupon(form.id, fields.get('code') ?? '', Date.now());
    return check.ok
      ? { success: true, data: check.terms }
      : { success: false, data: { message: check.message } };
  },
};

/**
 * `qforms_payment_complete`: the browser's provider finished the step the bank asked for
 * (after an `action_required` answer); the form's submission ends here, with the confirmation
 * or the card's error, as `qforms_submit` would have ended.
 */
const completePayment: AjaxAction<FormsAjaxContext> = {
  name: 'qforms_payment_complete',
  maxBodyBytes: 4096,
  maxFields: 10,
  rateLimit: { limit: 20, windowMs: 60_000 },
  refusal: (message) => ({ errors: { general: { header: message }, field: {} } }),
  async handle(fields, _request, { forms }) {
    return submissionReply(
      await finishCardPayment(forms, {
        formId: formId(fields.get('form_id')),
        entryId: formId(fields.get('entry_id')),
        reference: fields.get('payment_intent') ?? '',
        proof: fields.get('proof') ?? '',
      }),
    );
  },
};

/**
 * `qforms_altcha_challenge`: a signed proof-of-work challenge for the ALTCHA widget of a form
 * with a captcha field; its solution comes back with the submission (decision 0037).
 */
const altchaChallenge: AjaxAction<FormsAjaxContext> = {
  name: altchaChallengeAction,
  maxBodyBytes: 4096,
  maxFields: 10,
  // One per attempt to send the form (the widget starts again after a failed one).
  rateLimit: { limit: 30, windowMs: 60_000 },
  async handle(fields, _request, { forms }) {
    const id = formId(fields.get('form_id'));
    const form = id === undefined ? undefined : await loadForm(forms, id);
    const usesAltcha =
      form !== undefined &&
      hasCaptcha(form.definition) &&
      activeCaptcha(await forms.captchaSettings()).provider === 'altcha';
    if (!usesAltcha) {
      return { success: false, data: { message: serverMessages.formNotFound }, status: 404 };
    }
    return { success: true, data: await issueAltchaChallenge(forms.secret) };
  },
};

export const formAjaxActions = [
  submit,
  getToken,
  restrictedEmail,
  checkCouponAction,
  completePayment,
  altchaChallenge,
];
