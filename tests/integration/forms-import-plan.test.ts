import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { confirmImport, type ImportSite, previewImport } from '../support/forms-import.ts';
import { runQuire } from '../support/quire-cli.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * Importing forms says what it will add, replace and bring back, and asks before it does
 * (issue 28, point 8): on the Forms screen a file is first checked, nothing changing, and its
 * confirmation replaces forms or brings deleted ones back only where ticked; the command line
 * asks at a terminal and elsewhere needs --replace and --restore-deleted. A plan that no longer
 * holds when confirmed is shown again, not done.
 */

const definition = (title: string) => ({
  title,
  fields: [{ id: 1, type: 'text', label: 'Your name' }],
});

for (const database of testDatabases()) {
  describe(`importing forms on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let databaseUrl = '';
    let screen: ImportSite;
    /** A live form, a form deleted with its entries kept, and the file that names both. */
    let live: number;
    let deleted: number;
    let file: string;

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, databaseUrl } = site);
      const page = await fetch(`${server.url}/admin/forms`, { headers: { cookie: site.cookie } });
      const csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
      screen = { url: server.url, cookie: site.cookie, csrf };
      live = (await saveForm(handle, definition('Live form'))).id;
      deleted = (await saveForm(handle, definition('Deleted form'))).id;
      file = JSON.stringify({
        format: 'quire-forms',
        version: 1,
        forms: [
          { id: live, definition: definition('Live form, from the file') },
          { id: deleted, definition: definition('Deleted form, from the file') },
          { definition: definition('A new form from the file') },
        ],
      });
      await deleteKeepingEntries(deleted);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    /** The owner deletes a form on its Delete screen, keeping its entries. */
    const deleteKeepingEntries = async (id: number) => {
      const response = await fetch(`${server.url}/admin/forms/${id}/delete`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: screen.cookie, origin: server.url },
        body: new URLSearchParams({ csrf: screen.csrf, entries: 'keep' }),
      });
      expect(response.status).toBe(303);
    };
    const forms = () =>
      handle.db.selectFrom('forms').select(['id', 'title', 'deleted_at']).orderBy('id').execute();
    const row = async (id: number) => (await forms()).find((form) => form.id === id);

    it('shows what the file would add, replace and bring back, changing nothing', async () => {
      const before = await forms();
      const preview = await previewImport(screen, file);
      expect(preview.status).toBe(200);
      const section = /<section[^>]*admin-import-preview[\s\S]*?<\/section>/.exec(
        preview.html,
      )?.[0];
      expect(section).toContain('New forms it adds');
      expect(section).toContain('“A new form from the file”, with a new id');
      expect(section).toContain('Forms it replaces (they have the same id)');
      expect(section).toContain(`Form ${live}, “Live form”, becomes “Live form, from the file”`);
      expect(section).toContain('Deleted forms it would bring back');
      expect(section).toContain(
        `Form ${deleted}, “Deleted form”, becomes “Deleted form, from the file”`,
      );
      expect(section).toContain('name="replace"');
      expect(section).toContain('name="restore"');
      expect(await forms()).toEqual(before);
    });

    it('adds what is new and leaves the rest unless ticked; nothing deleted comes back unasked', async () => {
      const preview = await previewImport(screen, file);
      const confirmed = await confirmImport(screen, preview.html);
      expect(confirmed.status).toBe(303);
      const location = confirmed.headers.get('location') ?? '';
      const notice = await (
        await fetch(`${server.url}${location}`, { headers: { cookie: screen.cookie } })
      ).text();
      expect(notice).toContain('Imported: “A new form from the file”.');
      expect(notice).toContain('Left as they were: “Live form”, “Deleted form”.');
      expect(await row(live)).toMatchObject({ title: 'Live form', deleted_at: null });
      expect((await row(deleted))?.deleted_at).not.toBeNull();
      expect(
        (await forms()).filter((form) => form.title === 'A new form from the file'),
      ).toHaveLength(1);
    });

    it('asks again when the forms changed between the check and the confirmation', async () => {
      const preview = await previewImport(screen, file);
      // Meanwhile the live form is deleted: confirming would now bring it back.
      await deleteKeepingEntries(live);
      const before = await forms();
      const again = await confirmImport(screen, preview.html, { replace: true });
      expect(again.status).toBe(200);
      const html = await again.text();
      expect(html).toContain('The forms changed since the file was checked.');
      expect(html).toContain(`Form ${live}, “Live form”, becomes “Live form, from the file”`);
      expect(await forms()).toEqual(before);

      // Ticked, the deleted forms come back.
      const restored = await confirmImport(screen, html, { restore: true });
      expect(restored.status).toBe(303);
      expect(await row(live)).toMatchObject({
        title: 'Live form, from the file',
        deleted_at: null,
      });
      expect(await row(deleted)).toMatchObject({
        title: 'Deleted form, from the file',
        deleted_at: null,
      });
    });

    it('on the command line, replaces and brings back only with --replace and --restore-deleted', async () => {
      const path = join(server.dataDir, 'import.json');
      writeFileSync(
        path,
        JSON.stringify({
          forms: [
            { id: live, definition: definition('Live form, by the CLI') },
            { id: deleted, definition: definition('Deleted form, by the CLI') },
          ],
        }),
      );
      await deleteKeepingEntries(deleted);
      const cli = (...args: string[]) =>
        runQuire(['forms', 'import', path, ...args], {
          DATABASE_URL: databaseUrl,
        });
      const refused = await cli();
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain(
        `Left form ${live} as it was (Live form, from the file): pass --replace to replace it.`,
      );
      expect(refused.stderr).toContain(
        `Left form ${deleted} as it was (Deleted form, from the file): pass --restore-deleted to bring it back.`,
      );
      expect(await row(live)).toMatchObject({ title: 'Live form, from the file' });
      expect((await row(deleted))?.deleted_at).not.toBeNull();

      const done = await cli('--replace', '--restore-deleted');
      expect(done.code, done.stderr).toBe(0);
      expect(done.stdout).toContain(`Replaced form ${live}: Live form, by the CLI`);
      expect(done.stdout).toContain(`Brought back form ${deleted}: Deleted form, by the CLI`);
      expect(await row(deleted)).toMatchObject({
        title: 'Deleted form, by the CLI',
        deleted_at: null,
      });
    });
  });
}
