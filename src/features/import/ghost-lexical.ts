import { type GhostNode, type GhostRenderContext, renderCard } from './ghost-cards.ts';
import { escapeLineStarts, escapeMarkdown, inlineCode, linkTarget } from './ghost-markdown.ts';

/**
 * Ghost's Lexical body (Ghost 5+, the `lexical` column: `{root: {children: […]}}`) → the
 * Markdown Quire stores. Mobiledoc bodies are brought to the same node shape first
 * (ghost-mobiledoc.ts), so both go through this one renderer and one card table.
 */

export type GhostCardCount = { name: string; count: number };
export type GhostBody = {
  markdown: string;
  /** Cards and nodes Quire does not know, by name: left out (their text kept when they had some). */
  unknownCards: GhostCardCount[];
  /** What did not come across as it was on Ghost (from the import catalogue), once each. */
  notes: string[];
};

// Lexical's text format bits.
const bold = 1;
const italic = 2;
const strikethrough = 4;
const code = 16;
const subscript = 32;
const superscript = 64;
const highlight = 128;

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const children = (node: GhostNode): GhostNode[] =>
  Array.isArray(node.children)
    ? node.children.filter((c): c is GhostNode => !!c && typeof c === 'object')
    : [];

const textTypes = new Set(['text', 'extended-text', 'tab', 'hashtag']);
const linkTypes = new Set(['link', 'autolink', 'at-link']);

function formatRun(text: string, format: number): string {
  if (text === '') return '';
  if (format & code) return inlineCode(text);
  const [, lead = '', core = '', trail = ''] = /^(\s*)([\s\S]*?)(\s*)$/.exec(text) ?? [];
  if (core === '') return text;
  let out = escapeMarkdown(core);
  if (format & highlight) out = `<mark>${out}</mark>`;
  if (format & subscript) out = `<sub>${out}</sub>`;
  if (format & superscript) out = `<sup>${out}</sup>`;
  if (format & strikethrough) out = `~~${out}~~`;
  if (format & italic) out = `*${out}*`;
  if (format & bold) out = `**${out}**`;
  // Underline (8) is left out: Quire's posts have no underline, and on the web it reads as a link.
  return `${lead}${out}${trail}`;
}

export class LexicalRenderer {
  private readonly unknown = new Map<string, number>();
  private readonly notes = new Set<string>();
  readonly ctx: GhostRenderContext;

  constructor(base: Omit<GhostRenderContext, 'note' | 'unknown'>) {
    this.ctx = {
      ...base,
      note: (message) => this.notes.add(message),
      unknown: (name) => this.unknown.set(name, (this.unknown.get(name) ?? 0) + 1),
    };
  }

  /** The body of the nodes at the root, with what was left out. */
  render(nodes: GhostNode[]): GhostBody {
    const markdown = this.blocks(nodes).join('\n\n');
    return {
      markdown: markdown.replace(/\n{3,}/g, '\n\n').trim(),
      unknownCards: [...this.unknown].map(([name, count]) => ({ name, count })),
      notes: [...this.notes],
    };
  }

  private blocks(nodes: GhostNode[]): string[] {
    return nodes.map((node) => this.block(node)).filter((block) => block.trim() !== '');
  }

  private block(node: GhostNode): string {
    const type = str(node.type);
    switch (type) {
      case 'paragraph':
        return escapeLineStarts(this.inline(children(node)).trim());
      case 'heading':
      case 'extended-heading': {
        const level = Number(/^h([1-6])$/.exec(str(node.tag))?.[1] ?? 2);
        const text = this.inline(children(node))
          .replace(/\s*\n\s*/g, ' ')
          .trim();
        return text ? `${'#'.repeat(level)} ${text}` : '';
      }
      case 'quote':
      case 'extended-quote':
      case 'aside':
        return this.quote(node);
      case 'list':
        return this.list(node);
    }
    const card = renderCard(node, this.ctx);
    if (card !== undefined) return card;
    this.ctx.unknown(type || 'unnamed');
    // An unknown node with text (an element of a newer Ghost) keeps its words.
    const inner = children(node);
    if (inner.length === 0) return '';
    return inner.some((child) => !this.isInline(child))
      ? this.blocks(inner).join('\n\n')
      : escapeLineStarts(this.inline(inner).trim());
  }

  private isInline(node: GhostNode): boolean {
    const type = str(node.type);
    return textTypes.has(type) || linkTypes.has(type) || type === 'linebreak' || type === 'tk';
  }

  private quote(node: GhostNode): string {
    const inner = children(node);
    const body = inner.some((child) => !this.isInline(child))
      ? this.blocks(inner).join('\n\n')
      : escapeLineStarts(this.inline(inner).trim());
    if (!body) return '';
    return body
      .split('\n')
      .map((line) => (line ? `> ${line}` : '>'))
      .join('\n');
  }

  private list(node: GhostNode): string {
    const listType = str(node.listType);
    const ordered = listType === 'number' || str(node.tag) === 'ol';
    let number = typeof node.start === 'number' && node.start >= 0 ? node.start : 1;
    let indent = 2;
    const lines: string[] = [];
    for (const item of children(node)) {
      const parts = children(item);
      const nested = parts.filter((part) => str(part.type) === 'list');
      const words = parts.filter((part) => str(part.type) !== 'list');
      if (words.length > 0 || nested.length === 0) {
        const marker = ordered ? `${number++}. ` : '- ';
        indent = marker.length;
        const box = listType === 'check' ? (item.checked === true ? '☑ ' : '☐ ') : '';
        const text = escapeLineStarts(this.inline(words).trim()).replace(
          /\n/g,
          `\n${' '.repeat(indent)}`,
        );
        lines.push(`${marker}${box}${text}`);
      }
      for (const list of nested) {
        lines.push(
          this.list(list)
            .split('\n')
            .map((line) => `${' '.repeat(indent)}${line}`)
            .join('\n'),
        );
      }
    }
    return lines.join('\n');
  }

  private inline(nodes: GhostNode[]): string {
    let out = '';
    let run = '';
    let runFormat = 0;
    const flush = () => {
      out += formatRun(run, runFormat);
      run = '';
    };
    for (const node of nodes) {
      const type = str(node.type);
      if (textTypes.has(type)) {
        const format = typeof node.format === 'number' ? node.format : 0;
        if (format !== runFormat) flush();
        runFormat = format;
        run += str(node.text);
        continue;
      }
      flush();
      if (type === 'linebreak') out += '  \n';
      else if (linkTypes.has(type)) {
        const text = this.inline(children(node)).trim();
        const url = str(node.url);
        out += url ? `[${text || escapeMarkdown(url)}](${linkTarget(this.ctx.link(url))})` : text;
      } else if (type === 'zwnj') {
        // Ghost's zero-width marker between cards and text: nothing to show.
      } else if (children(node).length > 0) out += this.inline(children(node));
      else {
        this.ctx.unknown(type || 'unnamed');
        out += escapeMarkdown(str(node.text));
      }
    }
    flush();
    return out;
  }
}

/** A Lexical document (the JSON text Ghost stores, or its parsed value) → Markdown. */
export function lexicalToMarkdown(
  lexical: string | GhostNode,
  base: Omit<GhostRenderContext, 'note' | 'unknown'>,
): GhostBody {
  const document = typeof lexical === 'string' ? (JSON.parse(lexical) as unknown) : lexical;
  const root = document && typeof document === 'object' ? (document as GhostNode).root : undefined;
  if (!root || typeof root !== 'object') throw new SyntaxError('no Lexical root');
  return new LexicalRenderer(base).render(children(root as GhostNode));
}
