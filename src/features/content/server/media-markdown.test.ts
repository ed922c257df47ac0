import { describe, expect, it } from 'vitest';
import { sanitiseStoredHtml } from '../../../platform/markdown.ts';
import { renderWithMedia } from './media-markdown.ts';

describe('renderWithMedia', () => {
  it('gives stored images a srcset and their real size', () => {
    const html = renderWithMedia(
      '![A hill](/media/7/960/hill.jpg)',
      new Map([[7, { width: 1200, height: 800, fileName: 'hill.jpg' }]]),
    );
    expect(html).toContain(
      'srcset="/media/7/320/hill.jpg 320w, /media/7/640/hill.jpg 640w, /media/7/800/hill.jpg 800w, /media/7/960/hill.jpg 960w, /media/7/1280/hill.jpg 1200w"',
    );
    expect(html).toContain('width="1200"');
    expect(html).toContain('loading="lazy"');
  });

  it('gives an image placed without a description the one the media library has', () => {
    const media = new Map([
      [7, { width: 1200, height: 800, fileName: 'hill.jpg', alt: 'A green hill' }],
    ]);
    expect(renderWithMedia('![](/media/7/960/hill.jpg)', media)).toContain('alt="A green hill"');
    expect(renderWithMedia('![Its own](/media/7/960/hill.jpg)', media)).toContain('alt="Its own"');
  });
});

describe('a body read back from the database', () => {
  it('passes the sanitiser again unchanged, so pages can rely on it', () => {
    const media = new Map([[1, { width: 1600, height: 900, fileName: 'a.jpg' }]]);
    const markdown = [
      '# A title with *emphasis*',
      'Text with a [link](https://example.org "Title"), a [path](/about/), `code` & <kbd>Ctrl</kbd>.',
      '![Cover](/media/1/a.jpg) ![Elsewhere](https://images.example/b.png)',
      '## The recipe\n\n1. one\n2. two\n\n- [ ] task\n- nested\n  - deeper',
      '> A quote\n> with ~~struck~~ words',
      '```js\nconst x = "<b>";\n```',
      '| a | b |\n|:--|--:|\n| 1 | 2 |',
      '[form id="3"]',
      '## The recipe',
    ].join('\n\n');
    const html = renderWithMedia(markdown, media);
    expect(html).toContain('srcset=');
    expect(sanitiseStoredHtml(html)).toBe(html);
  });
});
