import { describe, expect, it } from 'vitest';
import { markdownImages, mediaIdsIn, withoutImage } from './media-references.ts';

describe('references to stored images', () => {
  it('finds every image a text uses once, by whole ids, relative or absolute', () => {
    expect(
      mediaIdsIn(
        '![a](/media/12/960/a.jpg) [b](https://blog.example/media/3/1920/b.png) /media/12/320/a.jpg <img src="/media/7/640/c.gif"> /media/123x /media/45',
      ),
    ).toEqual([12, 3, 7, 45]);
    expect(mediaIdsIn('No images here, only /mediator/4 and /media/.')).toEqual([]);
  });

  it('reads each Markdown image’s description', () => {
    expect(
      markdownImages(
        '![A quay \\[at dusk\\]](/media/4/960/quay.jpg "Title")\n\n![](/media/5/960/b.jpg) ![x](https://elsewhere.example/pic.jpg)',
      ),
    ).toEqual([
      { id: 4, alt: 'A quay [at dusk]' },
      { id: 5, alt: '' },
    ]);
  });

  it('takes an image out of a text: its lines, its links and what points at it, nothing else', () => {
    const text = [
      'Before the image.',
      '',
      '![A quay](/media/4/960/quay.jpg)',
      '',
      'Words with an ![inline one](/media/4/320/quay.jpg "t") inside, and [a link to it](/media/4/1920/quay.jpg) too.',
      '',
      '[![Linked](/media/4/640/quay.jpg)](/some/page/)',
      '[![Another](/media/40/640/other.jpg)](/media/4/1920/quay.jpg)',
      '<img src="https://blog.example/media/4/960/quay.jpg" alt="html">',
      '[ref]: /media/4/960/quay.jpg',
      'The full size is at <https://blog.example/media/4/1920/quay.jpg>.',
      '',
      '![Not this one](/media/40/960/other.jpg)',
      '',
      'After.',
    ].join('\n');
    const result = withoutImage(text, 4);
    expect(result).toBe(
      [
        'Before the image.',
        '',
        'Words with an  inside, and a link to it too.',
        '',
        '![Another](/media/40/640/other.jpg)',
        'The full size is at .',
        '',
        '![Not this one](/media/40/960/other.jpg)',
        '',
        'After.',
      ].join('\n'),
    );
    expect(mediaIdsIn(result)).toEqual([40]);
  });

  it('leaves a text without the image as it was, blank lines and all', () => {
    const text = 'One.\n\n\n![x](/media/44/960/x.jpg)\n\n';
    expect(withoutImage(text, 4)).toBe(text);
  });
});
