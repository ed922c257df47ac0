import { formMessages } from '../messages.ts';

/**
 * The local part: RFC 5322 `atext` (ASCII letters, digits and ! # $ % & ' * + - / = ? ^ _ `
 * { | } ~) in dot-separated runs, so no leading, trailing or doubled dot. Quoted strings and
 * comments are refused: real mailboxes do not use them and they are a common way to smuggle
 * spaces and `@` past a check.
 */
const localPartPattern = /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*$/;

/**
 * A domain label: ASCII letters, digits and inner hyphens. Internationalised domains must be
 * typed in their `xn--` form; allowing Unicode letters would also allow look-alike domains.
 * Labels are non-empty, which refuses leading, trailing and doubled dots in the domain.
 */
const domainLabelPattern = /^[a-z\d](?:[a-z\d-]*[a-z\d])?$/i;

/** The address exactly as given; callers pass it trimmed, as a browser's email input does. */
export function isValidEmail(value: string): boolean {
  if (value.length < 6 || value.length > 254) return false;
  const at = value.indexOf('@');
  if (at < 1 || at !== value.lastIndexOf('@')) return false;
  const localPart = value.slice(0, at);
  if (localPart.length > 63 || !localPartPattern.test(localPart)) return false;
  const labels = value.slice(at + 1).split('.');
  return (
    labels.length >= 2 &&
    labels.every((label) => label.length <= 63 && domainLabelPattern.test(label))
  );
}

export function emailError(value: string): string | undefined {
  return value === '' || isValidEmail(value) ? undefined : formMessages.email;
}

/**
 * `*` matches any run of characters, `**` included; everything else literally. Iterative
 * rather than a regular expression, so a pattern with many stars cannot make a visitor's
 * address backtrack for long (time is at most pattern × text).
 */
function matchesWildcard(text: string, pattern: string): boolean {
  let t = 0;
  let p = 0;
  let starAt = -1;
  let textAtStar = 0;
  while (t < text.length) {
    if (pattern[p] === '*') {
      starAt = p++;
      textAtStar = t;
    } else if (p < pattern.length && pattern[p] === text[t]) {
      p++;
      t++;
    } else if (starAt >= 0) {
      p = starAt + 1;
      t = ++textAtStar;
    } else {
      return false;
    }
  }
  while (pattern[p] === '*') p++;
  return p === pattern.length;
}

/**
 * A pattern with `@` is matched against the whole address (`*@example.com`,
 * `someone@example.org`); one without against the domain only, so `example.com` is exactly
 * that domain and `*.example.com` its subdomains (list both for both). Case-insensitive;
 * blank entries are ignored.
 */
function matchesEmailPattern(email: string, rawPattern: string): boolean {
  const pattern = rawPattern.trim().toLowerCase();
  if (pattern === '') return false;
  const subject = pattern.includes('@') ? email : email.slice(email.lastIndexOf('@') + 1);
  return matchesWildcard(subject, pattern);
}

/** A deny-list match always refuses; a non-empty allow list admits only its matches. */
export function isAllowedEmail(
  email: string,
  allowList: readonly string[],
  denyList: readonly string[],
): boolean {
  const address = email.trim().toLowerCase();
  const matches = (pattern: string) => matchesEmailPattern(address, pattern);
  if (denyList.some(matches)) return false;
  const allowPatterns = allowList.filter((pattern) => pattern.trim() !== '');
  return allowPatterns.length === 0 || allowPatterns.some(matches);
}
