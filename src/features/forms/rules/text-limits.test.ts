import { describe, expect, it } from 'vitest';
import { countCharacters, counterText, countWords, limitError } from './text-limits.ts';

const characters = { count: 5, mode: 'characters' } as const;
const words = { count: 3, mode: 'words' } as const;

describe('countCharacters', () => {
  it('counts an emoji as one character', () => {
    expect('héllo 😀'.length).toBe(8);
    expect(countCharacters('héllo 😀')).toBe(7);
  });
  it('counts a line break once, whether it arrives as \\n or \\r\\n', () => {
    expect(countCharacters('a\r\nb')).toBe(3);
    expect(countCharacters('a\nb')).toBe(3);
  });
  it('counts nothing in an empty text', () => {
    expect(countCharacters('')).toBe(0);
  });
});

describe('countWords', () => {
  it('counts runs of non-whitespace', () => {
    expect(countWords('  one two\tthree\n\nfour  ')).toBe(4);
    expect(countWords('well-known, isn’t it? 😀')).toBe(4);
    expect(countWords('a\u00a0b')).toBe(2);
  });
  it('counts no words in blank text', () => {
    expect(countWords('')).toBe(0);
    expect(countWords(' \n ')).toBe(0);
  });
});

describe('counterText', () => {
  it('shows characters used of the limit', () => {
    expect(counterText('ab😀', characters)).toBe('3 of 5 max characters.');
  });
  it('shows words used of the limit', () => {
    expect(counterText('one two', words)).toBe('2 of 3 max words.');
  });
});

describe('limitError', () => {
  it('refuses more characters than the limit', () => {
    expect(limitError('abcdef', characters)).toBe('Please enter no more than 5 characters.');
  });
  it('accepts exactly the character limit, emoji counting once', () => {
    expect(limitError('abcd😀', characters)).toBeUndefined();
  });
  it('refuses more words than the limit', () => {
    expect(limitError('one two three four', words)).toBe('Please enter no more than 3 words.');
  });
  it('accepts exactly the word limit', () => {
    expect(limitError(' one  two three ', words)).toBeUndefined();
  });
});
