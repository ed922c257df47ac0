import { describe, expect, it } from 'vitest';
import { phpUnserialize } from './php-unserialize.ts';

describe('phpUnserialize', () => {
  it('reads nested arrays, counting string lengths in UTF-8 bytes', () => {
    const value = phpUnserialize(
      'a:3:{s:5:"width";i:1200;s:4:"file";s:14:"2024/05/é.jpg";s:5:"sizes";a:1:{s:5:"thumb";a:2:{s:4:"file";s:9:"t-1x1.jpg";s:5:"ratio";d:1.5;}}}',
    );
    expect(value).toEqual({
      width: 1200,
      file: '2024/05/é.jpg',
      sizes: { thumb: { file: 't-1x1.jpg', ratio: 1.5 } },
    });
  });

  it('reads scalars and integer keys', () => {
    expect(phpUnserialize('b:1;')).toBe(true);
    expect(phpUnserialize('N;')).toBeNull();
    expect(phpUnserialize('a:2:{i:0;s:1:"a";i:1;s:1:"b";}')).toEqual({ 0: 'a', 1: 'b' });
  });

  it('refuses objects, wrong lengths and trailing text instead of guessing', () => {
    expect(phpUnserialize('O:8:"stdClass":0:{}')).toBeUndefined();
    expect(phpUnserialize('s:5:"abc";')).toBeUndefined();
    expect(phpUnserialize('i:1;junk')).toBeUndefined();
    expect(phpUnserialize('a:1:{s:1:"a";')).toBeUndefined();
  });
});
