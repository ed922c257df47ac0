import DOMPurify from 'dompurify';
import type { SanitisedHtml } from './sanitised-html.ts';

/** What a styled message may keep: emphasis, links, line breaks, short lists. */
const styledMessage = {
  ALLOWED_TAGS: [
    'a',
    'b',
    'br',
    'code',
    'em',
    'i',
    'li',
    'ol',
    'p',
    'small',
    'span',
    'strong',
    'u',
    'ul',
  ],
  ALLOWED_ATTR: ['href', 'title'],
};

/**
 * HTML that reaches the browser as data (a submission's styled errors, seed §3), made safe to
 * show with DOMPurify, the browser's counterpart of the server's sanitiser: a reply is shown
 * as the page's own markup, so it is never trusted as it comes. Loaded only when such HTML
 * arrives (decision 0047).
 */
export function sanitiseInBrowser(html: string): SanitisedHtml {
  return DOMPurify.sanitize(html, styledMessage) as SanitisedHtml;
}
