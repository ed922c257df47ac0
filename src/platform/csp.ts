import { createHash } from 'node:crypto';

const hashes = new Map<string, `sha256-${string}`>();

/**
 * The Content-Security-Policy source that lets one inline script run: the SHA-256 of its text,
 * computed once per process. Only scripts the site itself inlines (their text fixed by the
 * build) are hashed; nothing a visitor or an author wrote ever is.
 */
export function cspHash(source: string): `sha256-${string}` {
  let hash = hashes.get(source);
  if (hash === undefined) {
    hash = `sha256-${createHash('sha256').update(source).digest('base64')}` as const;
    hashes.set(source, hash);
  }
  return hash;
}
