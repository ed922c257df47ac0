import { useEffect, useMemo, useRef, useState } from 'react';
import { hydratesAfter } from '../../../platform/before-hydration.ts';
import { htmlOf, type SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { describeConditions } from '../conditions.ts';
import type { FieldOfType, FormField } from '../form-definition.ts';
import { type FormPage, formPages } from '../form-pages.ts';
import { formMessages } from '../messages.ts';
import type { FormIslandProps } from '../public-form.ts';
import type { FileFacts } from '../rules/files.ts';
import { CaptchaField } from './CaptchaField.tsx';
import { FieldView } from './FieldView.tsx';
import { fieldEnvironment } from './field-environment.ts';
import {
  fieldTypesInPage,
  loadAllWidgetGroups,
  loadedWidgets,
  loadWidgetGroups,
} from './field-widgets.ts';
import { PageIndicator } from './PageIndicator.tsx';
import { useCardPayment } from './use-card-payment.ts';
import { onNumberKey, useFieldChecks } from './use-field-checks.ts';
import { useFormToken } from './use-form-token.ts';
import { usePageNavigation } from './use-page-navigation.ts';
import { useCoupon, usePayment } from './use-payment.ts';
import { useReadOnlyLocks } from './use-read-only-locks.ts';
import { useScrollAfterRender } from './use-scroll-after-render.ts';
import { useSubmission } from './use-submission.ts';

// The views of the field types the page's forms use, before hydrating: the server has them
// all, and the browser renders what the server did. The browser waits in Quire's renderer
// (platform/before-hydration.ts), not here: a top-level await in a browser module costs every
// page requests (decision 0007); the server's await is dropped from the browser build.
if (import.meta.env.SSR) await loadAllWidgetGroups();
else hydratesAfter(QForm, () => loadWidgetGroups(fieldTypesInPage()));

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
  const captchaField = definition.fields.find(
    (f): f is FieldOfType<'captcha'> => f.type === 'captcha',
  );
  const formRef = useRef<HTMLFormElement>(null);

  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const { formLocked, isLocked } = useReadOnlyLocks(formRef, settings.readOnly, definition.fields);
  const scroll = useScrollAfterRender(idPrefix);
  const formToken = useFormToken(form.id, { token, time: tokenTime });
  const coupon = useCoupon(form);
  // The files chosen in each file field: what the file rules and the upload limit check.
  const [chosen, setChosen] = useState<Record<number, readonly FileFacts[]>>({});
  const chosenRef = useRef(chosen);
  const checks = useFieldChecks(form, pages, posted, idPrefix, coupon.check, (current) => ({
    ...fieldEnvironment,
    // A card field takes a card only where the form can charge one (payments/providers.ts).
    cardRules: form.payment?.card === 'stripe' ? fieldEnvironment.cardRules : undefined,
    userInputs: fieldEnvironment.passwordInputs?.(current) ?? [],
    files: chosenRef.current,
  }));
  const order = usePayment(form, checks, coupon.applied, checks.checkNow);
  const navigation = usePageNavigation(pages, posted?.fieldErrors, checks, scroll, formRef);
  const card = useCardPayment(
    form,
    pages,
    navigation.page,
    checks.values,
    checks.visible,
    order?.summary.total ?? 0,
  );
  const payment = order && { ...order, cardUnavailable: card.cardUnavailable };
  const { submitting, progress, confirmation, general, onFocus, onSubmit } = useSubmission(
    form,
    pages,
    posted,
    formRef,
    formLocked,
    formToken,
    checks,
    navigation,
    scroll,
    card,
  );
  const { values, visible, errors, suggestions } = checks;
  const answers = { fields: definition.fields, values, visible };
  const { page, goNext, goPrevious } = navigation;
  const onFiles = (field: FormField, files: readonly FileFacts[]) => {
    chosenRef.current = { ...chosenRef.current, [field.id]: files };
    setChosen(chosenRef.current);
    // A signature keeps its typed part as its value; the others' value is their files' names.
    checks.onChange(
      field,
      field.type === 'signature'
        ? (checks.values[field.id] ?? { typed: '' })
        : files.map((file) => file.name),
    );
  };
  // Seed §4 and §5: every file of the shown fields counts, one over its own limit too.
  const uploadError =
    form.uploadLimitMb === undefined || !loadedWidgets.uploadTotalError
      ? undefined
      : loadedWidgets.uploadTotalError(
          Object.entries(chosen)
            .filter(([id]) => visible.has(Number(id)))
            .flatMap(([, files]) => files.map((file) => file.size)),
          form.uploadLimitMb,
        );
  const currentToken = formToken.token;

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
    <GeneralErrorContainer
      place="footer"
      messages={[general.footer]}
      styled={general.footer_styled}
    />
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
        onKeyDown={navigation.onKeyDown}
      >
        {/* The form's id comes before its files, so the server knows what they may be. */}
        <input type="hidden" name="qforms[id]" value={form.id} readOnly />
        <input type="hidden" name="qforms[instance]" value={instance} readOnly />
        {definition.description && <p className="qforms-description">{definition.description}</p>}
        <GeneralErrorContainer
          place="header"
          messages={[general.header]}
          styled={general.header_styled}
        />
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
                  active={hydrated && p.number === page}
                  suggestion={suggestions[field.id]}
                  onChange={checks.onChange}
                  onBlur={checks.onBlur}
                  onAcceptSuggestion={checks.onAcceptSuggestion}
                  onNumberKey={onNumberKey}
                  nativeRequired={field.required && !field.conditions}
                  markup={form.blocks[field.id]}
                  payment={payment}
                  countries={form.countries}
                  timeZone={form.timeZone}
                  answers={answers}
                  onFiles={onFiles}
                  uploadLimitMb={form.uploadLimitMb}
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
            {p.number === lastPage &&
              payment &&
              loadedWidgets.OrderSummaryTable &&
              !p.fields.some((f) => f.type === 'payment-total') && (
                <loadedWidgets.OrderSummaryTable
                  summary={payment.summary}
                  currency={payment.currency}
                  caption={formMessages.summaryCaption}
                />
              )}
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
                {captchaField && form.captcha && (
                  <CaptchaField
                    field={captchaField}
                    captcha={form.captcha}
                    formId={form.id}
                    idPrefix={idPrefix}
                    active={hydrated && p.number === page}
                  />
                )}
                <div className="qforms-recaptcha-container">
                  <GeneralErrorContainer place="recaptcha" messages={[general.recaptcha]} />
                </div>
                {p.number > 1 && <PreviousButton page={p} onClick={goPrevious} />}
                <input type="hidden" name="qforms[token]" value={currentToken.token} readOnly />
                <input type="hidden" name="page_url" value={pageUrl} readOnly />
                {payment && (
                  <input
                    type="hidden"
                    name="qforms[total]"
                    value={payment.summary.total}
                    readOnly
                  />
                )}
                <input type="hidden" name="start_timestamp" defaultValue="" />
                <input type="hidden" name="end_timestamp" defaultValue="" />
                <input type="hidden" name="qforms[start_token]" defaultValue="" />
                <input type="hidden" name="qforms[submission_id]" defaultValue="" />
                {uploadError && (
                  <p className="qforms-error qforms-upload-limit-error" role="alert">
                    {uploadError}
                  </p>
                )}
                {progress !== undefined && (
                  <progress
                    className="qforms-upload-progress"
                    max={100}
                    value={progress}
                    aria-label={formMessages.uploadProgress}
                  />
                )}
                <button
                  type="submit"
                  className="qforms-submit"
                  data-alt-text={settings.submittingText}
                  disabled={
                    submitting || formToken.refreshing || formLocked || uploadError !== undefined
                  }
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

/**
 * A container of general errors (seed §8): the plain ones as text (the same text twice once),
 * the styled one as its (sanitised) HTML.
 */
function GeneralErrorContainer({
  place,
  messages,
  styled,
}: {
  place: 'header' | 'footer' | 'recaptcha';
  messages: Array<string | undefined>;
  styled?: SanitisedHtml | undefined;
}) {
  const shown = [...new Set(messages.filter((m) => typeof m === 'string' && m !== ''))];
  return (
    <div className={`qforms-error-container qforms-error-${place}`} role="alert">
      {shown.map((message) => (
        <p key={message}>{message}</p>
      ))}
      {styled && (
        <div
          className="qforms-error-styled"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: SanitisedHtml, sanitised in the browser (sanitise-in-browser.ts)
          dangerouslySetInnerHTML={{ __html: htmlOf(styled) }}
        />
      )}
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
