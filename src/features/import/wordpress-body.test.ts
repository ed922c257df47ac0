import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  originalUploadUrl,
  type WordPressBodyLookups,
  wordPressBodyToMarkdown,
} from './wordpress-body.ts';

const uploads = 'https://old.example.com/wp-content/uploads/';
const lookups: WordPressBodyLookups = {
  uploadsUrl: uploads,
  image: (url) =>
    ({
      [`${uploads}2024/05/café.jpg`]: '/media/1/cafe.jpg',
      [`${uploads}2024/05/harbour.png`]: '/media/2/harbour.png',
    })[url],
  attachment: (id) =>
    ({
      20: { src: '/media/1/cafe.jpg', alt: 'Cups on a table' },
      21: { src: '/media/2/harbour.png', alt: 'The harbour' },
    })[id],
  form: (id) => (id === 77 ? 3 : undefined),
};

// The bodies of the two posts in the WXR fixture, as WordPress exported them.
const fixture = readFileSync(
  new URL('../../../tests/fixtures/import/classic-and-blocks.wxr.xml', import.meta.url),
  'utf8',
);
const bodies = [...fixture.matchAll(/<content:encoded><!\[CDATA\[([\s\S]*?)\]\]>/g)].map(
  (m) => m[1] ?? '',
);

describe('wordPressBodyToMarkdown', () => {
  it('turns a classic post with shortcodes into Markdown and lists what it left out', () => {
    const body = wordPressBodyToMarkdown(bodies[0] ?? '', lookups);
    expect(body.markdown).toBe(
      [
        'First line of the morning.  \nStill the same paragraph.',
        '![Cups on a table](/media/1/cafe.jpg)',
        '_Coffee at eight_',
        '![Cups on a table](/media/1/cafe.jpg)',
        '![The harbour](/media/2/harbour.png)',
        'https://www.youtube.com/watch?v=abc123',
        'https://vimeo.com/123456',
        '[form id="3"]',
        'Bring a coat.',
        '- Tea\n- Cake',
      ].join('\n\n'),
    );
    expect(body.unknownShortcodes).toEqual([{ name: 'su_box', count: 1 }]);
    expect(body.unresolved).toEqual([]);
  });

  it('strips block-editor comments and keeps what the blocks say', () => {
    const body = wordPressBodyToMarkdown(bodies[1] ?? '', lookups);
    expect(body.markdown).toBe(
      [
        '## Timetable',
        'Ferries leave **every hour**, see [the operator](https://ferry.example.org).',
        '| Day | First |\n| --- | --- |\n| Mon | 06:00 |',
        '```\n<b>not bold</b>\n```',
        '> The sea is calm.',
        '![The harbour](/media/2/harbour.png)',
        '_Evening light_',
      ].join('\n\n'),
    );
  });

  it('keeps tables Markdown cannot say as HTML, and bracketed words as text', () => {
    const body = wordPressBodyToMarkdown(
      'He said [sic] it.\n\n<table><tr><td colspan="2">a</td></tr></table>\n\n[[gallery]]',
      lookups,
    );
    expect(body.markdown).toBe(
      'He said \\[sic\\] it.\n\n<table><tbody><tr><td colspan="2">a</td></tr></tbody></table>\n\n\\[gallery\\]',
    );
    expect(body.unknownShortcodes).toEqual([]);
  });

  it('links audio and video files, and reports forms and images that were not imported', () => {
    const body = wordPressBodyToMarkdown(
      '[audio mp3="https://old.example.com/wp-content/uploads/song.mp3"][/audio]\n\n[video src="https://cdn.example.com/clip.mp4"]\n\n[wpforms id="9"]\n\n[gallery ids="20, 99"]',
      lookups,
    );
    expect(body.markdown).toBe(
      '[song.mp3](https://old.example.com/wp-content/uploads/song.mp3)\n\n[clip.mp4](https://cdn.example.com/clip.mp4)\n\n![Cups on a table](/media/1/cafe.jpg)',
    );
    expect(body.unresolved).toEqual(['wpforms id=9', 'gallery image id=99']);
  });

  it('maps resized copies to their original upload', () => {
    expect(originalUploadUrl(`${uploads}2024/05/café-300x225.jpg`)).toBe(
      `${uploads}2024/05/café.jpg`,
    );
    expect(originalUploadUrl(`${uploads}2024/05/1920x1080.jpg`)).toBe(
      `${uploads}2024/05/1920x1080.jpg`,
    );
  });
});

describe('lists', () => {
  it('numbers ordered lists from their start and indents nested ones under their item', () => {
    const body = wordPressBodyToMarkdown(
      '<ol start="3"><li>Three<ul><li>inner</li></ul></li><li>Four</li></ol>',
      lookups,
    );
    expect(body.markdown).toBe('3. Three\n   - inner\n4. Four');
  });

  it('keeps a preformatted or verse block’s lines and spacing as a code block', () => {
    const body = wordPressBodyToMarkdown(
      '<!-- wp:preformatted -->\n<pre class="wp-block-preformatted">Two roads<br>  (\\_/)  <br>  (=\'.\'=)<br><br>a &gt; b</pre>\n<!-- /wp:preformatted -->\n\n<pre><code>let x = 1;</code></pre>',
      lookups,
    );
    expect(body.markdown).toBe(
      "```\nTwo roads\n  (\\_/)  \n  (='.'=)\n\na > b\n```\n\n```\nlet x = 1;\n```",
    );
  });
});
