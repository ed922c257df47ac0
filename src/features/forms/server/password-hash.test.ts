import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword } from './password-hash.ts';

describe('a form password’s hash', () => {
  it('is scrypt with its salt, never the password', async () => {
    const stored = await hashPassword('secret words');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(stored).not.toContain('secret');
    const [, n, r, p, salt, hash] = stored.split('$');
    const again = scryptSync('secret words', Buffer.from(salt ?? '', 'base64'), 32, {
      N: Number(n),
      r: Number(r),
      p: Number(p),
    });
    expect(again.toString('base64')).toBe(hash);
  });

  it('is computed off the event loop: other callbacks run while it is being worked out', async () => {
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    const hashing = hashPassword('correct horse battery staple');
    // Hashed on the event loop, the hash would be done before any other callback could run.
    await hashing;
    expect(otherWorkRan).toBe(true);
  });
});
