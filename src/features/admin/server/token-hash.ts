import { createHash } from 'node:crypto';

/**
 * What the database keeps of a secret token (a session's, a set-up link's): its SHA-256, so a
 * copy of the database signs no one in and opens no link.
 */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}
