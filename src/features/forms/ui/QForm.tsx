import {
  type FocusEvent,
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { renderedByReact } from '../../../platform/astro-react.ts';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import { describeConditions } from '../conditions.ts';
import type { FieldErrors } from '../field-rules.ts';
import { type FormPage, formPages, nextShownPage } from '../form-pages.ts';
import { formMessages } from '../messages.ts';
import type { FormIslandProps, SubmitReplyData } from '../public-form.ts';
import { FieldView } from './FieldView.tsx';
import { newSubmissionId, nowSeconds, postAjax } from './form-client.ts';
import { PageIndicator } from './PageIndicator.tsx';
import { firstErrorPage, type GeneralErrors, pageOfServerErrors } from './shown-errors.ts';
import { onNumberKey, useFieldChecks } from './use-field-checks.ts';
import { useFormToken } from './use-form-token.ts';
import { useReadOnlyLocks } from './use-read-only-locks.ts';
import { fieldErrorOffset, useScrollAfterRender } from './use-scroll-after-render.ts';

/** Seed §9: how far below the top of the window general errors are scrolled to. */
const generalErrorOffset = 100;

/**
 * A form embedded in a page (the qforms island): pages, validation as the visitor types,
 * AJAX or normal submission, token refresh, and the outcomes of seed §4. The server renders
 * the same component, so the form works before and without JavaScript.
 */
export default function QForm({
  form,
  instance,
  token,
  tokenTime,
  pageUrl,
  posted,
}: FormIslandProps) {
  const { definition } = form;
  const { settings } = definition;
  const pages = useMemo(() => formPages(definition), [definition]);
  const lastPage = pages.length;
  const idPrefix = `qforms-${form.id}-${instance}`;

  const [general, setGeneral] = useState<GeneralErrors>(
    posted?.headerError ? { header: posted.headerError } : {},
  );
  const [page, setPage] = useState(() => firstErrorPage(pages, posted?.fieldErrors ?? {}) ?? 1);
  const [submitting, setSubmitting] = useState(false);
  const [confirmation, setConfirmation] = useState(posted?.confirmationHtml);
  const [hydrated, setHydrated] = useState(false);

  const formRef = useRef<HTMLFormElement>(null);
  const startedAt = useRef<number | undefined>(undefined);
  /** The token held when the visitor began, sent along as the signed start of the fill time. */
  const startToken = useRef<string | undefined>(undefined);
  /** This filling-in of the form, the same for every attempt to send it (decision 0019). */
  const submissionId = useRef<string | undefined>(undefined);

  useEffect(() => {
    setHydrated(true);
    // A page restored from the back-forward cache gets its submit button back.
    const restore = (event: PageTransitionEvent) => {
      if (event.persisted) setSubmitting(false);
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);
  const { formLocked, isLocked } = useReadOnlyLocks(formRef, settings.readOnly, definition.fields);
  const { scrollAfterRender, scrollToFirstError } = useScrollAfterRender(idPrefix);
  const {
    token: currentToken,
    refreshing,
    refreshIfStale,
    replaceToken,
  } = useFormToken(form.id, { token, time: tokenTime });
  const checks = useFieldChecks(form, pages, posted, idPrefix);
  const { values, visible, errors, suggestions } = checks;

  const showPage = (number: number) => {
    setPage(number);
    scrollAfterRender('.qforms-page--current');
  };

  const goNext = async () => {
    if (!(await checks.checkPages([page]))) return scrollToFirstError();
    showPage(nextShownPage(pages, page, 1, checks.visibleNow()));
  };

  const goPrevious = () => showPage(nextShownPage(pages, page, -1, checks.visibleNow()));

  const onFocus = (_event: FocusEvent<HTMLFormElement>) => {
    startedAt.current ??= nowSeconds();
    startToken.current ??= currentToken.token;
    const start = formRef.current?.elements.namedItem('start_timestamp');
    if (start instanceof HTMLInputElement && start.value === '')
      start.value = String(startedAt.current);
    if (!refreshing) void refreshIfStale();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || !(target instanceof HTMLInputElement)) return;
    if (['submit', 'button', 'checkbox', 'radio'].includes(target.type)) return;
    event.preventDefault();
    if (nextShownPage(pages, page, 1, visible) !== page) void goNext();
    else formRef.current?.requestSubmit();
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
    const generalShown = Object.values(generalErrors).some(Boolean);
    scrollToFirstError(
      generalShown ? generalErrorOffset : fieldErrorOffset,
      generalShown ? '.qforms-error-container:not(:empty)' : '.qforms-has-error',
    );
  };

  /** What every attempt sends besides the fields: times, start token, submission id. */
  const signedStamps = () => {
    submissionId.current ??= newSubmissionId();
    return {
      start_timestamp: String(startedAt.current ?? nowSeconds()),
      end_timestamp: String(nowSeconds()),
      'qforms[start_token]': startToken.current ?? currentToken.token,
      'qforms[submission_id]': submissionId.current,
    };
  };

  const sendAjax = async (element: HTMLFormElement) => {
    const body = new FormData(element);
    body.set('action', 'qforms_submit');
    for (const [name, value] of Object.entries(signedStamps())) body.set(name, value);
    let answer: Awaited<ReturnType<typeof postAjax>>;
    try {
      answer = await postAjax(body);
    } catch (error) {
      console.error(formMessages.networkError, error);
      element.dispatchEvent(new CustomEvent('qformsAjaxSubmitFailed', { detail: { error } }));
      setSubmitting(false);
      return;
    }
    const data = (answer.data ?? {}) as SubmitReplyData;
    if (answer.success) {
      if (data.action_required) {
        element.dispatchEvent(new CustomEvent('qformsAjaxSubmitActionRequired', { detail: data }));
        setSubmitting(false);
      } else if (typeof data.redirect_url === 'string') {
        if (data.new_tab) {
          window.open(data.redirect_url, '_blank', 'noopener');
          window.location.reload();
        } else window.location.assign(data.redirect_url);
      } else if (typeof data.confirmation === 'string') {
        setConfirmation(data.confirmation);
        scrollAfterRender('.qforms-confirmation-container');
      }
      return;
    }
    if (typeof data.token === 'string' && typeof data.token_time === 'number') {
      replaceToken({ token: data.token, time: data.token_time });
    }
    setSubmitting(false);
    const reported = (data.errors ?? {}) as { general?: GeneralErrors; field?: FieldErrors };
    const generalErrors = reported.general ?? {};
    const fieldErrors = reported.field ?? {};
    if (Object.keys(generalErrors).length === 0 && Object.keys(fieldErrors).length === 0) {
      console.error('The form submission failed without errors to show', answer);
      return;
    }
    element.dispatchEvent(new CustomEvent('qformsCaptchaReset'));
    showServerErrors(fieldErrors, generalErrors);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const element = event.currentTarget;
    if (submitting || refreshing || formLocked) return;
    setGeneral({});
    const allPages = pages.map((p) => p.number);
    if (!(await checks.checkPages(allPages))) {
      const errorPage = checks.firstErrorPage();
      if (errorPage !== undefined) setPage(errorPage);
      return scrollToFirstError();
    }
    const before = new CustomEvent('qformsBeforeSubmit', { cancelable: true });
    if (!element.dispatchEvent(before)) return;
    setSubmitting(true);
    const fresh = await refreshIfStale();
    const tokenInput = element.elements.namedItem('qforms[token]');
    if (fresh && tokenInput instanceof HTMLInputElement) tokenInput.value = fresh.token;
    if (settings.ajax) return sendAjax(element);
    // A normal submission posts the page itself, timestamps added as hidden inputs (seed §7).
    // They are written here: every render puts a hidden input back to its defaultValue, so
    // the start written on first focus is gone by now (and the server would call it spam).
    for (const [name, value] of Object.entries(signedStamps())) {
      const input = element.elements.namedItem(name);
      if (input instanceof HTMLInputElement) input.value = value;
    }
    element.submit();
  };

  if (confirmation !== undefined) {
    return (
      <div className="qforms-container qforms-container--done" id={idPrefix}>
        <div
          className="qforms-confirmation-container"
          role="status"
          tabIndex={-1}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SanitisedHtml, made by the server's sanitiser
          dangerouslySetInnerHTML={{ __html: htmlOf(confirmation) }}
        />
      </div>
    );
  }

  const paged = pages.length > 1;
  const footerErrors = (
    <GeneralErrorContainer place="footer" messages={[general.footer, general.footer_styled]} />
  );
  return (
    <div className={`qforms-container ${settings.cssClass}`.trim()} id={idPrefix}>
      <form
        ref={formRef}
        id={`qforms-form-${form.id}-${instance}`}
        className={`qforms-form${hydrated ? ' qforms-ready' : ''}`}
        data-formid={form.id}
        data-token={currentToken.token}
        data-token-time={currentToken.time}
        data-ajax={settings.ajax ? 'true' : 'false'}
        method="post"
        action={`${pageUrl}#${idPrefix}`}
        encType="multipart/form-data"
        noValidate={hydrated}
        aria-label={definition.title}
        aria-busy={submitting || undefined}
        style={submitting ? { opacity: 0.6 } : undefined}
        onSubmit={onSubmit}
        onFocus={onFocus}
        onKeyDown={onKeyDown}
      >
        {definition.description && <p className="qforms-description">{definition.description}</p>}
        <GeneralErrorContainer place="header" messages={[general.header, general.header_styled]} />
        <PageIndicator style={settings.pageIndicator} pages={pages} current={page} />
        {pages.map((p) => (
          <div
            key={p.number}
            className={`qforms-page qforms-page-${p.number}${p.number === lastPage ? ' last' : ''}${p.number === page ? ' qforms-page--current' : ''}`}
            data-page={p.number}
            tabIndex={-1}
          >
            {p.number > 1 && p.title && <h3 className="qforms-page-title">{p.title}</h3>}
            {p.fields.map((field) => {
              const shown = visible.has(field.id);
              // Until the island runs, fields that conditions hide are in the page too, for
              // visitors without JavaScript (CSS hides them when scripts run).
              const view = (
                <FieldView
                  key={field.id}
                  field={field}
                  idPrefix={idPrefix}
                  value={values[field.id]}
                  errors={errors}
                  readOnly={isLocked(field)}
                  suggestion={suggestions[field.id]}
                  onChange={checks.onChange}
                  onBlur={checks.onBlur}
                  onAcceptSuggestion={checks.onAcceptSuggestion}
                  onNumberKey={onNumberKey}
                  nativeRequired={field.required && !field.conditions}
                  markup={form.blocks[field.id]}
                />
              );
              const conditions = field.conditions;
              if (!conditions || hydrated) return shown ? view : null;
              // Before the island runs (and without JavaScript) every field that conditions
              // show or hide is on the page, with its condition in words.
              return (
                <div
                  key={field.id}
                  className={
                    shown ? 'qforms-conditional' : 'qforms-conditional qforms-conditional-hidden'
                  }
                >
                  <p className="qforms-condition-hint">
                    {describeConditions(definition, conditions)}
                  </p>
                  {view}
                </div>
              );
            })}
            {p.number === 1 && form.honeypot && (
              <div className="qforms-field qforms-field-hp" aria-hidden="true">
                <label htmlFor={`${idPrefix}-field_${form.honeypot.id}`}>
                  {form.honeypot.label}
                </label>
                <input
                  type="text"
                  id={`${idPrefix}-field_${form.honeypot.id}`}
                  name={`qforms[fields][${form.honeypot.id}]`}
                  tabIndex={-1}
                  autoComplete="off"
                  defaultValue=""
                />
              </div>
            )}
            {paged && p.number === 1 && footerErrors}
            {p.number < lastPage ? (
              <div className="qforms-page-buttons">
                {p.number > 1 && <PreviousButton page={p} onClick={goPrevious} />}
                <button
                  type="button"
                  className="qforms-page-button qforms-page-next"
                  onClick={() => void goNext()}
                >
                  {p.endsWith?.nextText || formMessages.next}
                </button>
              </div>
            ) : (
              <div className="qforms-submit-container">
                {!paged && footerErrors}
                <div className="qforms-recaptcha-container">
                  <GeneralErrorContainer place="recaptcha" messages={[general.recaptcha]} />
                </div>
                {p.number > 1 && <PreviousButton page={p} onClick={goPrevious} />}
                <input type="hidden" name="qforms[id]" value={form.id} readOnly />
                <input type="hidden" name="qforms[instance]" value={instance} readOnly />
                <input type="hidden" name="qforms[token]" value={currentToken.token} readOnly />
                <input type="hidden" name="page_url" value={pageUrl} readOnly />
                <input type="hidden" name="start_timestamp" defaultValue="" />
                <input type="hidden" name="end_timestamp" defaultValue="" />
                <input type="hidden" name="qforms[start_token]" defaultValue="" />
                <input type="hidden" name="qforms[submission_id]" defaultValue="" />
                <button
                  type="submit"
                  className="qforms-submit"
                  data-alt-text={settings.submittingText}
                  disabled={submitting || refreshing || formLocked}
                >
                  {submitting ? settings.submittingText : settings.submitText}
                </button>
              </div>
            )}
          </div>
        ))}
      </form>
    </div>
  );
}

/** A container of general errors (seed §8); the same text twice is shown once. */
function GeneralErrorContainer({
  place,
  messages,
}: {
  place: 'header' | 'footer' | 'recaptcha';
  messages: Array<string | undefined>;
}) {
  const shown = [...new Set(messages.filter((m) => typeof m === 'string' && m !== ''))];
  return (
    <div className={`qforms-error-container qforms-error-${place}`} role="alert">
      {shown.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

function PreviousButton({ page, onClick }: { page: FormPage; onClick: () => void }) {
  return (
    <button type="button" className="qforms-page-button qforms-page-prev" onClick={onClick}>
      {page.startsWith?.prevText || formMessages.previous}
    </button>
  );
}

renderedByReact(QForm);
