import { sanitiseInBrowser } from '../../../platform/sanitise-in-browser.ts';
import type { GeneralErrors, ReportedGeneralErrors } from './shown-errors.ts';

/**
 * A reply's general errors as shown: the styled ones (HTML, seed §3) sanitised, in the browser
 * too (decision 0047). Loaded, with DOMPurify, only when a reply has them.
 */
export function withStyledErrorsSanitised({
  header_styled,
  footer_styled,
  ...plain
}: ReportedGeneralErrors): GeneralErrors {
  const clean = (html?: string) => (html ? sanitiseInBrowser(html) : undefined);
  return { ...plain, header_styled: clean(header_styled), footer_styled: clean(footer_styled) };
}
