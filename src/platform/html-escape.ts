const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/**
 * Plain text as HTML or XML: element content or a quoted attribute value. The one escaper of
 * the code base; React and Astro escape what they render, this is for markup written by hand
 * (mails, feeds, SVG).
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] as string);
}
