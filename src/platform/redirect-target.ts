/**
 * Whether a redirect target taken from input (a form's confirmation, a query parameter) may go
 * in a Location header or `window.location`: a path of this site (`/…`, never `//…`) or an
 * absolute http(s) URL without credentials. Backslashes, whitespace and control characters are
 * refused anywhere: browsers read `\` as `/` and drop tabs and newlines, so `/\evil.example`
 * or `/<tab>/evil.example` would lead to another site.
 */
export function isSafeRedirectTarget(target: string): boolean {
  if (target.length === 0 || target.length > 2000) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\\\s\u0000-\u001f\u007f]/.test(target)) return false;
  if (target.startsWith('/')) return !target.startsWith('//');
  try {
    const url = new URL(target);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      url.username === '' &&
      url.password === ''
    );
  } catch {
    return false;
  }
}

/**
 * Where a visitor who asked for an old address with `search` (`?utm_source=mail`, or empty) is
 * sent: the target with the visitor's query after its own, before its fragment.
 */
export function redirectLocation(target: string, search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (query === '') return target;
  const hashAt = target.indexOf('#');
  const beforeHash = hashAt === -1 ? target : target.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : target.slice(hashAt);
  const joiner = beforeHash.includes('?') ? (beforeHash.endsWith('?') ? '' : '&') : '?';
  return `${beforeHash}${joiner}${query}${hash}`;
}
