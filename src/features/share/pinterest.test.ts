import { describe, expect, it } from 'vitest';
import { eligiblePinImages, type PinCandidate, pinterestCreateUrl } from './pinterest.ts';

const image = (overrides: Partial<PinCandidate> = {}): PinCandidate => ({
  src: 'https://site.test/media/1/960/a.jpg',
  width: 960,
  height: 640,
  alt: 'A',
  noPin: false,
  ...overrides,
});

describe('pinterestCreateUrl', () => {
  it('escapes the page, the image and the description', () => {
    const url = new URL(
      pinterestCreateUrl(
        'https://site.test/a-post/?x=1&y=2',
        'https://site.test/media/1/960/a b.jpg',
        'Fish & chips #1 "best"',
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe('https://www.pinterest.com/pin/create/button/');
    expect(url.searchParams.get('url')).toBe('https://site.test/a-post/?x=1&y=2');
    expect(url.searchParams.get('media')).toBe('https://site.test/media/1/960/a b.jpg');
    expect(url.searchParams.get('description')).toBe('Fish & chips #1 "best"');
    expect(url.search).not.toContain('&y=2');
  });
});

describe('eligiblePinImages', () => {
  it('keeps images larger than 100×100 px that are not marked no-pin, once each', () => {
    const list = [
      image(),
      image({ src: 'https://site.test/b.jpg', width: 100, height: 400 }),
      image({ src: 'https://site.test/c.jpg', width: 400, height: 100 }),
      image({ src: 'https://site.test/d.jpg', width: 101, height: 101 }),
      image({ src: 'https://site.test/e.jpg', noPin: true }),
      image(),
      image({ src: 'data:image/png;base64,AAAA' }),
    ];
    expect(eligiblePinImages(list).map((i) => i.src)).toEqual([
      'https://site.test/media/1/960/a.jpg',
      'https://site.test/d.jpg',
    ]);
  });
});
