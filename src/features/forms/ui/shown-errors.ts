/** Which field errors the form shows, as the visitor works through it. */
import type { SanitisedHtml } from '../../../platform/sanitised-html.ts';
import { type FieldErrors, fieldIdOfErrorKey } from '../field-rules.ts';
import { type FormPage, pageOfField } from '../form-pages.ts';

/** General errors of a submission result (seed §3), as a reply carries them. */
export type ReportedGeneralErrors = {
  header?: string;
  /** HTML, shown as such once sanitised. */
  header_styled?: string;
  footer?: string;
  footer_styled?: string;
  recaptcha?: string;
};

/** General errors as shown, each in its own container: the styled ones sanitised HTML. */
export type GeneralErrors = Omit<ReportedGeneralErrors, 'header_styled' | 'footer_styled'> & {
  header_styled?: SanitisedHtml | undefined;
  footer_styled?: SanitisedHtml | undefined;
};

export const withoutField = (errors: FieldErrors, id: number) =>
  Object.fromEntries(Object.entries(errors).filter(([key]) => fieldIdOfErrorKey(key) !== id));

/** The first page with an error, or undefined when there is none. */
export const firstErrorPage = (pages: readonly FormPage[], errors: FieldErrors) => {
  const ids = Object.keys(errors).map(fieldIdOfErrorKey);
  return ids.length === 0 ? undefined : Math.min(...ids.map((id) => pageOfField(pages, id)));
};

/**
 * The errors after one field was checked again: the inputs the visitor has touched show what
 * the check found now; the field's other inputs keep what they showed (an error the server
 * reported stays until its input is touched).
 */
export function errorsAfterCheck(
  current: FieldErrors,
  fieldId: number,
  found: FieldErrors,
  touched: ReadonlySet<string>,
): FieldErrors {
  const next = Object.fromEntries(
    Object.entries(current).filter(
      ([key]) => fieldIdOfErrorKey(key) !== fieldId || !touched.has(key),
    ),
  );
  for (const [key, message] of Object.entries(found)) {
    if (touched.has(key)) next[key] = message;
  }
  return next;
}

/**
 * The page a refused submission goes to (seed §4 and §8): the first with a field error,
 * page 1 for footer errors (a paged form shows them there), the last page for a captcha
 * error; none for header errors alone.
 */
export function pageOfServerErrors(
  pages: readonly FormPage[],
  field: FieldErrors,
  general: ReportedGeneralErrors,
): number | undefined {
  const errorPages = [
    firstErrorPage(pages, field),
    general.footer || general.footer_styled ? 1 : undefined,
    general.recaptcha ? pages.length : undefined,
  ].filter((n) => n !== undefined);
  return errorPages.length > 0 ? Math.min(...errorPages) : undefined;
}
