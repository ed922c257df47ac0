import { describe, expect, it } from 'vitest';
import { emailError, isAllowedEmail, isValidEmail } from './email.ts';

/** `a@` and three 63-letter labels (194 characters), then a last label making up `length`. */
function addressOfLength(length: number): string {
  const label = 'b'.repeat(63);
  return `a@${label}.${label}.${label}.${'c'.repeat(length - 194)}`;
}

describe('isValidEmail', () => {
  it('accepts ordinary addresses', () => {
    for (const good of [
      'ada@example.com',
      'Ada.Lovelace+news@mail.example.co.uk',
      "o'brien_1@example.org",
      "!#$%&'*+-/=?^_`{|}~@example.com",
      'x@xn--bcher-kva.de',
    ]) {
      expect(isValidEmail(good), good).toBe(true);
    }
  });
  it('needs at least 6 characters', () => {
    expect(isValidEmail('a@b.c')).toBe(false);
    expect(isValidEmail('a@b.cd')).toBe(true);
  });
  it('allows at most 254 characters', () => {
    const longest = addressOfLength(254);
    const tooLong = addressOfLength(255);
    expect([longest.length, tooLong.length]).toEqual([254, 255]);
    expect(isValidEmail(longest)).toBe(true);
    expect(isValidEmail(tooLong)).toBe(false);
  });
  it('needs exactly one @', () => {
    expect(isValidEmail('ada.example.com')).toBe(false);
    expect(isValidEmail('ada@lovelace@example.com')).toBe(false);
  });
  it('refuses an @ in the first position', () => {
    expect(isValidEmail('@example.com')).toBe(false);
  });
  it('allows a local part of up to 63 characters', () => {
    expect(isValidEmail(`${'a'.repeat(63)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(false);
  });
  it('refuses characters outside atext in the local part', () => {
    for (const bad of [
      'ada lovelace@example.com',
      '"ada"@example.com',
      'ada(x)@example.com',
      'a,b@example.com',
      'ada;@example.com',
      'ada\\@example.com',
      'adä@example.com',
    ]) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
  it('refuses leading, trailing or consecutive dots in the local part', () => {
    expect(isValidEmail('.ada@example.com')).toBe(false);
    expect(isValidEmail('ada.@example.com')).toBe(false);
    expect(isValidEmail('ada..l@example.com')).toBe(false);
    expect(isValidEmail('ada.l@example.com')).toBe(true);
  });
  it('refuses consecutive dots in the domain', () => {
    expect(isValidEmail('ada@example..com')).toBe(false);
  });
  it('refuses a leading dot in the domain', () => {
    expect(isValidEmail('ada@.example.com')).toBe(false);
  });
  it('refuses a trailing dot in the domain', () => {
    expect(isValidEmail('ada@example.com.')).toBe(false);
  });
  it('needs at least two domain labels', () => {
    expect(isValidEmail('ada@localhost')).toBe(false);
    expect(isValidEmail('ada@local.host')).toBe(true);
  });
  it('allows domain labels of up to 63 characters', () => {
    expect(isValidEmail(`ada@${'b'.repeat(63)}.com`)).toBe(true);
    expect(isValidEmail(`ada@${'b'.repeat(64)}.com`)).toBe(false);
    expect(isValidEmail(`ada@example.${'c'.repeat(64)}`)).toBe(false);
  });
  it('allows only ASCII letters, digits and hyphens in domain labels', () => {
    expect(isValidEmail('ada@ex-ample2.com')).toBe(true);
    for (const bad of ['ada@ex_ample.com', 'ada@exa mple.com', 'ada@bücher.de', 'ada@[1.2.3.4]']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
  });
  it('refuses a leading hyphen in a domain label', () => {
    expect(isValidEmail('ada@-example.com')).toBe(false);
    expect(isValidEmail('ada@example.-com')).toBe(false);
  });
  it('refuses a trailing hyphen in a domain label', () => {
    expect(isValidEmail('ada@example-.com')).toBe(false);
  });
});

describe('emailError', () => {
  it('explains an invalid address', () => {
    expect(emailError('ada@example')).toBe('Please enter a valid email address.');
  });
  it('accepts a valid address and an empty value (required is a separate rule)', () => {
    expect(emailError('ada@example.com')).toBeUndefined();
    expect(emailError('')).toBeUndefined();
  });
});

describe('isAllowedEmail', () => {
  it('allows every address when both lists are empty', () => {
    expect(isAllowedEmail('ada@example.com', [], [])).toBe(true);
  });
  it('with an allow list, allows only matching addresses', () => {
    const allow = ['*@example.com', 'someone@example.org'];
    expect(isAllowedEmail('ada@example.com', allow, [])).toBe(true);
    expect(isAllowedEmail('someone@example.org', allow, [])).toBe(true);
    expect(isAllowedEmail('other@example.org', allow, [])).toBe(false);
    expect(isAllowedEmail('ada@example.net', allow, [])).toBe(false);
  });
  it('never allows a deny-list match, even one the allow list matches', () => {
    expect(isAllowedEmail('spam@example.com', [], ['spam@*'])).toBe(false);
    expect(isAllowedEmail('spam@example.com', ['*@example.com'], ['spam@*'])).toBe(false);
    expect(isAllowedEmail('ada@example.com', ['*@example.com'], ['spam@*'])).toBe(true);
  });
  it('matches a pattern without @ against exactly that domain', () => {
    expect(isAllowedEmail('ada@example.com', [], ['example.com'])).toBe(false);
    expect(isAllowedEmail('ada@mail.example.com', [], ['example.com'])).toBe(true);
    expect(isAllowedEmail('ada@notexample.com', [], ['example.com'])).toBe(true);
  });
  it('matches *.domain against its subdomains only', () => {
    expect(isAllowedEmail('ada@mail.example.com', [], ['*.example.com'])).toBe(false);
    expect(isAllowedEmail('ada@a.b.example.com', [], ['*.example.com'])).toBe(false);
    expect(isAllowedEmail('ada@example.com', [], ['*.example.com'])).toBe(true);
  });
  it('takes * anywhere in a pattern', () => {
    expect(isAllowedEmail('sales-eu@example.com', ['sales*@example.com'], [])).toBe(true);
    expect(isAllowedEmail('ada@example.com', ['sales*@example.com'], [])).toBe(false);
    expect(isAllowedEmail('ada@mail1.example.com', ['*@mail*.example.*'], [])).toBe(true);
    expect(isAllowedEmail('ada@example.com', [], ['*'])).toBe(false);
  });
  it('ignores case in address and pattern', () => {
    expect(isAllowedEmail('Ada@Example.COM', [], ['*@EXAMPLE.com'])).toBe(false);
    expect(isAllowedEmail('ADA@example.com', ['ada@example.com'], [])).toBe(true);
  });
  it('ignores blank patterns', () => {
    expect(isAllowedEmail('ada@example.com', ['', ' '], [''])).toBe(true);
  });
  it('stays fast on patterns with many stars', () => {
    const started = performance.now();
    expect(isAllowedEmail(`${'a'.repeat(60)}@example.com`, [], [`${'*a'.repeat(40)}b@*`])).toBe(
      true,
    );
    expect(performance.now() - started).toBeLessThan(100);
  });
});
