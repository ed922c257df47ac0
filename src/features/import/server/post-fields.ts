import { slugify } from '../../../platform/slugify.ts';
import { isReservedSlug, isValidSlug } from '../../content/slug.ts';

/**
 * The fields of an old post that read the same from WordPress and Ghost (decisions 0063, 0065):
 * its slug as Quire can use it, and titles and excerpts as plain text.
 */

/**
 * The old slug when Quire can use it (WordPress keeps non-ASCII slugs percent-encoded), the
 * title's otherwise; undefined lets Quire make one from the title.
 */
export function slugFor(slug: string, title: string): string | undefined {
  let decoded = slug;
  try {
    decoded = decodeURIComponent(slug);
  } catch {
    // Kept as written.
  }
  for (const candidate of [decoded, slugify(decoded), slugify(title)]) {
    if (isValidSlug(candidate) && !isReservedSlug(candidate)) return candidate;
  }
  return undefined;
}

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/**
 * A title, term name or excerpt as plain text: WordPress stores them with entities (`Boats &amp;
 * Ferries`) and allows tags in excerpts; Quire escapes text itself.
 */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#')) {
        const code =
          name[1] === 'x' || name[1] === 'X'
            ? Number.parseInt(name.slice(2), 16)
            : Number(name.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
      }
      return namedEntities[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The excerpt as text (WordPress allows HTML in it), within Quire's 600 characters. */
export function excerptOf(excerpt: string): string {
  const text = plainText(excerpt);
  return text.length <= 600 ? text : `${text.slice(0, 599).replace(/\s+\S*$/, '')}…`;
}
