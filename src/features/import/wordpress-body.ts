import TurndownService from 'turndown';
import { escapeHtml } from '../../platform/html-escape.ts';
import { embedCode } from '../forms/embed.ts';

/**
 * WordPress post content (classic HTML or block-editor markup, with shortcodes) → the
 * Markdown Quire stores. HTML is kept only where Markdown cannot say it (complex tables);
 * the site sanitises it as it does every post.
 */
export type ImportedImage = { src: string; alt: string };
export type WordPressBodyLookups = {
  /** Where the old site's uploads live, e.g. `https://old.example.com/wp-content/uploads/`. */
  uploadsUrl: string;
  /** An original upload's URL (sizes already stripped) → its new address, if imported. */
  image: (originalUrl: string) => string | undefined;
  /** An attachment's old id → its new image, for `[gallery ids="…"]`. */
  attachment: (id: number) => ImportedImage | undefined;
  /** A WPForms form id → the imported Quire form's id. */
  form: (wpformsId: number) => number | undefined;
};
export type ShortcodeCount = { name: string; count: number };
export type WordPressBody = {
  markdown: string;
  /** Shortcodes Quire does not know: left out of the text (their enclosed text kept). */
  unknownShortcodes: ShortcodeCount[];
  /** Known shortcodes whose target was not imported, e.g. `wpforms id=77`. */
  unresolved: string[];
};

const knownEnclosing = new Set(['caption', 'wp_caption', 'embed', 'audio', 'video']);
const blockStart =
  /^<(?:p|div|h[1-6]|ul|ol|li|dl|blockquote|pre|table|figure|hr|form|address|section|article|aside|header|footer|nav|iframe|audio|video|details)[\s>/]/i;

/** `-300x200.jpg` → `.jpg`: WordPress's resized copies point to their original. */
export const originalUploadUrl = (url: string) => url.replace(/-\d+x\d+(?=\.[a-z0-9]+$)/i, '');

function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const m of text.matchAll(/([\w-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s'"\]]+))/g)) {
    attributes[(m[1] ?? '').toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return attributes;
}

export function wordPressBodyToMarkdown(
  content: string,
  lookups: WordPressBodyLookups,
): WordPressBody {
  const unknown = new Map<string, number>();
  const unresolved: string[] = [];
  const markdownLines: string[] = [];
  const keptHtml: string[] = [];
  // Placeholders are plain letters and digits, so neither autop nor Turndown touches them.
  const markdownLine = (line: string) => {
    markdownLines.push(line);
    return `\n\n<p>QUIREMDLINE${markdownLines.length - 1}Z</p>\n\n`;
  };
  const keep = (html: string) => {
    keptHtml.push(html);
    return `QUIREHTML${keptHtml.length - 1}Z`;
  };

  const isBlockEditor = content.includes('<!-- wp:');
  let html = content.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '');
  html = html.replace(/<pre[\s>][\s\S]*?<\/pre>/gi, (pre) => `\n\n${keep(pre)}\n\n`);
  html = html.replace(/\[\[([^\]]*)\]\]/g, (_all, inner: string) => keep(`[${inner}]`));
  html = html.replace(
    /<figure[^>]*wp-block-embed[^>]*>[\s\S]*?(https?:\/\/[^\s<]+)[\s\S]*?<\/figure>/gi,
    (_all, url: string) => markdownLine(url),
  );

  html = html.replace(
    /\[([a-zA-Z][\w-]*)((?:\s[^\]]*)?)\](?:([\s\S]*?)\[\/\1\])?/g,
    (all, rawName: string, rawAttributes: string, inner: string | undefined) => {
      const name = rawName.toLowerCase();
      const attributes = attributesOf(rawAttributes);
      switch (name) {
        case 'caption':
        case 'wp_caption':
          return captionToFigure(inner ?? '', attributes.caption);
        case 'gallery':
          return galleryToImages(attributes.ids ?? '', lookups, unresolved);
        case 'embed': {
          const url = (inner ?? attributes.src ?? '').trim();
          return url ? markdownLine(url) : '';
        }
        case 'audio':
        case 'video': {
          const url = Object.values(attributes).find((v) => /^https?:\/\//.test(v)) ?? inner;
          return url
            ? `\n\n<p><a href="${escapeHtml(url.trim())}">${escapeHtml(fileName(url))}</a></p>\n\n`
            : '';
        }
        case 'wpforms': {
          const formId = lookups.form(Number(attributes.id));
          if (formId === undefined) unresolved.push(`wpforms id=${attributes.id ?? ''}`);
          return formId === undefined ? '' : markdownLine(embedCode(formId));
        }
      }
      // A bare word in brackets with no attributes and no closing tag is text, e.g. "[sic]".
      if (inner === undefined && rawAttributes.trim() === '' && !knownEnclosing.has(name)) {
        return all;
      }
      unknown.set(name, (unknown.get(name) ?? 0) + 1);
      return inner ?? '';
    },
  );

  if (!isBlockEditor) html = autop(html, markdownLine);
  html = rewriteUploads(html, lookups);
  html = html.replace(/QUIREHTML(\d+)Z/g, (_all, i: string) => keptHtml[Number(i)] ?? '');

  let markdown = turndown().turndown(html);
  markdown = markdown.replace(
    /QUIREMDLINE(\d+)Z/g,
    (_all, i: string) => markdownLines[Number(i)] ?? '',
  );
  return {
    markdown: markdown.replace(/\n{3,}/g, '\n\n').trim(),
    unknownShortcodes: [...unknown].map(([name, count]) => ({ name, count })),
    unresolved,
  };
}

function fileName(url: string) {
  const last = url.trim().split(/[?#]/)[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || url;
  } catch {
    return last || url;
  }
}

function captionToFigure(inner: string, captionAttribute: string | undefined) {
  const match = /^\s*((?:<a\s[^>]*>\s*)?<img[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  if (!match) return inner;
  const caption = (captionAttribute ?? match[2] ?? '').trim();
  const figcaption = caption ? `<figcaption>${caption}</figcaption>` : '';
  return `\n\n<figure>${match[1]}${figcaption}</figure>\n\n`;
}

function galleryToImages(ids: string, lookups: WordPressBodyLookups, unresolved: string[]) {
  const images = ids
    .split(',')
    .map((id) => id.trim())
    .filter((id) => /^\d+$/.test(id))
    .map((id) => {
      const image = lookups.attachment(Number(id));
      if (!image) unresolved.push(`gallery image id=${id}`);
      return image
        ? `<p><img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}"></p>`
        : '';
    });
  return `\n\n${images.join('\n\n')}\n\n`;
}

/** WordPress's wpautop, as far as Markdown needs it: blank lines part paragraphs, a single
 * newline inside one is a line break, and a URL alone on its line is an embed. */
function autop(html: string, markdownLine: (line: string) => string) {
  return html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      if (/^https?:\/\/\S+$/.test(chunk)) return markdownLine(chunk);
      if (blockStart.test(chunk) || /^QUIRE(?:HTML|MDLINE)\d+Z$/.test(chunk)) return chunk;
      if (/^<p>QUIREMDLINE\d+Z<\/p>$/.test(chunk)) return chunk;
      return `<p>${chunk.replace(/\s*\n\s*/g, '<br>\n')}</p>`;
    })
    .join('\n\n');
}

function rewriteUploads(html: string, lookups: WordPressBodyLookups) {
  const withoutSrcset = html.replace(/\s(?:srcset|sizes)\s*=\s*(?:"[^"]*"|'[^']*')/gi, '');
  return withoutSrcset.replace(
    /(\s(?:src|href)\s*=\s*)(["'])([^"']*)\2/gi,
    (all, before: string, quote: string, url: string) => {
      if (!url.startsWith(lookups.uploadsUrl)) return all;
      const replacement = lookups.image(originalUploadUrl(url));
      return replacement ? `${before}${quote}${escapeHtml(replacement)}${quote}` : all;
    },
  );
}

function turndown() {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    hr: '---',
  });
  // One space after the marker, as people write lists (Turndown pads to four).
  service.addRule('listItem', {
    filter: 'li',
    replacement: (content, node, options) => {
      const parent = node.parentNode as HTMLElement;
      const start = Number(parent.getAttribute('start') ?? 1);
      const index = Array.prototype.indexOf.call(parent.children, node);
      const marker =
        parent.nodeName === 'OL' ? `${start + index}. ` : `${options.bulletListMarker} `;
      const body = content
        .replace(/^\n+/, '')
        .replace(/\n+$/, '\n')
        .replace(/\n/gm, `\n${' '.repeat(marker.length)}`);
      return marker + body + (node.nextSibling && !body.endsWith('\n') ? '\n' : '');
    },
  });
  // A preformatted or verse block (`<pre>` without `<code>`, its lines split by `<br>`): a code
  // block, so its spacing (a poem's indents, ASCII art) stays as written.
  service.addRule('preformatted', {
    filter: (node) => node.nodeName === 'PRE' && node.firstElementChild?.nodeName !== 'CODE',
    replacement: (_content, node) => {
      const text = preText(node).replace(/\n+$/, '');
      const fence = '`'.repeat(
        Math.max(
          3,
          (text.match(/`{3,}/g) ?? []).reduce((n, f) => Math.max(n, f.length + 1), 3),
        ),
      );
      return `\n\n${fence}\n${text}\n${fence}\n\n`;
    },
  });
  service.addRule('strikethrough', {
    filter: ['del', 's'],
    replacement: (content) => `~~${content}~~`,
  });
  service.addRule('figcaption', {
    filter: 'figcaption',
    replacement: (content) => (content.trim() ? `\n\n_${content.trim()}_\n\n` : ''),
  });
  service.addRule('iframe', {
    filter: 'iframe',
    replacement: (_content, node) => {
      const src = (node as HTMLElement).getAttribute('src');
      return src ? `\n\n<${src}>\n\n` : '';
    },
  });
  service.addRule('table', {
    filter: 'table',
    replacement: (_content, node) => tableToMarkdown(node as HTMLTableElement, service),
  });
  return service;
}

/** The text of a `<pre>` as it shows: `<br>` a new line, elements their text. */
function preText(node: Node): string {
  let text = '';
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeName === 'BR') text += '\n';
    else if (child.nodeType === 3) text += child.nodeValue ?? '';
    else text += preText(child);
  }
  return text;
}

/** A GFM table when the table is a plain grid with a header row; its HTML otherwise. */
function tableToMarkdown(table: HTMLTableElement, service: TurndownService) {
  const rows = Array.from(table.querySelectorAll('tr'));
  const cellsOf = (row: Element) => Array.from(row.children);
  const [header, ...body] = rows;
  const plain =
    header !== undefined &&
    cellsOf(header).every((cell) => cell.tagName === 'TH') &&
    !table.querySelector('table table, [colspan], [rowspan], p, ul, ol, pre, blockquote, img') &&
    rows.every((row) => cellsOf(row).length === cellsOf(header).length);
  if (!plain) return `\n\n${table.outerHTML}\n\n`;
  const line = (row: Element) =>
    `| ${cellsOf(row)
      .map((cell) => service.turndown(cell.innerHTML).replace(/\n+/g, ' ').replace(/\|/g, '\\|'))
      .join(' | ')} |`;
  const rule = `| ${cellsOf(header)
    .map(() => '---')
    .join(' | ')} |`;
  return `\n\n${[line(header), rule, ...body.map(line)].join('\n')}\n\n`;
}
