import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { migrateToLatest, readSchemaState } from '../../src/platform/db/migrate.ts';
import { addFieldIdMarks } from '../../src/platform/db/migrations/2026-11-28-015-field-id-marks.ts';
import { addUsersAndRoles } from '../../src/platform/db/migrations/2026-11-28-020-users-and-roles.ts';
import { markDemoOffered } from '../../src/platform/db/migrations/2026-11-28-023-demo-offered.ts';
import type { MigrationDb } from '../../src/platform/db/migrations/schema-sql.ts';
import { testDatabases } from '../support/databases.ts';

/**
 * The names released databases have recorded in `kysely_migration`. Renaming one makes those
 * databases refuse to start, so this list only ever grows at its end.
 */
const releasedMigrations = [
  '2026-11-21-001-content',
  '2026-11-21-002-forms-and-mail',
  '2026-11-21-003-subscriptions',
  '2026-11-22-004-stats',
  '2026-11-26-005-admin-sign-in',
  '2026-11-26-006-admin-preferences',
  '2026-11-26-007-post-seo',
  '2026-11-26-008-payments',
  '2026-11-27-009-form-files',
  '2026-11-27-010-captcha',
  '2026-11-27-011-entry-review',
  '2026-11-27-012-form-deletion',
  '2026-11-28-013-honest-orders',
  '2026-11-28-014-sign-in-failures',
  '2026-11-28-015-field-id-marks',
  '2026-11-28-016-edit-revisions',
  '2026-11-28-017-redirects',
  '2026-11-28-018-trash',
  '2026-11-28-019-media-library',
  '2026-11-28-020-users-and-roles',
  '2026-11-28-021-backups',
  '2026-11-28-022-imports',
  '2026-11-28-023-demo-offered',
];

async function recordedMigrations(handle: DatabaseHandle) {
  const { rows } = await sql<{ name: string; timestamp: string }>`
    select name, timestamp from kysely_migration order by name`.execute(handle.db);
  return rows;
}

for (const database of testDatabases()) {
  describe(`migrations on ${database.name}`, () => {
    let handle: DatabaseHandle & { close: () => Promise<void> };
    beforeAll(async () => {
      handle = await database.open();
    });
    afterAll(() => handle?.close());

    it('record the released names, in order', async () => {
      const recorded = await recordedMigrations(handle);
      expect(recorded.map((row) => row.name)).toEqual(releasedMigrations);
    });

    it('give each form the largest field id it has given, from its fields and its answers', async () => {
      const now = Date.now();
      const form = async (definition: object, deleted = false) =>
        (
          await handle.db
            .insertInto('forms')
            .values({
              title: 'Form',
              definition: JSON.stringify({ title: 'Form', ...definition }),
              created_at: now,
              updated_at: now,
              deleted_at: deleted ? now : null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const answer = (formId: number, ids: number[]) =>
        handle.db
          .insertInto('form_entries')
          .values({
            form_id: formId,
            status: 'entry',
            spam_reason: null,
            fields: JSON.stringify(
              ids.map((id) => ({ id, type: 'text', label: `F${id}`, value: 'x' })),
            ),
            page_url: '/',
            visitor_id: null,
            user_agent: 'test',
            started_at: null,
            submitted_at: now,
            created_at: now,
            fingerprint: `marks-${formId}-${ids.join('-')}`,
          })
          .execute();
      const text = (id: number) => ({ id, type: 'text', label: `F${id}` });
      // Field 7 was deleted before the mark existed: only its answers remember it.
      const answered = await form({ fields: [text(1), text(2)] });
      await answer(answered, [1, 7]);
      await answer(answered, [1, 2]);
      const repeater = await form({
        fields: [{ id: 2, type: 'repeater', fields: [text(1), text(4)] }],
      });
      const deleted = await form({ fields: [text(1)] }, true);
      await answer(deleted, [1, 9]);
      const marked = await form({ fields: [text(1)], lastFieldId: 30 });

      await addFieldIdMarks(handle.db, handle.kind);
      const marks = async () =>
        Object.fromEntries(
          (
            await handle.db
              .selectFrom('forms')
              .select(['id', 'definition'])
              .where('id', 'in', [answered, repeater, deleted, marked])
              .execute()
          ).map((row) => [
            row.id,
            (JSON.parse(row.definition) as { lastFieldId?: number }).lastFieldId,
          ]),
        );
      expect(await marks()).toEqual({ [answered]: 7, [repeater]: 4, [deleted]: 9, [marked]: 30 });
      await addFieldIdMarks(handle.db, handle.kind);
      expect(await marks()).toEqual({ [answered]: 7, [repeater]: 4, [deleted]: 9, [marked]: 30 });
    });

    it('run again on a migrated database, run nothing and change nothing', async () => {
      const recorded = await recordedMigrations(handle);
      const tables = await handle.db.introspection.getTables({ withInternalKyselyTables: true });
      await migrateToLatest(handle.db, handle.kind);
      expect(await recordedMigrations(handle)).toEqual(recorded);
      expect(await handle.db.introspection.getTables({ withInternalKyselyTables: true })).toEqual(
        tables,
      );
    });

    it('tell where the schema stands, for `quire version`, without changing it', async () => {
      expect(await readSchemaState(handle.db)).toEqual({
        applied: releasedMigrations,
        pending: [],
        unknown: [],
      });
      const last = releasedMigrations.at(-1) as string;
      const recorded = await recordedMigrations(handle);
      // A database one release behind, and then one a newer Quire has migrated further.
      await sql`delete from kysely_migration where name = ${last}`.execute(handle.db);
      expect(await readSchemaState(handle.db)).toEqual({
        applied: releasedMigrations.slice(0, -1),
        pending: [last],
        unknown: [],
      });
      await sql`insert into kysely_migration (name, timestamp) values (${last}, ${recorded.at(-1)?.timestamp}), ('2099-01-01-999-future', ${recorded.at(-1)?.timestamp})`.execute(
        handle.db,
      );
      expect(await readSchemaState(handle.db)).toEqual({
        applied: releasedMigrations,
        pending: [],
        unknown: ['2099-01-01-999-future'],
      });
      // An older build (one instance of a rolling upgrade, or a rollback without the backup)
      // does not start on it, and says so in one line.
      await expect(migrateToLatest(handle.db, handle.kind)).rejects.toThrow(
        /^The database was migrated by a newer Quire \(it has run 2099-01-01-999-future, which this build does not know\): start that build again, or restore the backup made before the upgrade$/,
      );
      await sql`delete from kysely_migration where name = '2099-01-01-999-future'`.execute(
        handle.db,
      );
    });

    it('make every user so far an administrator and the first one the author of every post', async () => {
      // The schema as the release before roles left it: every table, no role, no author.
      const older = await database.open();
      try {
        await sql`drop table user_invites`.execute(older.db);
        await sql`drop index posts_author_idx`.execute(older.db);
        await sql`alter table posts drop column author_id`.execute(older.db);
        await sql`alter table users drop column role`.execute(older.db);
        const now = Date.now();
        const user = (email: string) =>
          older.db
            .insertInto('users')
            .values({ email, name: email, password_hash: 'x', created_at: now })
            .returning('id')
            .executeTakeFirstOrThrow();
        const first = await user('first@example.org');
        await user('second@example.org');
        await sql`insert into posts (type, title, slug, excerpt, body_markdown, body_html, body_text, status, created_at, updated_at)
          values ('post', 'Old', 'old', '', '', '', '', 'published', ${now}, ${now})`.execute(
          older.db,
        );

        await addUsersAndRoles(older.db, older.kind);

        const users = await older.db
          .selectFrom('users')
          .select(['email', 'role'])
          .orderBy('id')
          .execute();
        expect(users).toEqual([
          { email: 'first@example.org', role: 'administrator' },
          { email: 'second@example.org', role: 'administrator' },
        ]);
        const post = await older.db
          .selectFrom('posts')
          .select('author_id')
          .executeTakeFirstOrThrow();
        expect(post.author_id).toBe(first.id);
      } finally {
        await older.close();
      }
    });

    it('mark a site in use as offered the demo, so it is not given the demo again; not a new one', async () => {
      const fresh = await database.open();
      const inUse = await database.open();
      try {
        const offered = async (handle: DatabaseHandle) =>
          (await handle.db.selectFrom('settings').select('key').execute()).map((row) => row.key);
        // A new database: nothing is marked, so its first start seeds the demo.
        await fresh.db.deleteFrom('settings').execute();
        await markDemoOffered(fresh.db, fresh.kind);
        expect(await offered(fresh)).not.toContain('demo-offered');
        // A site whose demo was removed before this release: its owner and settings stay.
        await inUse.db.deleteFrom('settings').execute();
        await inUse.db
          .insertInto('users')
          .values({ email: 'o@example.org', name: 'O', password_hash: 'x', created_at: 1 })
          .execute();
        await markDemoOffered(inUse.db, inUse.kind);
        await markDemoOffered(inUse.db, inUse.kind);
        expect((await offered(inUse)).filter((key) => key === 'demo-offered')).toHaveLength(1);
      } finally {
        await fresh.close();
        await inUse.close();
      }
    });
  });
}

for (const database of testDatabases()) {
  describe(`a migration that fails on ${database.name}`, () => {
    it('leaves the database as it was before the start, and says so in one line', async () => {
      const handle = await database.open();
      try {
        // An empty schema: the release's migrations would be "unknown" to this list.
        await sql`drop table kysely_migration`.execute(handle.db);
        const tables = async () =>
          (await handle.db.introspection.getTables())
            .map((table) => table.name)
            .filter((name) => name.startsWith('probe_'));
        const first = {
          name: '2099-01-01-001-first',
          up: async (db: MigrationDb) => {
            await db.schema.createTable('probe_first').addColumn('id', 'integer').execute();
          },
        };
        const broken = {
          name: '2099-01-01-002-broken',
          up: async (db: MigrationDb) => {
            await db.schema.createTable('probe_broken').addColumn('id', 'integer').execute();
            await sql`insert into probe_missing (id) values (1)`.execute(db);
          },
        };
        await expect(migrateToLatest(handle.db, handle.kind, [first, broken])).rejects.toThrow(
          /^Database migration 2099-01-01-002-broken failed: .*probe_missing.*; every migration of this start was undone, so the database is as it was and the previous build still runs on it$/,
        );
        expect(await tables()).toEqual([]);
        expect(await readSchemaState(handle.db, [first, broken])).toMatchObject({
          applied: [],
        });
        // The previous build's migrations (here: the first alone) run on it as before.
        await migrateToLatest(handle.db, handle.kind, [first]);
        expect(await tables()).toEqual(['probe_first']);
      } finally {
        await handle.close();
      }
    });
  });
}
