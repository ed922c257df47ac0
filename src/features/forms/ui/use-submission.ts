import { type FormEvent, type RefObject, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../field-rules.ts';
import type { FormPage } from '../form-pages.ts';
import { formMessages } from '../messages.ts';
import type { FormPostState, PublicForm, SubmitReplyData } from '../public-form.ts';
import { newSubmissionId, nowSeconds, submitEntry } from './form-client.ts';
import {
  type GeneralErrors,
  pageOfServerErrors,
  type ReportedGeneralErrors,
} from './shown-errors.ts';
import type { useCardPayment } from './use-card-payment.ts';
import type { useFieldChecks } from './use-field-checks.ts';
import type { useFormToken } from './use-form-token.ts';
import type { usePageNavigation } from './use-page-navigation.ts';
import type { useScrollAfterRender } from './use-scroll-after-render.ts';

/** Seed §9: how far below the top of the window general errors are scrolled to. */
const generalErrorOffset = 100;

/**
 * Sending the form: by AJAX or as a normal POST of the page, with the signed start of the
 * fill time and one submission id for every attempt (decision 0019); then the confirmation,
 * a redirect, or the errors the server reported (seed §4).
 */
export function useSubmission(
  form: PublicForm,
  pages: readonly FormPage[],
  posted: FormPostState | undefined,
  formRef: RefObject<HTMLFormElement | null>,
  formLocked: boolean,
  { token, refreshing, refreshIfStale, replaceToken }: ReturnType<typeof useFormToken>,
  checks: ReturnType<typeof useFieldChecks>,
  { setPage }: ReturnType<typeof usePageNavigation>,
  scroll: ReturnType<typeof useScrollAfterRender>,
  card: ReturnType<typeof useCardPayment>,
) {
  const [submitting, setSubmitting] = useState(false);
  /** How much of a submission with files has been sent, in percent; undefined without one. */
  const [progress, setProgress] = useState<number | undefined>();
  const [confirmation, setConfirmation] = useState(posted?.confirmationHtml);
  const [general, setGeneral] = useState<GeneralErrors>({
    ...(posted?.headerError ? { header: posted.headerError } : {}),
    ...(posted?.captchaError ? { recaptcha: posted.captchaError } : {}),
  });
  const startedAt = useRef<number | undefined>(undefined);
  /** The token held when the visitor began, sent along as the signed start of the fill time. */
  const startToken = useRef<string | undefined>(undefined);
  /** This filling-in of the form, the same for every attempt to send it (decision 0019). */
  const submissionId = useRef<string | undefined>(undefined);

  useEffect(() => {
    // A page restored from the back-forward cache gets its submit button back.
    const restore = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);

  /** The visitor begins: the start of the fill time, and a fresh token if this one is old. */
  const onFocus = () => {
    startedAt.current ??= nowSeconds();
    startToken.current ??= token.token;
    const start = formRef.current?.elements.namedItem('start_timestamp');
    if (start instanceof HTMLInputElement && start.value === '')
      start.value = String(startedAt.current);
    if (!refreshing) void refreshIfStale();
  };

  /**
   * Seed §4 and §8: general errors go to the header, to the footer (before the submit area,
   * or on page 1 of a paged form) and to the captcha's container; the form goes to the first
   * page with an error and scrolls to the first error container.
   */
  const showServerErrors = (fieldErrors: FieldErrors, generalErrors: GeneralErrors) => {
    setGeneral(generalErrors);
    checks.showServerErrors(fieldErrors);
    const errorPage = pageOfServerErrors(pages, fieldErrors, generalErrors);
    if (errorPage !== undefined) setPage(errorPage);
    if (Object.values(generalErrors).some(Boolean)) {
      scroll.scrollToFirstError(generalErrorOffset, '.qforms-error-container:not(:empty)');
    } else scroll.scrollToFirstError();
  };

  /** What every attempt sends besides the fields: times, start token, submission id. */
  const signedStamps = () => {
    submissionId.current ??= newSubmissionId();
    return {
      start_timestamp: String(startedAt.current ?? nowSeconds()),
      end_timestamp: String(nowSeconds()),
      'qforms[start_token]': startToken.current ?? token.token,
      'qforms[submission_id]': submissionId.current,
    };
  };

  const sendAjax = async (element: HTMLFormElement) => {
    const prepared = await card.prepareCard();
    if (!prepared.ok) {
      setSubmitting(false);
      showServerErrors(prepared.errors, {});
      return;
    }
    // The action and the form's id go first: the server knows what the files may be before
    // they arrive (decision 0038).
    const body = new FormData();
    body.append('action', 'qforms_submit');
    for (const [name, value] of new FormData(element)) body.append(name, value);
    for (const [name, value] of Object.entries({ ...signedStamps(), ...prepared.fields })) {
      body.set(name, value);
    }
    const withFiles = [...body.values()].some(
      (value) => typeof value !== 'string' && value.size > 0,
    );
    let answer: Awaited<ReturnType<typeof submitEntry>>;
    try {
      if (withFiles) {
        // Files are sent with XMLHttpRequest, whose upload reports its progress.
        const { submitWithProgress } = await import('./fields/upload-request.ts');
        setProgress(0);
        answer = await submitWithProgress(body, setProgress).finally(() => setProgress(undefined));
      } else answer = await submitEntry(body);
      const required = answer.success && (answer.data as SubmitReplyData | null)?.action_required;
      if (required) {
        // Seed §4: an event for an external handler; the card's provider is the one here.
        element.dispatchEvent(
          new CustomEvent('qformsAjaxSubmitActionRequired', { detail: answer.data }),
        );
        answer = (await card.completeAction(answer.data as never)) ?? answer;
      }
    } catch (error) {
      console.error(formMessages.networkError, error);
      element.dispatchEvent(new CustomEvent('qformsAjaxSubmitFailed', { detail: { error } }));
      // The server may have spent the captcha's answer before the answer was lost.
      element.dispatchEvent(new CustomEvent('qformsCaptchaReset'));
      setSubmitting(false);
      return;
    }
    const data = (answer.data ?? {}) as SubmitReplyData;
    if (answer.success) {
      if (data.action_required) {
        setSubmitting(false);
      } else if (typeof data.redirect_url === 'string') {
        if (data.new_tab) {
          window.open(data.redirect_url, '_blank', 'noopener');
          window.location.reload();
        } else window.location.assign(data.redirect_url);
      } else if (typeof data.confirmation === 'string') {
        setConfirmation(data.confirmation);
        scroll.scrollAfterRender('.qforms-confirmation-container');
      }
      return;
    }
    if (typeof data.token === 'string' && typeof data.token_time === 'number') {
      replaceToken({ token: data.token, time: data.token_time });
    }
    setSubmitting(false);
    // Seed §4: whatever failed, the captcha is reset (its answer counts once).
    element.dispatchEvent(new CustomEvent('qformsCaptchaReset'));
    const reported = (data.errors ?? {}) as {
      general?: ReportedGeneralErrors;
      field?: FieldErrors;
    };
    const general = reported.general ?? {};
    const generalErrors: GeneralErrors =
      general.header_styled || general.footer_styled
        ? (await import('./styled-errors.ts')).withStyledErrorsSanitised(general)
        : (general as GeneralErrors);
    const fieldErrors = reported.field ?? {};
    if (Object.keys(generalErrors).length === 0 && Object.keys(fieldErrors).length === 0) {
      console.error('The form submission failed without errors to show', answer);
      return;
    }
    showServerErrors(fieldErrors, generalErrors);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    if (submitting || refreshing || formLocked) return;
    setGeneral({});
    if (!(await checks.checkPages(pages.map((p) => p.number)))) {
      const errorPage = checks.firstErrorPage();
      if (errorPage !== undefined) setPage(errorPage);
      return scroll.scrollToFirstError();
    }
    const before = new CustomEvent('qformsBeforeSubmit', { cancelable: true });
    if (!element.dispatchEvent(before)) return;
    setSubmitting(true);
    const fresh = await refreshIfStale();
    const tokenInput = element.elements.namedItem('qforms[token]');
    if (fresh && tokenInput instanceof HTMLInputElement) tokenInput.value = fresh.token;
    if (form.definition.settings.ajax) return sendAjax(element);
    // A normal submission posts the page itself, timestamps added as hidden inputs (seed §7).
    // They are written here: every render puts a hidden input back to its defaultValue, so
    // the start written on first focus is gone by now (and the server would call it spam).
    for (const [name, value] of Object.entries(signedStamps())) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    }
    element.submit();
  };

  return { submitting, progress, confirmation, general, onFocus, onSubmit };
}
