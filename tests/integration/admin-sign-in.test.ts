import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
import { changePassword } from '../../src/features/admin/server/password-change.ts';
import {
  createSession,
  csrfToken,
  csrfTokenMatches,
  endAllSessions,
  endSession,
  readSession,
  sessionIdleMs,
  sessionLifetimeMs,
  signedInUserId,
} from '../../src/features/admin/server/sessions.ts';
import {
  createSetupLink,
  redeemSetupLink,
  setupLinkIsLive,
  setupLinkLifetimeMs,
} from '../../src/features/admin/server/setup-link.ts';
import { signIn } from '../../src/features/admin/server/sign-in.ts';
import { UserError } from '../../src/features/admin/server/users.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

/** A password hash as passwords.ts writes one, at a chosen scrypt cost. */
function scryptHash(text: string, N: number): string {
  const salt = randomBytes(16);
  const key = scryptSync(text.normalize('NFKC'), salt, 32, { N, r: 8, p: 1 });
  return ['scrypt', N, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const secret = 'test secret';
const password = 'correct horse battery';
const cookie = (token: string) => `other=1; ${sessionCookieName}=${token}`;

for (const database of testDatabases()) {
  describe(`administrator sign-in on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    let userId: number;
    // Each test starts in a window of its own, so rate-limit counts never carry over.
    let clock = 1_899_999_900_000; // a multiple of the 15-minute window
    const nextWindow = () => {
      clock += 24 * 60 * 60 * 1000;
      return clock;
    };
    beforeAll(async () => {
      handle = await database.open();
      await handle.db.deleteFrom('users').execute();
      await handle.db.deleteFrom('setup_links').execute();
    });
    afterAll(() => handle?.close());

    it('creates the first administrator through a set-up link, once, within the hour', async () => {
      const now = nextWindow();
      const token = await createSetupLink(handle.db, now);
      expect(await setupLinkIsLive(handle.db, token, now)).toBe(true);
      expect(await setupLinkIsLive(handle.db, `${token}x`, now)).toBe(false);
      expect(await setupLinkIsLive(handle.db, token, now + setupLinkLifetimeMs)).toBe(false);

      // A short password is refused and leaves the link unspent.
      await expect(
        redeemSetupLink(handle.db, token, { email: 'owner@example.org', password: 'short' }, now),
      ).rejects.toBeInstanceOf(UserError);
      expect(await setupLinkIsLive(handle.db, token, now)).toBe(true);

      const expired = await redeemSetupLink(
        handle.db,
        token,
        { email: 'owner@example.org', password },
        now + setupLinkLifetimeMs,
      );
      expect(expired).toEqual({ outcome: 'refused', message: adminMessages.setupLinkInvalid });

      const created = await redeemSetupLink(
        handle.db,
        token,
        { email: 'Owner@Example.org', password },
        now,
      );
      expect(created).toMatchObject({ outcome: 'created', email: 'owner@example.org' });
      if (created.outcome === 'created') userId = created.userId;

      const again = await redeemSetupLink(
        handle.db,
        await createSetupLink(handle.db, now),
        { email: 'second@example.org', password },
        now,
      );
      expect(again).toEqual({ outcome: 'refused', message: adminMessages.setupAdminExists });
      expect(await setupLinkIsLive(handle.db, token, now)).toBe(false);
    });

    it('signs in with the right password, and refuses a wrong one or an unknown address alike', async () => {
      const now = nextWindow();
      const client = '192.0.2.1';
      const right = await signIn(
        handle.db,
        secret,
        { email: ' OWNER@example.org ', password, client },
        now,
      );
      expect(right).toMatchObject({ outcome: 'signed-in', userId });
      if (right.outcome === 'signed-in') {
        expect(await signedInUserId(handle.db, cookie(right.token), now)).toBe(userId);
      }
      const wrong = await signIn(
        handle.db,
        secret,
        { email: 'owner@example.org', password: `${password}!`, client },
        now,
      );
      const unknown = await signIn(
        handle.db,
        secret,
        { email: 'nobody@example.org', password, client },
        now,
      );
      expect(wrong).toEqual({ outcome: 'refused', message: adminMessages.signInWrong });
      expect(unknown).toEqual(wrong);
    });

    // The throttle tests check many passwords: the owner's is stored with a small scrypt cost
    // (verifyPassword reads the cost from the stored hash), so each check takes a millisecond.
    let cheapHash: Promise<unknown> | undefined;
    // A sign-in attempt at a given time; the clock is the test's, so windows are exact.
    const attempt = async (
      at: number,
      client: string,
      pw = 'wrong password!',
      email = 'owner@example.org',
    ) => {
      cheapHash ??= handle.db
        .updateTable('users')
        .set({ password_hash: scryptHash(password, 2 ** 10) })
        .where('id', '=', userId)
        .execute();
      await cheapHash;
      return signIn(handle.db, secret, { email, password: pw, client }, at);
    };
    const wrongAnswer = { outcome: 'refused', message: adminMessages.signInWrong };
    const waitAnswer = (seconds: number) => ({
      outcome: 'refused',
      message: adminMessages.signInThrottled(seconds),
      retryAfterSeconds: seconds,
    });

    it("never keeps the owner's right password out for wrong ones sent from elsewhere", async () => {
      const now = nextWindow();
      for (let i = 0; i < 5; i++)
        expect(await attempt(now + i, '198.51.100.1')).toEqual(wrongAnswer);
      expect(await attempt(now + 10, '198.51.100.1', password)).toMatchObject({
        outcome: 'refused',
        retryAfterSeconds: 900,
      });
      // Guessing spread over many clients, one wrong password each.
      for (let i = 0; i < 12; i++) await attempt(now + 20 + i, `10.0.0.${i}`);
      expect(await attempt(now + 60, '203.0.113.7', password)).toMatchObject({
        outcome: 'signed-in',
        userId,
      });
    });

    it("refuses a client's sixth wrong password for an address within any 15 minutes, saying the real wait", async () => {
      const boundary = nextWindow(); // a multiple of 15 minutes: where a clock's window turns
      const client = '198.51.100.2';
      const first = boundary - 60_000;
      for (let i = 0; i < 5; i++) {
        expect(await attempt(first + i * 10_000, client)).toEqual(wrongAnswer);
      }
      // Past the clock's boundary the five still count, and the wait is theirs.
      expect(await attempt(boundary + 30_000, client, password)).toEqual(waitAnswer(810));
      expect(adminMessages.signInThrottled(810)).toBe(
        'Too many sign-in attempts. Try again in 14 minutes.',
      );
      expect(await attempt(first + 900_000 - 44_500, client, password)).toEqual(waitAnswer(45));
      expect(adminMessages.signInThrottled(45)).toBe(
        'Too many sign-in attempts. Try again in 45 seconds.',
      );
      // Refused tries are no failures: the first one leaving the window lets one more in.
      expect(await attempt(first + 900_000, client)).toEqual(wrongAnswer);
      expect(await attempt(first + 900_001, client)).toEqual(waitAnswer(10));
      expect(await attempt(first + 910_000, client, password)).toMatchObject({
        outcome: 'signed-in',
      });
    });

    it("refuses a client's eleventh wrong password within 15 minutes, whichever addresses, across a boundary", async () => {
      const boundary = nextWindow();
      const client = '198.51.100.3';
      for (let i = 0; i < 10; i++) {
        const at = boundary - 50_000 + i * 10_000;
        expect(await attempt(at, client, 'x', `guess${i}@example.org`)).toEqual(wrongAnswer);
      }
      expect(await attempt(boundary + 60_000, client, password)).toEqual(waitAnswer(790));
      // Another client is not held back by this one.
      expect(await attempt(boundary + 60_000, '198.51.100.4', password)).toMatchObject({
        outcome: 'signed-in',
      });
    });

    it('slows guessing spread over many clients, yet lets in the right password from a client that has not failed', async () => {
      const now = nextWindow();
      for (const email of ['owner@example.org', 'nobody@example.org']) {
        const answers = [];
        // Ten clients, one wrong password each: the address is guarded.
        for (let i = 0; i < 10; i++)
          answers.push(await attempt(now + i, `10.1.0.${i}`, 'x', email));
        // A client that has failed gets one more try instead of four, then waits until the
        // guard ends (its first failure's window, or the address's tenth newest failure's).
        answers.push(await attempt(now + 20, '10.1.0.1', 'y', email));
        answers.push(await attempt(now + 30, '10.1.0.1', password, email));
        expect(answers.slice(0, 11)).toEqual(Array(11).fill(wrongAnswer));
        expect(answers[11]).toMatchObject({ outcome: 'refused', retryAfterSeconds: 900 });
        // An unknown address is answered alike, so the guard reveals nothing.
        if (email === 'owner@example.org') {
          expect(await attempt(now + 40, '203.0.113.50', password, email)).toMatchObject({
            outcome: 'signed-in',
          });
        }
      }
    });

    it('counts wrong passwords sent at once before any of them is checked', async () => {
      const now = nextWindow();
      const client = '198.51.100.5';
      const burst = await Promise.all(Array.from({ length: 12 }, () => attempt(now, client)));
      const isWrong = (answer: unknown) => JSON.stringify(answer) === JSON.stringify(wrongAnswer);
      let checked = burst.filter(isWrong).length;
      expect(checked).toBeLessThanOrEqual(5);
      let after = await attempt(now + 1, client);
      for (let i = 2; isWrong(after) && i < 20; i++) {
        checked++;
        after = await attempt(now + i, client);
      }
      expect(checked).toBe(5);
      expect(after).toMatchObject({ outcome: 'refused', retryAfterSeconds: 900 });
    });

    it("forgets a client's failures for the address once it signs in", async () => {
      const now = nextWindow();
      const client = '198.51.100.6';
      for (let i = 0; i < 4; i++) await attempt(now + i, client);
      expect(await attempt(now + 10, client, password)).toMatchObject({ outcome: 'signed-in' });
      for (let i = 0; i < 5; i++) expect(await attempt(now + 20 + i, client)).toEqual(wrongAnswer);
      expect(await attempt(now + 30, client)).toMatchObject({ retryAfterSeconds: 900 });
    });

    it('throttles wrong current passwords when changing it, and sign-in stays open', async () => {
      const now = nextWindow();
      const change = (current: string) =>
        changePassword(handle.db, secret, userId, { current, next: 'x', again: 'x' }, now);
      for (let i = 0; i < 5; i++) {
        expect(await change('wrong')).toMatchObject({
          message: adminMessages.currentPasswordWrong,
        });
      }
      expect(await change(password)).toEqual({
        outcome: 'refused',
        message: adminMessages.signInThrottled(900),
        field: 'current',
      });
      expect(await attempt(now, '198.51.100.7', password)).toMatchObject({
        outcome: 'signed-in',
      });
    });

    it('ends a session after a week unused, or after 30 days however used', async () => {
      const start = nextWindow();
      const token = await createSession(handle.db, userId, start);
      // Used every six days, it lives to its absolute end and no further.
      let at = start;
      while (at + 6 * 86_400_000 < start + sessionLifetimeMs) {
        at += 6 * 86_400_000;
        expect((await readSession(handle.db, cookie(token), at))?.userId).toBe(userId);
      }
      expect(
        await readSession(handle.db, cookie(token), start + sessionLifetimeMs),
      ).toBeUndefined();

      const idle = await createSession(handle.db, userId, start);
      expect(await signedInUserId(handle.db, cookie(idle), start + sessionIdleMs - 1)).toBe(userId);
      // Only a read through readSession counts as use.
      expect(await signedInUserId(handle.db, cookie(idle), start + sessionIdleMs)).toBeUndefined();
    });

    it('signs out one browser, or every one', async () => {
      const now = nextWindow();
      const first = await createSession(handle.db, userId, now);
      const second = await createSession(handle.db, userId, now);
      const third = await createSession(handle.db, userId, now);
      await endSession(handle.db, cookie(first));
      expect(await readSession(handle.db, cookie(first), now)).toBeUndefined();
      expect(await readSession(handle.db, cookie(second), now)).toBeDefined();
      expect(await endAllSessions(handle.db, userId)).toBeGreaterThanOrEqual(2);
      expect(await readSession(handle.db, cookie(second), now)).toBeUndefined();
      expect(await readSession(handle.db, cookie(third), now)).toBeUndefined();
    });

    it("derives each session's CSRF token, which no other session's matches", async () => {
      const now = nextWindow();
      const one = await readSession(
        handle.db,
        cookie(await createSession(handle.db, userId, now)),
        now,
      );
      const two = await readSession(
        handle.db,
        cookie(await createSession(handle.db, userId, now)),
        now,
      );
      if (!one || !two) throw new Error('sessions did not start');
      expect(csrfTokenMatches(secret, one, csrfToken(secret, one))).toBe(true);
      expect(csrfTokenMatches(secret, one, csrfToken(secret, two))).toBe(false);
      expect(csrfTokenMatches('another secret', one, csrfToken(secret, one))).toBe(false);
      expect(csrfTokenMatches(secret, one, '')).toBe(false);
      expect(csrfTokenMatches(secret, one, undefined)).toBe(false);
    });
  });
}
