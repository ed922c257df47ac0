import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../src/features/admin/server/sign-in.ts';
import { acceptInvite, inviteUser } from '../../src/features/admin/server/user-admin.ts';
import { createAdmin, ensureUserAwaitingInvite } from '../../src/features/admin/server/users.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

/**
 * An imported author (issue 30, decision 0063) is a user with no password: nobody signs in to
 * it until an administrator invites its address; accepting the invitation completes the same
 * account, so the author's posts stay theirs. Once per database.
 */
for (const database of testDatabases()) {
  describe(`imported authors on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle?.close());

    it('cannot sign in until invited, and keeps its account when the invitation is accepted', async () => {
      const admin = await createAdmin(handle.db, {
        email: 'owner@example.org',
        password: 'a long and careful password',
      });
      const id = await ensureUserAwaitingInvite(
        handle.db,
        { email: 'Ana@Example.com', name: 'Ana Müller' },
        'author',
      );
      expect(
        await ensureUserAwaitingInvite(
          handle.db,
          { email: 'ana@example.com', name: 'A' },
          'author',
        ),
      ).toBe(id);
      expect(
        await ensureUserAwaitingInvite(
          handle.db,
          { email: 'owner@example.org', name: 'O' },
          'author',
        ),
      ).toBe(admin.id);
      const attempt = { email: 'ana@example.com', password: '', client: 'test' };
      expect((await signIn(handle.db, 'secret', attempt)).outcome).toBe('refused');

      await expect(
        inviteUser(handle.db, { email: 'owner@example.org', role: 'author', invitedBy: admin.id }),
      ).rejects.toThrow();
      const invite = await inviteUser(handle.db, {
        email: 'ana@example.com',
        role: 'author',
        invitedBy: admin.id,
      });
      const accepted = await acceptInvite(handle.db, invite.token, {
        name: 'Ana',
        password: 'her own long password',
      });
      expect(accepted).toEqual({ userId: id, email: 'ana@example.com' });
      const signedIn = await signIn(handle.db, 'secret', {
        ...attempt,
        password: 'her own long password',
      });
      expect(signedIn).toMatchObject({ outcome: 'signed-in', userId: id });
    });
  });
}
