import { describe, expect, it } from 'vitest';
import { htmlToText, renderMarkdown } from '../../platform/markdown.ts';
import { lexicalToMarkdown } from './ghost-lexical.ts';

const base = { link: (url: string) => url, image: (url: string) => url, rewrite: (t: string) => t };
const text = (value: string, format = 0) => ({ type: 'extended-text', text: value, format });
const doc = (...children: unknown[]) => ({ root: { type: 'root', children } });
const paragraph = (...children: unknown[]) => ({ type: 'paragraph', children });

describe('lexicalToMarkdown', () => {
  it('joins runs of one format and keeps spaces outside the markers', () => {
    const body = lexicalToMarkdown(
      doc(paragraph(text('a '), text('bold ', 1), text('words', 1), text(' end'), text('u', 8))),
      base,
    );
    expect(body.markdown).toBe('a **bold words** endu');
  });

  it('escapes text so Quire shows it as written', () => {
    const written = '# 1. *stars* _under_ [link](x) <b>tag</b> `tick` ~~s~~ &amp; snake_case';
    const body = lexicalToMarkdown(JSON.stringify(doc(paragraph(text(written)))), base);
    expect(htmlToText(renderMarkdown(body.markdown))).toBe(written);
    expect(body.markdown).toContain('snake_case');
  });

  it('keeps the words of a node it does not know and lists it', () => {
    const body = lexicalToMarkdown(
      doc(
        { type: 'fancy-box', children: [paragraph(text('Inside'))] },
        paragraph(text('See '), { type: 'mention', text: '@ana' }),
      ),
      base,
    );
    expect(body.markdown).toBe('Inside\n\nSee @ana');
    expect(body.unknownCards).toEqual([
      { name: 'fancy-box', count: 1 },
      { name: 'mention', count: 1 },
    ]);
  });

  it('refuses a document without a root', () => {
    expect(() => lexicalToMarkdown('{"nope":1}', base)).toThrow(SyntaxError);
    expect(() => lexicalToMarkdown('{"root":', base)).toThrow(SyntaxError);
  });
});
