import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every text an admin screen shows comes from a message catalogue (the contract's rule, issue 28):
 * this finds words written straight into the admin's markup: text between tags, words in the
 * attributes people read (labels, titles, alternative texts), and quoted words an expression in
 * the markup shows (`{count === 0 ? 'None' : …}`, `{plural(n, 'form', 'forms')}`). Words the
 * code compares against (`kind === 'page'`) are not texts and are left alone.
 */

const root = join(import.meta.dirname, '..');

/** Attributes whose value a person reads or hears. */
const textAttributes = new Set([
  'alt',
  'aria-description',
  'aria-label',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'data-label',
  'hint',
  'label',
  'legend',
  'placeholder',
  'summary',
  'title',
]);

const comparisons = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
]);

const hasWords = (text: string) => /\p{L}/u.test(text);

function staticText(node: ts.Node): string | undefined {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  return undefined;
}

/** Whether a quoted text sits where the markup shows it, rather than where the code uses it. */
function isShown(node: ts.Node): boolean {
  let child = node;
  for (let parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (ts.isBinaryExpression(parent) && comparisons.has(parent.operatorToken.kind)) return false;
    if (ts.isCaseClause(parent) || ts.isElementAccessExpression(parent)) return false;
    if (ts.isPropertyAccessExpression(parent) && parent.expression === child) return false;
    if (ts.isJsxAttribute(parent)) return textAttributes.has(parent.name.getText());
    if (ts.isJsxExpression(parent) && !ts.isJsxAttribute(parent.parent)) {
      return ts.isJsxElement(parent.parent) || ts.isJsxFragment(parent.parent);
    }
    // A name handed to a function (`errorFor('current')`) is code; the words of a count are not.
    if (
      ts.isCallExpression(parent) &&
      parent.arguments.includes(child as ts.Expression) &&
      /^[a-z]+(-[a-z]+)*$/.test(staticText(child) ?? '') &&
      !/plural/i.test(parent.expression.getText())
    ) {
      return false;
    }
    if (ts.isJsxElement(parent) || ts.isJsxSelfClosingElement(parent)) return false;
    if (ts.isFunctionLike(parent) || ts.isBlock(parent)) return false;
  }
  return false;
}

function literalTexts(file: string, source: string): string[] {
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const line = (node: ts.Node) => tree.getLineAndCharacterOfPosition(node.getStart()).line + 1;
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) {
      found.push(`${line(node)}: ${node.text.trim()}`);
    }
    const text = staticText(node);
    if (text !== undefined && hasWords(text) && isShown(node)) {
      found.push(`${line(node)}: ${node.getText()}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return found;
}

/** An .astro file's markup, as JSX: without its frontmatter, scripts, styles and comments. */
function astroMarkup(source: string): string {
  const markup = source.replace(/^---[\s\S]*?\n---\n/, (frontmatter) =>
    // Keep the line count, so the lines reported are the file's.
    '\n'.repeat(frontmatter.split('\n').length - 1),
  );
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  return `<>${markup
    .replace(/<!doctype[^>]*>/gi, blank)
    .replace(/<!--[\s\S]*?-->/g, blank)
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/g, blank)}</>`;
}

const adminFiles = () => {
  const list = (dir: string, suffix: string) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((path) => path.endsWith(suffix))
      .map((path) => join(dir, path));
  return [
    ...list('src/features/admin/ui', '.tsx'),
    'src/features/share/ui/SubscribersPage.tsx',
    'src/features/share/ui/SubscriberImportPage.tsx',
    ...list('src/pages/admin', '.astro'),
    ...list('src/layouts', '.astro').filter((path) => path.includes('Admin')),
  ];
};

describe('admin texts', () => {
  it('finds words in markup, and leaves compared words and code alone', () => {
    const component = `export const A = ({ n, kind }) => (
      <p title="Hover text" className="a-b">
        Hello {n === 1 ? 'one' : \`\${n} many\`}
        {kind === 'page' && <b aria-label={\`Go \${n}\`}>{plural(n, 'form', 'forms')}</b>}
        {errorFor('current')}
        {list.map((x) => <i key={x.id} data-x="code">{x.name}</i>)}
        {' · '}
      </p>
    );`;
    expect(literalTexts('a.tsx', component).map((found) => found.replace(/^\d+: /, ''))).toEqual([
      '"Hover text"',
      'Hello',
      "'one'",
      `\`\${n} many\``,
      `\`Go \${n}\``,
      "'form'",
      "'forms'",
    ]);
    const page = `---\nconst title = 'Frontmatter is code';\n---\n<Shell title="Forms"><!-- a note -->\n<p>{m.text} and more</p><script>const s = 'x';</script></Shell>\n`;
    expect(literalTexts('a.astro', astroMarkup(page))).toEqual(['4: "Forms"', '5: and more']);
  });

  it('are never written into an admin screen: they come from the message catalogues', () => {
    const literals = adminFiles().flatMap((file) => {
      const source = readFileSync(join(root, file), 'utf8');
      const markup = file.endsWith('.astro') ? astroMarkup(source) : source;
      return literalTexts(file, markup).map(
        (found) => `${relative(root, join(root, file))}:${found}`,
      );
    });
    expect(literals).toEqual([]);
  });
});
