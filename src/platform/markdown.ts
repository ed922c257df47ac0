import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './html-escape.ts';
import type { SanitisedHtml } from './sanitised-html.ts';
import { slugify } from './slugify.ts';

const marked = new Marked({ gfm: true, breaks: false });

/**
 * The attributes an image should carry instead of its own (a stored image's sizes and srcset),
 * or undefined to keep them, from its address and its alternative text. Lets a feature fit
 * images it knows without the sanitiser knowing it.
 */
export type ImageAttributes = (src: string, alt: string) => Record<string, string> | undefined;

const keepImages: ImageAttributes = () => undefined;

/**
 * Markdown written by the site owner, rendered to HTML that is safe to put on a page: no
 * scripts, no event handlers, no `javascript:` or `data:` links, no frames or forms.
 */
export function renderMarkdown(
  markdown: string,
  imageAttributes: ImageAttributes = keepImages,
): SanitisedHtml {
  return sanitise(marked.parse(markdown, { async: false }), imageAttributes);
}

/**
 * HTML read back from the database (a post's body, a form's blocks), sanitised again on its way
 * to a page: it was rendered by `renderMarkdown` when saved, and passing the same sanitiser
 * again changes nothing, but what a page injects is only ever what the sanitiser just made.
 */
export function sanitiseStoredHtml(html: string): SanitisedHtml {
  return sanitise(html, keepImages);
}

/**
 * Plain text as HTML, with the parts between `markStart` and `markEnd` in `<mark>` (search
 * snippets). The text is escaped first, so only the marks are markup.
 */
export function markedText(text: string, markStart: string, markEnd: string): SanitisedHtml {
  const marked = escapeHtml(text).replaceAll(markStart, '<mark>').replaceAll(markEnd, '</mark>');
  return sanitizeHtml(marked, { allowedTags: ['mark'], allowedAttributes: {} }) as SanitisedHtml;
}

/** The sanitiser: the one place that makes `SanitisedHtml` from markup. */
function sanitise(raw: string, imageAttributes: ImageAttributes): SanitisedHtml {
  const usedIds = new Set<string>();
  return sanitizeHtml(raw, {
    allowedTags: [
      'p',
      'br',
      'hr',
      'h2',
      'h3',
      'h4',
      'h5',
      'h6',
      'blockquote',
      'pre',
      'code',
      'em',
      'strong',
      'del',
      's',
      'sup',
      'sub',
      'kbd',
      'mark',
      'ul',
      'ol',
      'li',
      'a',
      'img',
      'figure',
      'figcaption',
      'table',
      'thead',
      'tbody',
      'tr',
      'th',
      'td',
      'dl',
      'dt',
      'dd',
      'abbr',
      'span',
    ],
    allowedAttributes: {
      a: ['href', 'title', 'rel', 'target'],
      img: ['src', 'srcset', 'sizes', 'alt', 'title', 'width', 'height', 'loading', 'decoding'],
      h2: ['id'],
      h3: ['id'],
      h4: ['id'],
      h5: ['id'],
      h6: ['id'],
      th: ['align'],
      td: ['align'],
      ol: ['start'],
      code: ['class'],
      abbr: ['title'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesAppliedToAttributes: ['href', 'src'],
    allowProtocolRelative: false,
    allowedClasses: { code: [/^language-[a-z0-9-]+$/] },
    transformTags: {
      h1: 'h2',
      a: (tagName, attribs) => {
        const external = /^https?:\/\//i.test(attribs.href ?? '');
        return {
          tagName,
          attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
        };
      },
      img: (tagName, attribs) => ({
        tagName,
        attribs: {
          ...attribs,
          ...imageAttributes(attribs.src ?? '', attribs.alt ?? ''),
          loading: 'lazy',
          decoding: 'async',
        },
      }),
    },
    exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
  }).replace(/<(h[2-6])>([\s\S]*?)<\/\1>/g, (_all, tag: string, inner: string) => {
    const base = slugify(inner.replace(/<[^>]+>/g, '').replace(/&[a-z#0-9]+;/gi, ' ')) || 'section';
    let id = base;
    for (let n = 2; usedIds.has(id); n++) id = `${base}-${n}`;
    usedIds.add(id);
    return `<${tag} id="${id}">${inner}</${tag}>`;
  }) as SanitisedHtml;
}

/** The words of rendered HTML, for search and descriptions. */
export function htmlToText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} })
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
