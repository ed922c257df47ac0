import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '../../src/features/admin/messages.ts';
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
import { signIn, signInAccountRule } from '../../src/features/admin/server/sign-in.ts';
import { UserError } from '../../src/features/admin/server/users.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

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

    it('locks an address out after five wrong passwords until its window ends, right password or not', async () => {
      const now = nextWindow();
      const attempt = (pw: string, at: number, client = '198.51.100.1') =>
        signIn(handle.db, secret, { email: 'owner@example.org', password: pw, client }, at);
      for (let i = 0; i < signInAccountRule.limit; i++) {
        expect(await attempt('wrong password!', now + i)).toMatchObject({ outcome: 'refused' });
      }
      // From another client too: the count belongs to the address.
      const locked = await attempt(password, now + 10, '203.0.113.9');
      expect(locked).toEqual({
        outcome: 'refused',
        message: 'Too many sign-in attempts. Try again in 15 minutes.',
        retryAfterSeconds: 900,
      });
      // An unknown address is locked out the same way, so a lock-out reveals nothing.
      for (let i = 0; i < signInAccountRule.limit; i++) await attempt('x', now + 20 + i, 'c2');
      const unknownLocked = await signIn(
        handle.db,
        secret,
        { email: 'nobody@example.org', password: 'x', client: 'c3' },
        now + 30,
      );
      expect(unknownLocked).toMatchObject({ outcome: 'refused' });
      expect(await attempt(password, now + signInAccountRule.windowMs)).toMatchObject({
        outcome: 'signed-in',
      });
    });

    it('refuses a client after 20 attempts in 15 minutes, whichever addresses it tries', async () => {
      const now = nextWindow();
      for (let i = 0; i < 20; i++) {
        await signIn(
          handle.db,
          secret,
          { email: `guess${i}@example.org`, password: 'x', client: '192.0.2.77' },
          now + i,
        );
      }
      const refused = await signIn(
        handle.db,
        secret,
        { email: 'owner@example.org', password, client: '192.0.2.77' },
        now + 60_000,
      );
      expect(refused).toMatchObject({
        outcome: 'refused',
        message: 'Too many sign-in attempts. Try again in 14 minutes.',
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
