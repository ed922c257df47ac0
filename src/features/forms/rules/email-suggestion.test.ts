import { describe, expect, it } from 'vitest';
import { suggestEmail, typoDistance } from './email-suggestion.ts';

describe('suggestEmail', () => {
  it('suggests a close well-known mail domain', () => {
    expect(suggestEmail('ada@gmial.com')).toBe('ada@gmail.com');
    expect(suggestEmail('ada@hotmail.con')).toBe('ada@hotmail.com');
    expect(suggestEmail('ada@yahoo.cmo')).toBe('ada@yahoo.com');
    expect(suggestEmail('ada@gmail.co')).toBe('ada@gmail.com');
  });
  it('suggests a close well-known provider name, keeping the country', () => {
    expect(suggestEmail('ada@hotmial.co.uk')).toBe('ada@hotmail.co.uk');
    expect(suggestEmail('ada@yaho.fr')).toBe('ada@yahoo.fr');
  });
  it('suggests a close well-known top-level domain', () => {
    expect(suggestEmail('ada@example.dve')).toBe('ada@example.dev');
    expect(suggestEmail('ada@company.cmo')).toBe('ada@company.com');
    expect(suggestEmail('ada@company.ogr')).toBe('ada@company.org');
  });
  it('keeps the local part as typed and ignores surrounding whitespace', () => {
    expect(suggestEmail(' Ada.Lovelace@GMIAL.com ')).toBe('Ada.Lovelace@gmail.com');
  });
  it('leaves a correct address alone', () => {
    for (const good of [
      'ada@gmail.com',
      'ada@example.dev',
      'ada@yahoo.co.uk',
      'ada@hotmail.fr',
      'ada@mail.com',
      'ada@email.com',
    ]) {
      expect(suggestEmail(good), good).toBeUndefined();
    }
  });
  it('leaves an unknown but plausible address alone', () => {
    for (const plausible of [
      'someone@company.org',
      'someone@company.co',
      'someone@company.xyz',
      'someone@ibm.com',
      'someone@ge.com',
      'someone@agency.gov.uk',
      'someone@firma.com.br',
      'someone@gmail.de',
    ]) {
      expect(suggestEmail(plausible), plausible).toBeUndefined();
    }
  });
  it('has nothing to suggest for something that is not an address', () => {
    for (const other of ['', 'gmial.com', '@gmial.com', 'ada@', 'ada@gmial']) {
      expect(suggestEmail(other), other).toBeUndefined();
    }
  });
});

describe('typoDistance', () => {
  it('counts insertions, deletions, substitutions and swaps of neighbours as one edit each', () => {
    expect(typoDistance('gmail', 'gmail')).toBe(0);
    expect(typoDistance('gmai', 'gmail')).toBe(1);
    expect(typoDistance('gmaill', 'gmail')).toBe(1);
    expect(typoDistance('gnail', 'gmail')).toBe(1);
    expect(typoDistance('gmial', 'gmail')).toBe(1);
    expect(typoDistance('ibm', 'aim')).toBe(2);
    expect(typoDistance('', 'com')).toBe(3);
  });
});
