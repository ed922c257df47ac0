declare const sanitised: unique symbol;

/**
 * HTML that the sanitiser made (`renderMarkdown` and its siblings in
 * src/platform/markdown.ts; in the browser, `sanitiseInBrowser` for HTML that arrives as
 * data): the only markup a page or an island injects as HTML, through `htmlOf`. Nothing else
 * makes one; sanitised-html.test.ts fails on any other `as SanitisedHtml` and on any
 * injection that does not go through `htmlOf`.
 */
export type SanitisedHtml = string & { readonly [sanitised]: true };

/** The markup to inject (`dangerouslySetInnerHTML`, Astro's `set:html`): sanitised only. */
export function htmlOf(html: SanitisedHtml): string {
  return html;
}

/**
 * A piece of sanitised HTML cut between two of its tags (a post body at its form embeds): every
 * tag and attribute in it passed the sanitiser, so it is sanitised too. A cut anywhere else
 * could split a tag or an attribute, and throws.
 */
export function sliceSanitisedHtml(html: SanitisedHtml, start: number, end: number): SanitisedHtml {
  const startsAtTag = start === 0 || html[start - 1] === '>';
  const endsAtTag = end === html.length || html[end] === '<';
  if (!startsAtTag || !endsAtTag || start > end) {
    throw new Error(`Sanitised HTML may only be cut between tags (at ${start} and ${end})`);
  }
  return html.slice(start, end) as SanitisedHtml;
}
