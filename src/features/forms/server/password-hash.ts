import { randomBytes, scrypt } from 'node:crypto';

/**
 * A password a form received, as its entry keeps it: scrypt with a random salt, never the
 * password itself (decision 0039); the owner can check a password against it, nobody can read
 * it back. scrypt runs on libuv's thread pool, never on the event loop, and at most two at a
 * time per process: each takes 16 MiB and tens of milliseconds, so a burst of bot posts waits
 * its turn instead of stalling every other request (issue 28, point 14).
 */
const params = { N: 16384, r: 8, p: 1 };
const atOnce = 2;

let running = 0;
const waiting: Array<() => void> = [];

async function takeTurn(): Promise<() => void> {
  if (running >= atOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  return () => {
    running--;
    waiting.shift()?.();
  };
}

export async function hashPassword(password: string, salt = randomBytes(16)): Promise<string> {
  const done = await takeTurn();
  try {
    const hash = await new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize('NFKC'), salt, 32, params, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
    return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64')}$${hash.toString('base64')}`;
  } finally {
    done();
  }
}
