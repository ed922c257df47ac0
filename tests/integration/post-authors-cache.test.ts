import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  acceptInvite,
  inviteUser,
  removeUser,
} from '../../src/features/admin/server/user-admin.ts';
import { createAdmin, ensureUserAwaitingInvite } from '../../src/features/admin/server/users.ts';
import { savePost, setPostAuthor } from '../../src/features/content/server/save-post.ts';
import { readContentVersion } from '../../src/platform/cache/content-version.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';

/**
 * A post's page names its author, so whatever changes who that is, or their name, makes the
 * cached pages out of date (the content version moves on). Once per database.
 */
for (const database of testDatabases()) {
  describe(`post authors and the page cache on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle?.close());

    /** Runs `change` and says whether the content version moved on. */
    const renews = async (change: () => Promise<unknown>) => {
      const before = await readContentVersion(handle.db);
      await change();
      return (await readContentVersion(handle.db)) > before;
    };
    const authorOf = async (id: number) =>
      (
        await handle.db
          .selectFrom('posts')
          .select('author_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).author_id;

    it('renews them when the first account takes the posts, a name changes or posts pass on', async () => {
      // Written before there was any account (the demo, the command line): by nobody.
      const early = await savePost(handle, { title: 'Before anyone', body: 'Early words.' });
      expect(await authorOf(early.id)).toBeNull();
      let ownerId = 0;
      expect(
        await renews(async () => {
          ownerId = (
            await createAdmin(handle.db, {
              email: 'owner@example.org',
              password: 'a long and careful password',
            })
          ).id;
        }),
      ).toBe(true);
      expect(await authorOf(early.id)).toBe(ownerId);

      // An imported author's posts, then the name they choose when they accept.
      const importedId = await ensureUserAwaitingInvite(
        handle.db,
        { email: 'ana@example.com', name: 'Ana Müller' },
        'author',
      );
      const imported = await savePost(handle, { title: 'Her notes', body: 'Imported words.' });
      expect(await renews(() => setPostAuthor(handle.db, imported.id, importedId))).toBe(true);
      const invite = await inviteUser(handle.db, {
        email: 'ana@example.com',
        role: 'author',
        invitedBy: ownerId,
      });
      expect(
        await renews(() =>
          acceptInvite(handle.db, invite.token, { name: 'Ana', password: 'her own long password' }),
        ),
      ).toBe(true);

      // Removed, her posts go to the owner.
      expect(
        await renews(() =>
          removeUser(handle.db, { userId: importedId, heirId: ownerId, by: ownerId }),
        ),
      ).toBe(true);
      expect(await authorOf(imported.id)).toBe(ownerId);
    });
  });
}
