import { escapeMarkdown, fencedCode, htmlToMarkdown, linkTarget } from './ghost-markdown.ts';
import { ghostMessages as m } from './messages.ts';

/**
 * Ghost's cards (Koenig: the same names and fields in Lexical and, renamed, in Mobiledoc) →
 * Markdown blocks. What a visitor reads is kept; what only Ghost can do (paywall, sign-up,
 * newsletter-only parts) is left out and noted. Decision 0065 has the table.
 */

/** A node of Ghost's body: Lexical's JSON, or a Mobiledoc section brought to that shape. */
export type GhostNode = { [key: string]: unknown };

export type GhostRenderContext = {
  /** An address as the old site meant it (`__GHOST_URL__` resolved). */
  link: (url: string) => string;
  /** An image's address → where it now lives (the imported image, or the original). */
  image: (url: string) => string;
  /** Rewrites the addresses inside HTML or Markdown a card holds as written. */
  rewrite: (text: string, kind: 'html' | 'markdown') => string;
  note: (message: string) => void;
  unknown: (name: string) => void;
};

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const record = (value: unknown): GhostNode =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as GhostNode) : {};

function imageMarkdown(ctx: GhostRenderContext, src: string, alt: string, title = '') {
  const titled = title ? ` "${title.replace(/"/g, '\\"')}"` : '';
  return `![${escapeMarkdown(alt)}](${linkTarget(ctx.image(src))}${titled})`;
}

function linkMarkdown(ctx: GhostRenderContext, text: string, url: string) {
  return `[${escapeMarkdown(text || url)}](${linkTarget(ctx.link(url))})`;
}

function withCaption(block: string, caption: unknown) {
  const text = htmlToMarkdown(str(caption));
  return text ? `${block}\n\n_${text.replace(/\n+/g, ' ')}_` : block;
}

function fileName(url: string) {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

const quoted = (markdown: string) =>
  markdown
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

type Card = (node: GhostNode, ctx: GhostRenderContext) => string;

const cards: Record<string, Card> = {
  image: (n, ctx) => {
    const src = str(n.src);
    if (!src) return '';
    const image = imageMarkdown(ctx, src, str(n.alt), str(n.title));
    const href = str(n.href);
    return withCaption(href ? `[${image}](${linkTarget(ctx.link(href))})` : image, n.caption);
  },
  gallery: (n, ctx) => {
    const images = (Array.isArray(n.images) ? n.images : []).map(record);
    const lines = images
      .filter((image) => str(image.src))
      .map((image) => imageMarkdown(ctx, str(image.src), str(image.alt), str(image.title)));
    return withCaption(lines.join('\n\n'), n.caption);
  },
  'before-after': (n, ctx) => {
    const lines = [record(n.beforeImage), record(n.afterImage)]
      .filter((image) => str(image.src))
      .map((image) => imageMarkdown(ctx, str(image.src), str(image.alt)));
    return withCaption(lines.join('\n\n'), n.caption);
  },
  codeblock: (n) => withCaption(fencedCode(str(n.code), str(n.language)), n.caption),
  markdown: (n, ctx) => ctx.rewrite(str(n.markdown).trim(), 'markdown'),
  // Marked ends an HTML block at a blank line: without them the card stays one block.
  html: (n, ctx) =>
    ctx.rewrite(
      str(n.html)
        .trim()
        .replace(/\n\s*\n/g, '\n'),
      'html',
    ),
  horizontalrule: () => '---',
  embed: (n, ctx) => {
    const url = str(n.url);
    return url ? withCaption(ctx.link(url), n.caption) : '';
  },
  bookmark: (n, ctx) => {
    const url = str(n.url);
    if (!url) return '';
    const title = str(record(n.metadata).title) || str(n.title);
    return withCaption(title ? linkMarkdown(ctx, title, url) : ctx.link(url), n.caption);
  },
  callout: (n) => {
    const text = htmlToMarkdown(str(n.calloutText));
    const emoji = str(n.calloutEmoji);
    return text ? quoted(emoji ? `${emoji} ${text}` : text) : '';
  },
  toggle: (n) => {
    const heading = htmlToMarkdown(str(n.heading)).replace(/\n+/g, ' ');
    const content = htmlToMarkdown(str(n.content));
    return [heading ? `**${heading}**` : '', content].filter(Boolean).join('\n\n');
  },
  button: (n, ctx) => {
    const url = str(n.buttonUrl);
    return url ? linkMarkdown(ctx, str(n.buttonText), url) : '';
  },
  video: (n, ctx) => {
    const src = str(n.src);
    return src
      ? withCaption(linkMarkdown(ctx, str(n.fileName) || fileName(src), src), n.caption)
      : '';
  },
  audio: (n, ctx) => {
    const src = str(n.src);
    return src ? linkMarkdown(ctx, str(n.title) || fileName(src), src) : '';
  },
  file: (n, ctx) => {
    const src = str(n.src);
    if (!src) return '';
    const link = linkMarkdown(ctx, str(n.fileTitle) || str(n.fileName) || fileName(src), src);
    return withCaption(link, n.fileCaption);
  },
  product: (n, ctx) => {
    ctx.note(m.productCard);
    const rating = Number(n.productStarRating);
    const stars =
      n.productRatingEnabled === true && rating >= 0 && rating <= 5
        ? `${'★'.repeat(rating)}${'☆'.repeat(5 - rating)}`
        : '';
    const title = htmlToMarkdown(str(n.productTitle)).replace(/\n+/g, ' ');
    const url = str(n.productUrl);
    return [
      str(n.productImageSrc) ? imageMarkdown(ctx, str(n.productImageSrc), title) : '',
      title ? `**${title}**` : '',
      stars,
      htmlToMarkdown(str(n.productDescription)),
      n.productButtonEnabled === true && url ? linkMarkdown(ctx, str(n.productButton), url) : '',
    ]
      .filter(Boolean)
      .join('\n\n');
  },
  header: (n, ctx) => {
    ctx.note(m.headerCard);
    const header = htmlToMarkdown(str(n.header)).replace(/\n+/g, ' ');
    const url = str(n.buttonUrl);
    return [
      header ? `## ${header}` : '',
      htmlToMarkdown(str(n.subheader)),
      n.buttonEnabled === true && url ? linkMarkdown(ctx, str(n.buttonText), url) : '',
    ]
      .filter(Boolean)
      .join('\n\n');
  },
  'call-to-action': (n, ctx) => {
    ctx.note(m.callToActionCard);
    const url = str(n.buttonUrl);
    return [
      str(n.imageUrl) ? imageMarkdown(ctx, str(n.imageUrl), '') : '',
      ctx.rewrite(htmlToMarkdown(str(n.textValue)), 'markdown'),
      n.showButton !== false && url ? linkMarkdown(ctx, str(n.buttonText), url) : '',
    ]
      .filter(Boolean)
      .join('\n\n');
  },
  paywall: (_n, ctx) => {
    ctx.note(m.paywall);
    return '';
  },
  signup: (_n, ctx) => {
    ctx.note(m.signupCard);
    return '';
  },
  email: (_n, ctx) => {
    ctx.note(m.emailCard);
    return '';
  },
  'email-cta': (_n, ctx) => {
    ctx.note(m.emailCard);
    return '';
  },
  transistor: (_n, ctx) => {
    ctx.note(m.transistorCard);
    return '';
  },
};

/** A card as Markdown, or undefined when Ghost has no card of that name we know. */
export function renderCard(node: GhostNode, ctx: GhostRenderContext): string | undefined {
  const type = str(node.type);
  return Object.hasOwn(cards, type) ? cards[type]?.(node, ctx) : undefined;
}
