import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findForm, saveForm } from '../../src/features/forms/server/forms-store.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import { confirmImport, previewImport } from '../support/forms-import.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The form builder's actions over HTTP on the built site (issue 16, point 1): create, save,
 * preview, duplicate, delete with the entries kept and with them deleted, import and export;
 * each for a signed-in administrator with the session's CSRF token only; an invalid definition
 * refused with its problems at their paths, nothing stored and nothing lost. Once per database.
 */

const twoPageForm = {
  title: 'Lift share',
  settings: { antispam: { minimumSeconds: 0 } },
  fields: [
    { id: 1, type: 'text', label: 'Your name', required: true },
    {
      id: 2,
      type: 'radio',
      label: 'Need a lift?',
      choices: [{ label: 'Yes' }, { label: 'No' }],
    },
    { id: 3, type: 'pagebreak', title: 'Travel' },
    {
      id: 4,
      type: 'text',
      label: 'Pick-up address',
      conditions: { rules: [{ field: 2, operator: 'is', value: 'Yes' }] },
    },
  ],
};

for (const database of testDatabases()) {
  describe(`the form builder over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';
    let csrf = '';

    const call = (
      path: string,
      body: unknown,
      auth: { cookie?: string; csrf?: string } = { cookie, csrf },
    ) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: server.url,
          ...(auth.cookie ? { cookie: auth.cookie } : {}),
          ...(auth.csrf ? { 'x-csrf-token': auth.csrf } : {}),
        },
        body: JSON.stringify(body),
      });
    const post = (path: string, form: FormData | URLSearchParams, withCookie = true) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: server.url, ...(withCookie ? { cookie } : {}) },
        body: form,
      });
    const formCount = async () =>
      Number(
        (
          await handle.db
            .selectFrom('forms')
            .select((eb) => eb.fn.countAll<string | number>().as('n'))
            .where('deleted_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      );
    const addEntry = async (formId: number, n: number) =>
      (
        await handle.db
          .insertInto('form_entries')
          .values({
            form_id: formId,
            status: 'entry',
            spam_reason: null,
            fields: '[]',
            page_url: '/lift/',
            visitor_id: null,
            user_agent: 'test',
            started_at: null,
            submitted_at: Date.now(),
            created_at: Date.now(),
            fingerprint: `builder-${database.name}-${formId}-${n}-${Math.random()}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const entriesOf = async (formId: number) =>
      (
        await handle.db
          .selectFrom('form_entries')
          .select('id')
          .where('form_id', '=', formId)
          .execute()
      ).length;

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      const page = await fetch(`${server.url}/admin/forms`, { headers: { cookie } });
      csrf = /name="csrf" value="([^"]+)"/.exec(await page.text())?.[1] ?? '';
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    it('shows the builder to a signed-in administrator only', async () => {
      for (const path of ['/admin/forms/new', '/admin/forms/1', '/admin/forms/1/delete']) {
        const away = await fetch(`${server.url}${path}`, { redirect: 'manual' });
        expect(away.status, path).toBe(303);
        expect(away.headers.get('location')).toContain('/admin/sign-in');
      }
      const page = await fetch(`${server.url}/admin/forms/new`, { headers: { cookie } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-admin-island="FormBuilder"');
      expect(html).toContain('Single line text');
      expect((await fetch(`${server.url}/admin/forms/99999`, { headers: { cookie } })).status).toBe(
        404,
      );
    });

    it('refuses every call without a session or without the CSRF token', async () => {
      for (const path of ['/admin/api/forms/save', '/admin/api/forms/preview']) {
        const body = { definition: twoPageForm };
        expect((await call(path, body, {})).status, path).toBe(401);
        expect((await call(path, body, { cookie })).status, path).toBe(403);
        expect((await call(path, body, { cookie, csrf: `${csrf}x` })).status, path).toBe(403);
      }
      const before = await formCount();
      const duplicate = await post(
        '/admin/forms',
        new URLSearchParams({ action: 'duplicate', id: '1', csrf: 'forged' }),
      );
      expect(duplicate.status).toBe(403);
      const anonymous = await post(
        '/admin/forms',
        new URLSearchParams({ action: 'duplicate', id: '1', csrf }),
        false,
      );
      expect(anonymous.status).toBe(303);
      expect(anonymous.headers.get('location')).toContain('/admin/sign-in');
      const deleting = await post(
        '/admin/forms/1/delete',
        new URLSearchParams({ entries: 'delete', csrf: 'forged' }),
      );
      expect(deleting.status).toBe(403);
      expect(await formCount()).toBe(before);
      const exported = await fetch(`${server.url}/admin/forms/export`, { redirect: 'manual' });
      expect(exported.status).toBe(401);
    });

    it('creates and saves a form, which pages then embed', async () => {
      const created = await call('/admin/api/forms/save', { definition: twoPageForm });
      expect(created.status).toBe(201);
      const reply = (await created.json()) as { id: number; message: string };
      expect(reply.message).toBe('The form is created.');
      const stored = await findForm(handle.db, reply.id);
      expect(stored?.definition.fields.map((f) => f.label)).toEqual([
        'Your name',
        'Need a lift?',
        '',
        'Pick-up address',
      ]);
      const changed = { ...twoPageForm, title: 'Lift share (changed)' };
      const saved = await call('/admin/api/forms/save', {
        id: reply.id,
        definition: changed,
        revision: 1,
      });
      expect(saved.status).toBe(200);
      expect((await findForm(handle.db, reply.id))?.definition.title).toBe('Lift share (changed)');
      const edit = await fetch(`${server.url}/admin/forms/${reply.id}`, { headers: { cookie } });
      expect(await edit.text()).toContain('Lift share (changed)');
      const missing = await call('/admin/api/forms/save', {
        id: 99999,
        definition: changed,
        revision: 1,
      });
      expect(missing.status).toBe(404);
    });

    it('refuses an invalid definition with its problems at their paths, keeping the form', async () => {
      const form = await saveForm(handle, twoPageForm);
      const broken = {
        ...twoPageForm,
        title: '',
        fields: [
          ...twoPageForm.fields.slice(0, 2),
          { id: 2, type: 'email', label: 7 },
          {
            id: 5,
            type: 'text',
            conditions: { rules: [{ field: 42, operator: 'is', value: 'x' }] },
          },
        ],
      };
      const response = await call('/admin/api/forms/save', {
        id: form.id,
        definition: broken,
        revision: form.revision,
      });
      expect(response.status).toBe(422);
      const reply = (await response.json()) as { ok: boolean; problems: string[] };
      expect(reply.ok).toBe(false);
      expect(reply.problems).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^title: /),
          expect.stringMatching(/^fields\.2\.label: /),
        ]),
      );
      expect((await findForm(handle.db, form.id))?.definition).toEqual(form.definition);
      const creating = await call('/admin/api/forms/save', { definition: broken });
      expect(creating.status).toBe(422);
      const preview = await call('/admin/api/forms/preview', { definition: broken });
      expect(preview.status).toBe(422);
      expect(((await preview.json()) as { problems: string[] }).problems).toContainEqual(
        expect.stringMatching(/^title: /),
      );
    });

    it('previews an unsaved definition as the island renders it, under a form id none has', async () => {
      const response = await call('/admin/api/forms/preview', { definition: twoPageForm });
      expect(response.status).toBe(200);
      const { props } = (await response.json()) as {
        props: { form: { id: number; definition: { fields: unknown[] } }; token: string };
      };
      expect(props.form.id).toBe(0);
      expect(props.form.definition.fields).toHaveLength(4);
      expect(props.token).not.toBe('');
      expect(await findForm(handle.db, 0)).toBeUndefined();

      // What the preview's Submit sends, with its token: refused, and nothing stored.
      const before = await handle.db.selectFrom('form_entries').select('id').execute();
      const body = new FormData();
      body.set('action', 'qforms_submit');
      body.set('qforms[id]', String(props.form.id));
      body.set('qforms[token]', props.token);
      body.set('qforms[fields][1]', 'Preview person');
      body.set('qforms[fields][2]', 'No');
      const sent = await fetch(`${server.url}/ajax`, {
        method: 'POST',
        body,
        headers: { origin: server.url },
      });
      expect(((await sent.json()) as { success: boolean }).success).toBe(false);
      expect(await handle.db.selectFrom('form_entries').select('id').execute()).toEqual(before);
    });

    it('duplicates a form as “Copy of …”', async () => {
      const form = await saveForm(handle, twoPageForm);
      const before = await formCount();
      const response = await post(
        '/admin/forms',
        new URLSearchParams({ action: 'duplicate', id: String(form.id), csrf }),
      );
      expect(response.status).toBe(303);
      const location = response.headers.get('location') ?? '';
      expect(location).toMatch(/^\/admin\/forms\?notice=duplicated&ids=\d+$/);
      expect(await formCount()).toBe(before + 1);
      const copyId = Number(/ids=(\d+)/.exec(location)?.[1]);
      const copy = await findForm(handle.db, copyId);
      expect(copy?.definition.title).toBe('Copy of Lift share');
      expect(copy?.definition.fields).toEqual(form.definition.fields);
      const screen = await fetch(`${server.url}${location}`, { headers: { cookie } });
      expect(await screen.text()).toContain('“Copy of Lift share” is created.');
    });

    it('deletes a form, keeping its entries when asked to', async () => {
      const form = await saveForm(handle, twoPageForm);
      await addEntry(form.id, 1);
      await addEntry(form.id, 2);
      const ask = await fetch(`${server.url}/admin/forms/${form.id}/delete`, {
        headers: { cookie },
      });
      const askHtml = await ask.text();
      expect(askHtml).toContain('It has 2 entries.');
      expect(askHtml).toContain('Keep the entries');
      const unanswered = await post(
        `/admin/forms/${form.id}/delete`,
        new URLSearchParams({ csrf }),
      );
      expect(unanswered.status).toBe(400);
      expect(await findForm(handle.db, form.id)).toBeDefined();
      const response = await post(
        `/admin/forms/${form.id}/delete`,
        new URLSearchParams({ entries: 'keep', csrf }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/admin/forms?notice=deleted-kept');
      expect(await findForm(handle.db, form.id)).toBeUndefined();
      expect(await entriesOf(form.id)).toBe(2);
      const list = await (await fetch(`${server.url}/admin/forms`, { headers: { cookie } })).text();
      expect(list).not.toContain(`[form id=&quot;${form.id}&quot;]`);
      const again = await fetch(`${server.url}/admin/forms/${form.id}/delete`, {
        headers: { cookie },
      });
      expect(again.status).toBe(404);
    });

    it('deletes a form with its entries and their files when asked to', async () => {
      const form = await saveForm(handle, twoPageForm);
      const entry = await addEntry(form.id, 1);
      await handle.db
        .insertInto('form_files')
        .values({
          entry_id: entry,
          form_id: form.id,
          field_id: 1,
          storage_key: `${database.name}0123456789abcdef0123456789abcdef`.slice(-32),
          backend: 'database',
          bucket: '',
          name: 'ticket.pdf',
          mime: 'application/pdf',
          size: 3,
          complete: 1,
          created_at: Date.now(),
        })
        .execute();
      const response = await post(
        `/admin/forms/${form.id}/delete`,
        new URLSearchParams({ entries: 'delete', csrf }),
      );
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/admin/forms?notice=deleted');
      expect(await entriesOf(form.id)).toBe(0);
      const files = await handle.db
        .selectFrom('form_files')
        .select('id')
        .where('form_id', '=', form.id)
        .execute();
      expect(files).toEqual([]);
      expect(
        await handle.db.selectFrom('forms').select('id').where('id', '=', form.id).execute(),
      ).toEqual([]);
    });

    it('exports forms as the import reads them, and imports them back', async () => {
      const form = await saveForm(handle, { ...twoPageForm, title: 'Exported one' });
      const one = await fetch(`${server.url}/admin/forms/export?id=${form.id}`, {
        headers: { cookie },
      });
      expect(one.status).toBe(200);
      expect(one.headers.get('content-disposition')).toBe(
        `attachment; filename="quire-form-${form.id}.json"`,
      );
      const archive = (await one.json()) as {
        format: string;
        forms: Array<{ id: number; definition: { title: string } }>;
      };
      expect(archive.format).toBe('quire-forms');
      expect(archive.forms.map((f) => f.definition.title)).toEqual(['Exported one']);
      const all = await fetch(`${server.url}/admin/forms/export`, { headers: { cookie } });
      expect(((await all.json()) as { forms: unknown[] }).forms.length).toBe(await formCount());

      // A bare definition becomes a new form; checked first, then the screen names it.
      const site = { url: server.url, cookie, csrf };
      const fresh = { ...twoPageForm, title: 'Imported anew' };
      const preview = await previewImport(site, JSON.stringify(fresh));
      expect(preview.status).toBe(200);
      expect(preview.html).toContain('“Imported anew”, with a new id');
      const imported = await confirmImport(site, preview.html);
      expect(imported.status).toBe(303);
      const location = imported.headers.get('location') ?? '';
      const screen = await (
        await fetch(`${server.url}${location}`, { headers: { cookie } })
      ).text();
      expect(screen).toContain('Imported: “Imported anew”.');

      // An archive keeps its ids: the form is replaced in place, once the owner agrees.
      archive.forms[0]!.definition.title = 'Exported, then changed';
      const back = await previewImport(site, JSON.stringify(archive));
      expect(back.html).toContain(
        `Form ${form.id}, “Exported one”, becomes “Exported, then changed”`,
      );
      expect((await confirmImport(site, back.html, { replace: true })).status).toBe(303);
      expect((await findForm(handle.db, form.id))?.definition.title).toBe('Exported, then changed');
    });

    it('refuses an import with problems at their paths, importing nothing', async () => {
      const before = await formCount();
      const bad = new FormData();
      bad.set('csrf', csrf);
      bad.set('action', 'import');
      bad.set(
        'file',
        new File(
          [JSON.stringify({ forms: [{ definition: twoPageForm }, { definition: { title: '' } }] })],
          'forms.json',
        ),
      );
      const refused = await post('/admin/forms', bad);
      expect(refused.status).toBe(422);
      const html = await refused.text();
      expect(html).toContain('The file was not imported; nothing changed:');
      expect(html).toContain('form 2: title:');
      expect(html).toContain('form 2: fields:');
      expect(await formCount()).toBe(before);

      const notJson = new FormData();
      notJson.set('csrf', csrf);
      notJson.set('action', 'import');
      notJson.set('file', new File(['{ not json'], 'forms.json'));
      const unreadable = await post('/admin/forms', notJson);
      expect(unreadable.status).toBe(400);
      expect(await unreadable.text()).toContain('The file is not JSON');

      const forged = new FormData();
      forged.set('csrf', 'forged');
      forged.set('action', 'import');
      forged.set('file', new File([JSON.stringify(twoPageForm)], 'form.json'));
      expect((await post('/admin/forms', forged)).status).toBe(403);
      expect(await formCount()).toBe(before);
    });
  });
}
