import TurndownService from 'turndown';

/**
 * Small Markdown writers the Ghost body conversion shares: escaping text so it stays text,
 * code fences, and the HTML that Ghost keeps inside cards (captions, callouts, toggles) as
 * Markdown.
 */

/** Text as Markdown shows it literally. An `_` inside a word needs no escape. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/[\\`*[\]<~]/g, '\\$&')
    .replace(/(^|[^\p{L}\p{N}])_|_(?=[^\p{L}\p{N}]|$)/gu, (all) => all.replace('_', '\\_'))
    .replace(/&(?=#?[a-z0-9]+;)/gi, '\\&');
}

/** A line that would start a heading, quote, list or rule is made plain text. */
export function escapeLineStarts(markdown: string): string {
  return markdown
    .split('\n')
    .map((line) =>
      line
        .replace(/^(\s*)(\d{1,9})([.)])(?=\s|$)/, '$1$2\\$3')
        .replace(/^(\s*)(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|={3,}\s*$)/, '$1\\$2'),
    )
    .join('\n');
}

/** A fenced code block whose fence is longer than any run of backticks in the code. */
export function fencedCode(code: string, language: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  const info = /^[\w+#.-]{1,40}$/.test(language) ? language : '';
  return `${fence}${info}\n${code.replace(/\n+$/, '')}\n${fence}`;
}

/** Inline code: as many backticks around it as it needs. */
export function inlineCode(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = code.startsWith('`') || code.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${code}${pad}${ticks}`;
}

/** A link target Markdown can hold: `<…>` when it has spaces or brackets. */
export function linkTarget(url: string): string {
  return /[\s()<>]/.test(url) ? `<${url.replace(/[<>]/g, encodeURIComponent)}>` : url;
}

let service: TurndownService | undefined;

/** HTML that Ghost stores in a card field (a caption, a callout) → Markdown. */
export function htmlToMarkdown(html: string): string {
  if (!/[<&]/.test(html)) return escapeLineStarts(escapeMarkdown(html.trim()));
  service ??= new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '*',
    hr: '---',
  });
  return service.turndown(html).trim();
}
