import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addField } from '../../src/features/admin/form-builder.ts';
import type { FormDefinition } from '../../src/features/forms/form-definition.ts';
import {
  FormDefinitionError,
  findEntriesForm,
} from '../../src/features/forms/server/forms-store.ts';
import { planFormsImport } from '../../src/features/forms/server/forms-transfer.ts';
import { readCsv } from '../../src/features/share/csv-rows.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { postAjax } from '../support/ajax-post.ts';
import { testDatabases } from '../support/databases.ts';
import { runQuire } from '../support/quire-cli.ts';
import type { TestServer } from '../support/test-server.ts';

const callBack = {
  title: 'Call-back',
  settings: { antispam: { minimumSeconds: 0 } },
  fields: [
    { id: 1, type: 'text', label: 'Name' },
    { id: 2, type: 'text', label: 'Phone' },
  ],
};

/**
 * Nothing filed under another field, nothing hidden (issue 28, points 7 and 9; decision 0048),
 * over HTTP on the built site, once per database: a deleted field's answers stay under its own
 * column when a new field is added, the save API refuses a field on the id of another field's
 * answers (whatever sent it), and the entries of a form deleted with its entries kept are
 * listed, opened and exported by the admin and the CLI under the columns their answers carry.
 */
for (const database of testDatabases()) {
  describe(`answers kept under their own fields, on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let csrf = '';
    let databaseUrl = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie, databaseUrl } = site);
      const page = await fetch(`${server.url}/admin/forms`, { headers: { cookie } });
      csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    /** The revision each form's builder last saved, sent back with the next save as it does. */
    const revisions = new Map<number, number>();
    /** What the builder's Save sends, and the server's answer. */
    const save = async (definition: unknown, id?: number) => {
      const response = await fetch(`${server.url}/admin/api/forms/save`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          cookie,
          'x-csrf-token': csrf,
        },
        body: JSON.stringify({
          id,
          definition,
          revision: id === undefined ? undefined : revisions.get(id),
        }),
      });
      const reply = (await response.json()) as {
        id: number;
        definition: FormDefinition;
        revision?: number;
        problems?: string[];
      };
      if (reply.revision !== undefined) revisions.set(reply.id, reply.revision);
      return { status: response.status, reply };
    };
    /** A visitor's submission, as the form island sends it. */
    const submit = async (formId: number, answers: Record<number, string>) => {
      const token = await postAjax(server.url, {
        action: 'qforms_get_token',
        formId: String(formId),
      });
      const now = Math.floor(Date.now() / 1000);
      const sent = await postAjax(server.url, {
        action: 'qforms_submit',
        'qforms[id]': String(formId),
        'qforms[token]': token.answer.data.token,
        ...Object.fromEntries(
          Object.entries(answers).map(([id, value]) => [`qforms[fields][${id}]`, value]),
        ),
        start_timestamp: String(now - 20),
        end_timestamp: String(now),
        page_url: '/call-back/',
      });
      expect(sent.answer.success, JSON.stringify(sent.answer)).toBe(true);
    };
    const get = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });
    /** The entries CSV as rows of named cells, oldest entry first. */
    const exported = async (formId: number) => {
      const response = await get(`/admin/entries/export.csv?form=${formId}`);
      expect(response.status).toBe(200);
      const text = await response.text();
      const [header = [], ...rows] = readCsv(text).rows.map((row) => row.cells);
      return {
        header,
        rows: rows
          .reverse()
          .map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]]))),
        text,
      };
    };
    const cli = (...args: string[]) => runQuire(args, { DATABASE_URL: databaseUrl });

    it('keeps a deleted field’s answers under its own column when a new field is added', async () => {
      const created = await save(callBack);
      expect(created.status).toBe(201);
      const formId = created.reply.id;
      expect(created.reply.definition.lastFieldId).toBe(2);
      await submit(formId, { 1: 'Ada', 2: '020 7946 0000' });

      // The owner deletes Phone, adds a field, and saves, as the builder does.
      const withoutPhone = {
        ...created.reply.definition,
        fields: created.reply.definition.fields.filter((f) => f.id !== 2),
      };
      const { definition, field } = addField(withoutPhone, 'text');
      field.label = 'Company';
      const saved = await save(definition, formId);
      expect(saved.status).toBe(200);
      expect(saved.reply.definition.fields.map((f) => [f.id, f.label])).toEqual([
        [1, 'Name'],
        [3, 'Company'],
      ]);
      await submit(formId, { 1: 'Grace', 3: 'US Navy' });

      const csv = await exported(formId);
      expect(csv.header.slice(-3)).toEqual(['Name', 'Company', 'Phone (deleted field 2)']);
      expect(csv.rows.map((r) => [r.Name, r.Company, r['Phone (deleted field 2)']])).toEqual([
        ['Ada', '', '020 7946 0000'],
        ['Grace', 'US Navy', ''],
      ]);
    });

    it('refuses a save that gives a deleted field’s id to another field, whatever sent it', async () => {
      const created = await save(callBack);
      const formId = created.reply.id;
      await submit(formId, { 1: 'Ada', 2: '020 7946 0000' });
      const first = await save({ ...callBack, fields: [callBack.fields[0]] }, formId);
      expect(first.status).toBe(200);
      expect(first.reply.definition.lastFieldId).toBe(2);

      // The JSON tab (or a hand-written import) gives id 2 to a new field.
      const reuse = {
        ...callBack,
        fields: [callBack.fields[0], { id: 2, type: 'text', label: 'Company' }],
      };
      const refused = await save(reuse, formId);
      expect(refused.status).toBe(422);
      expect(refused.reply.problems).toEqual([
        'fields.1.id: id 2 belonged to “Phone”, a field deleted from this form whose answers are kept under that id; give this field a new id, above 2',
      ]);
      expect((await findEntriesForm(handle.db, formId))?.definition.fields).toHaveLength(1);
      // An import that replaces the form is refused the same way, before anything is saved.
      await expect(
        planFormsImport(handle, { forms: [{ id: formId, definition: reuse }] }),
      ).rejects.toThrow(FormDefinitionError);
      expect((await findEntriesForm(handle.db, formId))?.definition.fields).toHaveLength(1);

      // A field of the form that has answers keeps its type.
      const retyped = await save(
        { ...callBack, fields: [{ id: 1, type: 'email', label: 'Name' }] },
        formId,
      );
      expect(retyped.status).toBe(422);
      expect(retyped.reply.problems?.[0]).toMatch(/^fields\.0\.id: field 1 “Name” has answers/);

      // Phone itself may come back (a form restored from its export): its answers are its own.
      const restored = await save(callBack, formId);
      expect(restored.status).toBe(200);
      expect(restored.reply.definition.fields.map((f) => f.label)).toEqual(['Name', 'Phone']);
    });

    it('lists, opens and exports the entries of a form deleted with its entries kept', async () => {
      const created = await save({ ...callBack, title: 'Workshop sign-up' });
      const formId = created.reply.id;
      await submit(formId, { 1: 'Ada', 2: '020 7946 0000' });
      const { definition, field } = addField(
        { ...created.reply.definition, fields: [created.reply.definition.fields[0]!] },
        'text',
      );
      field.label = 'Shirt size';
      expect((await save(definition, formId)).status).toBe(200);
      await submit(formId, { 1: 'Grace', 3: 'M' });
      const deleted = await fetch(`${server.url}/admin/forms/${formId}/delete`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: server.url, cookie },
        body: new URLSearchParams({ entries: 'keep', csrf }),
      });
      expect(deleted.status).toBe(303);

      // The dashboard's newest entries name their form as the Entries screen does.
      expect(await (await get('/admin')).text()).toContain('Workshop sign-up (deleted)');
      const list = await (await get('/admin/entries')).text();
      expect(list).toContain(`<option value="${formId}">Workshop sign-up (deleted)</option>`);
      const filtered = await (await get(`/admin/entries?form=${formId}`)).text();
      expect(filtered).toContain('Entries: Workshop sign-up (deleted)');
      expect(filtered).toContain(`/admin/entries/export.csv?form=${formId}&amp;view=entries`);
      const entryIds = [...filtered.matchAll(/href="\/admin\/entries\/(\d+)"/g)].map((m) =>
        Number(m[1]),
      );
      expect(entryIds).toHaveLength(2);
      const opened = await get(`/admin/entries/${Math.min(...entryIds)}`);
      expect(opened.status).toBe(200);
      const entryHtml = await opened.text();
      expect(entryHtml).toContain('Workshop sign-up (deleted)');
      expect(entryHtml).toContain('020 7946 0000');

      const csv = await exported(formId);
      expect(csv.header.slice(-3)).toEqual(['Name', 'Shirt size', 'Phone (deleted field 2)']);
      expect(csv.rows.map((r) => [r.Name, r['Shirt size'], r['Phone (deleted field 2)']])).toEqual([
        ['Ada', '', '020 7946 0000'],
        ['Grace', 'M', ''],
      ]);

      const listed = await cli('entries', 'list', '--form', String(formId));
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(`form ${formId} "Workshop sign-up (deleted)"`);
      expect(listed.stdout).toContain('  Phone:\n      020 7946 0000');
      const file = join(server.dataDir, `deleted-form-${formId}.csv`);
      const written = await cli('entries', 'export', '--form', String(formId), file);
      expect(written.code, written.stderr).toBe(0);
      expect(written.stderr).toContain(`Exported 2 entries of form ${formId}`);
      // The same file as the admin's download (whose reader drops the byte-order mark).
      expect(readFileSync(file, 'utf8')).toBe(`\ufeff${csv.text}`);
    });
  });
}
