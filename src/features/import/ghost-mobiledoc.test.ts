import { describe, expect, it } from 'vitest';
import { mobiledocToMarkdown } from './ghost-mobiledoc.ts';

const base = { link: (url: string) => url, image: (url: string) => url, rewrite: (t: string) => t };

describe('mobiledocToMarkdown', () => {
  it('opens and closes markups across markers, links included', () => {
    const body = mobiledocToMarkdown(
      {
        version: '0.3.1',
        atoms: [['soft-return', '', {}]],
        markups: [['a', ['href', 'https://x.example/']], ['strong'], ['u']],
        cards: [['hr', {}]],
        sections: [
          [
            1,
            'h2',
            [
              [0, [0, 1], 1, 'Bold link'],
              [0, [], 1, ' rest'],
            ],
          ],
          [
            1,
            'P',
            [
              [0, [2], 1, 'under'],
              [1, [], 0, 0],
              [0, [], 0, 'next'],
            ],
          ],
          [10, 0],
          [3, 'ol', [[[0, [], 0, 'one']]]],
        ],
      },
      base,
    );
    expect(body.markdown).toBe(
      '## [**Bold link** rest](https://x.example/)\n\nunder  \nnext\n\n---\n\n1. one',
    );
  });

  it('refuses what has no sections', () => {
    expect(() => mobiledocToMarkdown('{"version":"0.3.1"}', base)).toThrow(SyntaxError);
  });
});
