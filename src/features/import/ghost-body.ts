import type { GhostRenderContext } from './ghost-cards.ts';
import type { GhostPost } from './ghost-export.ts';
import { type GhostBody, lexicalToMarkdown } from './ghost-lexical.ts';
import { htmlToMarkdown } from './ghost-markdown.ts';
import { mobiledocToMarkdown } from './ghost-mobiledoc.ts';
import { originalGhostImageUrl, resolveGhostUrl } from './ghost-urls.ts';
import { ghostMessages as m } from './messages.ts';

/**
 * A Ghost post's body → Markdown, whichever format Ghost stored it in (Lexical, then
 * Mobiledoc, then the HTML Ghost rendered), with its images pointed at the imported copies;
 * and the list of images a post uses, so the import can fetch them first.
 */

export type GhostBodyLookups = {
  /** The old site's address, which `__GHOST_URL__` stands for ('' when unknown). */
  siteUrl: string;
  /** An image's address (absolute, a sized copy already its original) → its new address. */
  image: (originalUrl: string) => string | undefined;
};

/** Where an image address in the export points: absolute, and the original of a sized copy. */
export function ghostImageAddress(url: string, siteUrl: string): string {
  return originalGhostImageUrl(resolveGhostUrl(url.trim(), siteUrl));
}

function contextOf(lookups: GhostBodyLookups): Omit<GhostRenderContext, 'note' | 'unknown'> {
  const image = (url: string) => {
    const original = ghostImageAddress(url, lookups.siteUrl);
    return lookups.image(original) ?? original;
  };
  const rewrite = (text: string, kind: 'html' | 'markdown') => {
    if (kind === 'markdown') {
      return resolveGhostUrl(text, lookups.siteUrl).replace(
        /(!\[[^\]]*\]\()(<[^>]*>|[^)\s]+)/g,
        (_all, before: string, url: string) => `${before}${image(url.replace(/^<|>$/g, ''))}`,
      );
    }
    return resolveGhostUrl(text, lookups.siteUrl)
      .replace(/\s(?:srcset|sizes)\s*=\s*(?:"[^"]*"|'[^']*')/gi, '')
      .replace(
        /(<img\b[^>]*?\ssrc\s*=\s*)(["'])([^"']*)\2/gi,
        (_all, before: string, quote: string, url: string) =>
          `${before}${quote}${image(url).replace(/["'<>]/g, encodeURIComponent)}${quote}`,
      );
  };
  return { link: (url) => resolveGhostUrl(url, lookups.siteUrl), image, rewrite };
}

export function ghostPostBody(post: GhostPost, lookups: GhostBodyLookups): GhostBody {
  const base = contextOf(lookups);
  const notes: string[] = [];
  const { lexical, mobiledoc, html } = post.body;
  const attempts: [string, unknown, typeof lexicalToMarkdown][] = [
    ['Lexical', lexical, lexicalToMarkdown],
    ['Mobiledoc', mobiledoc, mobiledocToMarkdown],
  ];
  for (const [format, source, convert] of attempts) {
    if (typeof source !== 'string' && (typeof source !== 'object' || source === null)) continue;
    try {
      const body = convert(source as string, base);
      return { ...body, notes: [...notes, ...body.notes] };
    } catch {
      // A damaged or unexpected body: the next copy Ghost keeps of the same post is used.
      notes.push(m.bodyUnreadable(format));
    }
  }
  if (html) {
    return { markdown: htmlToMarkdown(base.rewrite(html, 'html')), unknownCards: [], notes };
  }
  return { markdown: '', unknownCards: [], notes: [...notes, m.bodyMissing] };
}

/** Every image a post shows (its feature image first), as addresses of the originals. */
export function ghostPostImages(post: GhostPost, siteUrl: string): string[] {
  const found = new Set<string>();
  if (post.featureImage) found.add(ghostImageAddress(post.featureImage.src, siteUrl));
  ghostPostBody(post, {
    siteUrl,
    image: (url) => {
      found.add(url);
      return undefined;
    },
  });
  return [...found];
}
