import { describe, expect, it } from 'vitest';
import { htmlToText, mediaIdsIn, renderMarkdown } from './markdown.ts';

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

  it('gives stored images a srcset and their real size', () => {
    const html = renderMarkdown(
      '![A hill](/media/7/960/hill.jpg)',
      new Map([[7, { width: 1200, height: 800, fileName: 'hill.jpg' }]]),
    );
    expect(html).toContain(
      'srcset="/media/7/320/hill.jpg 320w, /media/7/640/hill.jpg 640w, /media/7/960/hill.jpg 960w, /media/7/1280/hill.jpg 1200w"',
    );
    expect(html).toContain('width="1200"');
    expect(html).toContain('loading="lazy"');
  });

  it('lists the media a body refers to', () => {
    expect(
      mediaIdsIn(
        '![a](/media/3/960/a.jpg) ![b](/media/12/640/b.png) ![a again](/media/3/320/a.jpg)',
      ),
    ).toEqual([3, 12]);
  });
});

describe('htmlToText', () => {
  it('keeps only the words', () => {
    expect(htmlToText('<p>Fish &amp; chips <em>today</em></p>\n<p>1 &lt; 2</p>')).toBe(
      'Fish & chips today 1 < 2',
    );
  });
});
