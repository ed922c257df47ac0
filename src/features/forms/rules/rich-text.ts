const entities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  nbsp: ' ',
};

/**
 * The text a rich-text answer shows, for the required and limit rules: the tags dropped, block
 * ends as line breaks, the common entities read. The markup itself is sanitised on the server
 * with the posts' policy before it is stored.
 */
export function textOfHtml(html: string): string {
  return html
    .replace(/<(?:br|\/p|\/li|\/div|\/h\d)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name] ?? '')
    .trim();
}
