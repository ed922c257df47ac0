import { describe, expect, it } from 'vitest';
import { htmlToText, markedText, renderMarkdown, sanitiseStoredHtml } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders Markdown to HTML', () => {
    const html = renderMarkdown(
      'Some *emphasis* and a [link](https://example.org).\n\n- one\n- two',
    );
    expect(html).toContain('<em>emphasis</em>');
    expect(html).toContain('<a href="https://example.org" rel="noopener noreferrer">link</a>');
    expect(html).toContain('<li>one</li>');
  });

  it('removes scripts, event handlers and dangerous links', () => {
    const html = renderMarkdown(
      [
        '<script>alert(1)</script>',
        '<img src="x.png" onerror="alert(2)">',
        '[click](javascript:alert(3)) [data](data:text/html,<b>4</b>) [vb](vbscript:msgbox)',
        '<a href="JaVaScRiPt:alert(5)">mixed case</a>',
        '<iframe src="https://evil.example"></iframe>',
        '<form action="/steal"><input name="x"></form>',
        '<div style="background:url(javascript:alert(6))" onclick="alert(7)">styled</div>',
        '<svg><script>alert(8)</script></svg>',
      ].join('\n\n'),
    );
    expect(html).not.toMatch(
      /<script|onerror|onclick|javascript:|vbscript:|data:text|<iframe|<form|<input|style=|<svg/i,
    );
    expect(html).toContain('styled');
  });

  it('turns h1 into h2 and gives headings unique ids for in-page links', () => {
    const html = renderMarkdown('# Top\n\n## The recipe\n\n## The recipe');
    expect(html).toContain('<h2 id="top">Top</h2>');
    expect(html).toContain('<h2 id="the-recipe">The recipe</h2>');
    expect(html).toContain('<h2 id="the-recipe-2">The recipe</h2>');
  });
});

describe('htmlToText', () => {
  it('keeps only the words', () => {
    expect(htmlToText('<p>Fish &amp; chips <em>today</em></p>\n<p>1 &lt; 2</p>')).toBe(
      'Fish & chips today 1 < 2',
    );
  });
});

describe('HTML read back from the database', () => {
  it('loses anything a sanitised body cannot hold, should a row be tampered with', () => {
    const html = sanitiseStoredHtml(
      '<p>Kept</p><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a>',
    );
    expect(html).toContain('<p>Kept</p>');
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
  });
});

describe('markedText', () => {
  it('escapes the text and adds only the marks', () => {
    expect(markedText('a <b>bold</b> [[claim]] & "more"', '[[', ']]')).toBe(
      'a &lt;b&gt;bold&lt;/b&gt; <mark>claim</mark> &amp; "more"',
    );
    expect(markedText('[[<img src=x onerror=alert(1)>]]', '[[', ']]')).toBe(
      '<mark>&lt;img src=x onerror=alert(1)&gt;</mark>',
    );
  });
});
