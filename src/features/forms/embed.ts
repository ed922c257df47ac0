import { type SanitisedHtml, sliceSanitisedHtml } from '../../platform/sanitised-html.ts';

/** A piece of a post body: rendered HTML, or a form embedded with `[form id="N"]`. */
export type BodySegment = { type: 'html'; html: SanitisedHtml } | { type: 'form'; formId: number };

// The shortcode on its own line, as Markdown renders it (quotes may come out encoded).
const embed = /<p>\[form id=(?:"|&quot;|&#34;|&#x22;)(\d{1,9})(?:"|&quot;|&#34;|&#x22;)\]<\/p>/g;

/** Splits rendered post HTML at its form embeds. */
export function splitFormEmbeds(html: SanitisedHtml): BodySegment[] {
  const segments: BodySegment[] = [];
  let last = 0;
  for (const match of html.matchAll(embed)) {
    if (match.index > last) {
      segments.push({ type: 'html', html: sliceSanitisedHtml(html, last, match.index) });
    }
    segments.push({ type: 'form', formId: Number(match[1]) });
    last = match.index + match[0].length;
  }
  if (last < html.length) {
    segments.push({ type: 'html', html: sliceSanitisedHtml(html, last, html.length) });
  }
  return segments;
}

/** The HTML with each form embed replaced (feeds link to the page; search text drops them). */
export const replaceFormEmbeds = (html: string, replacement: string) =>
  html.replace(embed, replacement);

/** What the owner writes on a line of its own to embed a form. */
export const embedCode = (formId: number) => `[form id="${formId}"]`;
