import type { GhostNode, GhostRenderContext } from './ghost-cards.ts';
import { type GhostBody, LexicalRenderer } from './ghost-lexical.ts';

/**
 * Ghost's Mobiledoc body (Ghost 1–4, the `mobiledoc` column, format 0.3) → Markdown. Its
 * sections are brought to Lexical's node shape, as Ghost itself does when it migrates a post,
 * and rendered by the Lexical renderer, so both formats share one card table.
 */

type Markup = [string, unknown[]?];

const formatOfTag: Record<string, number> = {
  ...{ strong: 1, b: 1, em: 2, i: 2, s: 4, strike: 4, del: 4, u: 8 },
  ...{ code: 16, sub: 32, sup: 64, mark: 128 },
};
const cardNames: Record<string, string> = {
  code: 'codeblock',
  hr: 'horizontalrule',
  'card-markdown': 'markdown',
};
const blockOfTag = (tag: string): GhostNode => {
  if (/^h[1-6]$/.test(tag)) return { type: 'heading', tag };
  if (tag === 'blockquote') return { type: 'quote' };
  if (tag === 'aside' || tag === 'pull-quote') return { type: 'aside' };
  return { type: 'paragraph' };
};

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

function hrefOf(markup: Markup): string {
  const attributes = list(markup[1]);
  const at = attributes.indexOf('href');
  return at >= 0 && typeof attributes[at + 1] === 'string' ? (attributes[at + 1] as string) : '';
}

/** Markers (text and atoms under opening and closing markups) → Lexical's inline nodes. */
function inlineNodes(markers: unknown[], markups: Markup[], atoms: unknown[][]): GhostNode[] {
  const nodes: GhostNode[] = [];
  const open: Markup[] = [];
  let link: GhostNode | undefined;
  for (const raw of markers) {
    const [kind, opens, closes, value] = list(raw);
    for (const index of list(opens)) {
      const markup = markups[Number(index)];
      if (!markup) continue;
      open.push(markup);
      if (markup[0] === 'a') link = { type: 'link', url: hrefOf(markup), children: [] };
    }
    const target = link ? (link.children as GhostNode[]) : nodes;
    if (kind === 1) {
      const atom = list(atoms[Number(value)]);
      const name = typeof atom[0] === 'string' ? atom[0] : 'atom';
      if (name === 'soft-return') target.push({ type: 'linebreak' });
      else target.push({ type: name, text: typeof atom[1] === 'string' ? atom[1] : '' });
    } else if (typeof value === 'string') {
      const format = open.reduce((bits, markup) => bits | (formatOfTag[markup[0]] ?? 0), 0);
      target.push({ type: 'text', text: value, format });
    }
    for (let i = 0; i < Number(closes); i++) {
      const closed = open.pop();
      if (closed?.[0] === 'a' && link) {
        nodes.push(link);
        link = undefined;
      }
    }
  }
  if (link) nodes.push(link);
  return nodes;
}

/** A Mobiledoc document → the nodes of a Lexical root. */
function mobiledocNodes(document: GhostNode): GhostNode[] {
  const markups = list(document.markups).map((m) => list(m) as Markup);
  const atoms = list(document.atoms).map(list);
  const cards = list(document.cards).map(list);
  return list(document.sections).flatMap((raw): GhostNode[] => {
    const section = list(raw);
    switch (section[0]) {
      case 1:
        return [
          {
            ...blockOfTag(String(section[1]).toLowerCase()),
            children: inlineNodes(list(section[2]), markups, atoms),
          },
        ];
      case 2:
        return [{ type: 'image', src: section[1] }];
      case 3:
        return [
          {
            type: 'list',
            listType: String(section[1]).toLowerCase() === 'ol' ? 'number' : 'bullet',
            children: list(section[2]).map((item) => ({
              type: 'listitem',
              children: inlineNodes(list(item), markups, atoms),
            })),
          },
        ];
      case 10: {
        const [name, payload] = cards[Number(section[1])] ?? [];
        const cardName = typeof name === 'string' ? name : 'card';
        const data = payload && typeof payload === 'object' ? payload : {};
        return [{ ...data, type: cardNames[cardName] ?? cardName }];
      }
      default:
        return [];
    }
  });
}

/** A Mobiledoc document (the JSON text Ghost stores, or its parsed value) → Markdown. */
export function mobiledocToMarkdown(
  mobiledoc: string | GhostNode,
  base: Omit<GhostRenderContext, 'note' | 'unknown'>,
): GhostBody {
  const document = typeof mobiledoc === 'string' ? (JSON.parse(mobiledoc) as unknown) : mobiledoc;
  if (
    !document ||
    typeof document !== 'object' ||
    !Array.isArray((document as GhostNode).sections)
  ) {
    throw new SyntaxError('no Mobiledoc sections');
  }
  return new LexicalRenderer(base).render(mobiledocNodes(document as GhostNode));
}
