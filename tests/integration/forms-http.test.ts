import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { formMessages } from '../../src/features/forms/messages.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { serverMessages } from '../../src/features/forms/server/server-messages.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'forms-http-test-secret-0123456789abcdefghij';
const contact = 1;
const event = 2;

/**
 * The forms engine over HTTP, on the built site: every `/ajax` action, the normal POST path,
 * and hostile requests. Runs once per database (SQLite, and PostgreSQL with TEST_DATABASE_URL).
 */
for (const database of testDatabases()) {
  describe(`forms over HTTP on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;

    beforeAll(async () => {
      // Start from an empty, migrated database; the site seeds its demo content into it.
      const empty = await database.open();
      const url =
        database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
      await empty.close();
      server = await startTestServer({
        QUIRE_SECRET: secret,
        QUIRE_ADMIN_EMAIL: 'owner@example.org',
        QUIRE_ADMIN_PASSWORD: 'correct horse battery staple',
        FORM_SUBMISSIONS_PER_MINUTE: '1000',
        ...(url ? { DATABASE_URL: url } : {}),
      });
      handle = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
    }, 90_000);
    afterAll(async () => {
      await handle?.db.destroy();
      await server?.stop();
    });

    /** A token issued `ageSeconds` ago: older than the forms' 3 s minimum fill time. */
    const token = (formId: number, ageSeconds = 10) =>
      issueFormToken(secret, formId, Date.now() - ageSeconds * 1000).token;
    const now = () => Math.floor(Date.now() / 1000);

    const ajax = (fields: Record<string, string | string[]>, init: RequestInit = {}) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) {
        for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
      }
      return fetch(`${server.url}/ajax`, {
        method: 'POST',
        body,
        headers: { origin: server.url },
        ...init,
      });
    };

    let counter = 0;
    /** A valid contact form submission, unique by its message. */
    const contactFields = (overrides: Record<string, string | string[]> = {}) => ({
      action: 'qforms_submit',
      'qforms[id]': String(contact),
      'qforms[token]': token(contact),
      'qforms[fields][1][first]': 'Ada',
      'qforms[fields][1][last]': 'Lovelace',
      'qforms[fields][2]': 'ada@example.org',
      'qforms[fields][3]': 'Engines',
      'qforms[fields][4]': `A note about analytical engines, number ${++counter}.`,
      'qforms[fields][5][]': '1',
      start_timestamp: String(now() - 30),
      end_timestamp: String(now()),
      page_url: '/contact/',
      ...overrides,
    });

    const entries = (formId = contact) =>
      handle.db
        .selectFrom('form_entries')
        .selectAll()
        .where('form_id', '=', formId)
        .orderBy('id')
        .execute();

    it('embeds forms with the markup contract of seed §3', async () => {
      const html = await (await fetch(`${server.url}/event-sign-up/`)).text();
      expect(html).toMatch(
        /<form[^>]+data-formid="2"[^>]+data-token="\d+\.[\w-]{43}"[^>]+data-token-time="\d+"/,
      );
      for (const n of [1, 2, 3]) expect(html).toContain(`qforms-page qforms-page-${n}`);
      expect(html).toContain('qforms-page qforms-page-4 last');
      expect(html).toContain('name="qforms[fields][1]"');
      expect(html).toContain('name="qforms[fields][2][secondary]"');
      expect(html).toContain('data-choice-limit="2"');
      expect(html).toContain('Selected Value: 5 out of 10');
      // The deny list stays on the server.
      expect(html).not.toContain('mailinator');
      const contactHtml = await (await fetch(`${server.url}/contact/`)).text();
      expect(contactHtml).toContain('0 of 1000 max characters.');
      // Honeypot: id 6 (highest field id 5 + 1, since 1–4 are taken), 3 words from labels.
      expect(contactHtml).toMatch(/<label for="qforms-1-0-field_6">(\w+ ){2}\w+<\/label>/);
      // Every field says its type, the hidden ones too (the demo's Everything form has them all).
      const everything = await (await fetch(`${server.url}/everything-form/`)).text();
      const fields = [...everything.matchAll(/<[^>]*\bdata-field-id="\d+"[^>]*>/g)].map(
        ([tag]) => tag,
      );
      expect(fields.length).toBeGreaterThan(30);
      for (const tag of fields) expect(tag).toMatch(/\bdata-field-type="[a-z-]+"/);
      expect(everything).toMatch(
        /<input type="hidden"[^>]*data-field-id="11" data-field-type="hidden"/,
      );
    });

    it('qforms_get_token issues a token for a form and refuses unknown forms', async () => {
      const response = await ajax({ action: 'qforms_get_token', formId: String(event) });
      const answer = await response.json();
      expect(answer.success).toBe(true);
      expect(answer.data.token).toMatch(/^\d+\.[\w-]{43}$/);
      expect(Math.abs(answer.data.time - now())).toBeLessThan(5);
      const unknown = await ajax({ action: 'qforms_get_token', formId: '999' });
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({
        success: false,
        data: { message: serverMessages.formNotFound },
      });
    });

    it('qforms_restricted_email answers whether the field accepts an address', async () => {
      const check = async (email: string, field = '2') =>
        (
          await (
            await ajax({ action: 'qforms_restricted_email', form_id: '2', field_id: field, email })
          ).json()
        ).data;
      expect(await check('someone@example.com')).toBe(false);
      expect(await check('someone@MAILINATOR.com')).toBe(false);
      expect(await check('someone@example.org')).toBe(true);
      expect(await check('x@y.org', '5')).toEqual({ message: serverMessages.formNotFound });
    });

    it('qforms_submit stores a valid entry once, queues its mails and confirms', async () => {
      const before = (await entries()).length;
      const fields = contactFields();
      const answer = await (await ajax(fields)).json();
      expect(answer.success).toBe(true);
      expect(answer.data.confirmation).toContain(
        '<strong>Thank you, your message is on its way.</strong>',
      );
      // The same submission again (a double click) is confirmed but not stored twice.
      expect((await (await ajax(fields)).json()).success).toBe(true);
      const stored = await entries();
      expect(stored).toHaveLength(before + 1);
      const entry = stored.at(-1);
      expect(entry?.status).toBe('entry');
      expect(entry?.page_url).toBe('/contact/');
      expect(JSON.parse(entry?.fields ?? '[]')).toEqual([
        { id: 1, type: 'name', label: 'Name', value: 'Ada Lovelace' },
        { id: 2, type: 'email', label: 'Email', value: 'ada@example.org' },
        { id: 3, type: 'text', label: 'Subject', value: 'Engines' },
        { id: 4, type: 'textarea', label: 'Message', value: fields['qforms[fields][4]'] },
        {
          id: 5,
          type: 'gdpr-checkbox',
          label: 'Privacy',
          value: 'I agree that my message and address are kept to answer me.',
        },
      ]);
      // One mail to the owner (the administrator), a copy to the visitor; the running
      // site delivers them to its development outbox.
      const mails = await handle.db
        .selectFrom('mail_outbox')
        .select(['message'])
        .where('created_at', '>=', Number(entry?.created_at))
        .execute();
      const recipients = mails.map((m) => JSON.parse(m.message).to);
      expect(recipients).toEqual(
        expect.arrayContaining([['owner@example.org'], ['ada@example.org']]),
      );
      const deadline = Date.now() + 15_000;
      let files: string[] = [];
      while (Date.now() < deadline) {
        const outbox = join(server.dataDir, 'outbox');
        files = (existsSync(outbox) ? readdirSync(outbox, { withFileTypes: true }) : [])
          .filter((f) => f.name.endsWith('.eml'))
          .map((f) => f.name);
        if (files.length >= 2) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(files.length).toBeGreaterThanOrEqual(2);
    });

    const mailsTo = async (address: string) =>
      (await handle.db.selectFrom('mail_outbox').select('message').orderBy('id').execute())
        .map((row) => JSON.parse(row.message) as { to: string[]; text: string; html?: string })
        .filter((mail) => mail.to.includes(address));

    it('stores identical answers from different visitors as separate entries, each mailed', async () => {
      const before = (await entries()).length;
      const ownerMailsBefore = (await mailsTo('owner@example.org')).length;
      const sameAnswers = {
        'qforms[fields][2]': 'poll-voter@example.org',
        'qforms[fields][4]': 'Count me in for the spring walk.',
        // The token of the cached page, the same for every visitor.
        'qforms[token]': token(contact, 20),
      };
      for (const visitor of ['a', 'b', 'c', 'd']) {
        const answer = await (
          await ajax(
            contactFields({
              ...sameAnswers,
              'qforms[submission_id]': `visitor-${visitor}-0123456789abcdef`,
            }),
          )
        ).json();
        expect(answer.success).toBe(true);
      }
      expect(await entries()).toHaveLength(before + 4);
      expect(await mailsTo('owner@example.org')).toHaveLength(ownerMailsBefore + 4);
      expect(await mailsTo('poll-voter@example.org')).toHaveLength(4);
    });

    it('stores one browser’s repeated submission of one filled-in form once, confirming both', async () => {
      const before = (await entries()).length;
      const fields = contactFields({
        'qforms[fields][2]': 'retrying@example.org',
        'qforms[submission_id]': 'one-filling-0123456789abcdef',
      });
      const [first, second] = await Promise.all([ajax(fields), ajax(fields)]);
      for (const response of [first!, second!]) {
        expect(response.status).toBe(200);
        expect((await response.json()).data.confirmation).toContain('Thank you');
      }
      // A retry after a timeout: the token was renewed in between, the filling is the same.
      const retried = await ajax({ ...fields, 'qforms[token]': token(contact, 5) });
      expect((await retried.json()).success).toBe(true);
      expect(await entries()).toHaveLength(before + 1);
      expect(await mailsTo('retrying@example.org')).toHaveLength(1);
      // The same browser sending other values is another entry.
      await ajax({ ...fields, 'qforms[fields][3]': 'A second thought' });
      expect(await entries()).toHaveLength(before + 2);
    });

    it('sends one address at most five visitor copies an hour; entries and owner mails go on', async () => {
      const before = (await entries()).length;
      const ownerMailsBefore = (await mailsTo('owner@example.org')).length;
      for (let i = 0; i < 7; i++) {
        const answer = await (
          await ajax(contactFields({ 'qforms[fields][2]': 'Relay.Target@example.org' }))
        ).json();
        expect(answer.success).toBe(true);
      }
      expect(await entries()).toHaveLength(before + 7);
      expect(await mailsTo('owner@example.org')).toHaveLength(ownerMailsBefore + 7);
      expect(await mailsTo('Relay.Target@example.org')).toHaveLength(5);
    });

    it('mails text and escaped HTML, and leaves hidden fields out of the visitor’s copy', async () => {
      const name = `<b>Ada</b> & "friends" ${++counter}`;
      const answer = await (
        await ajax({
          action: 'qforms_submit',
          'qforms[id]': String(event),
          'qforms[token]': token(event),
          'qforms[fields][1]': name,
          'qforms[fields][2][primary]': 'html.mail@example.org',
          'qforms[fields][2][secondary]': 'html.mail@example.org',
          'qforms[fields][4]': 'crafted-source',
          'qforms[fields][5]': 'Saturday',
          'qforms[fields][12]': 'I will make my own way',
          'qforms[fields][18][]': '1',
          start_timestamp: String(now() - 60),
          end_timestamp: String(now()),
        })
      ).json();
      expect(answer.success).toBe(true);
      const [owner] = (await mailsTo('owner@example.org')).slice(-1);
      const [copy] = await mailsTo('html.mail@example.org');
      for (const mail of [owner!, copy!]) {
        expect(mail.text).toContain(name);
        expect(mail.html).toContain('&lt;b&gt;Ada&lt;/b&gt; &amp; &quot;friends&quot;');
        expect(mail.html).not.toContain('<b>Ada');
      }
      // The hidden field keeps its defined value, for the owner only.
      expect(owner!.text).toContain('Source\ndemo-site');
      expect(copy!.text).not.toContain('demo-site');
      expect(copy!.html).not.toContain('demo-site');
      expect(copy!.text).not.toContain('Source');
    });

    it('bounds the fill time by the signed token, not by timestamps the sender chose', async () => {
      const spamBefore = (await entries()).filter((e) => e.status === 'spam').length;
      // A bot with a token just issued, claiming a minute of typing.
      const issued = await (
        await ajax({ action: 'qforms_get_token', formId: String(contact) })
      ).json();
      const forged = await (
        await ajax(
          contactFields({
            'qforms[token]': issued.data.token,
            start_timestamp: String(now() - 60),
            end_timestamp: String(now()),
          }),
        )
      ).json();
      expect(forged.data.confirmation).toContain('Thank you');
      // A start token that is not signed proves nothing: the token sent is the bound.
      await ajax(
        contactFields({
          'qforms[token]': token(contact, 0),
          'qforms[start_token]': `${now() - 600}.${'x'.repeat(43)}`,
        }),
      );
      const spam = (await entries()).filter((e) => e.status === 'spam');
      expect(spam.slice(spamBefore).map((e) => e.spam_reason)).toEqual(['too-fast', 'too-fast']);
    });

    it('counts a returning visitor’s time from the token held at the start, not the renewed one', async () => {
      const before = (await entries()).length;
      // Began two days ago; the browser renewed the expired token just before sending.
      const answer = await (
        await ajax(
          contactFields({
            'qforms[fields][2]': 'returning@example.org',
            'qforms[token]': token(contact, 0),
            'qforms[start_token]': token(contact, 2 * 86400),
            start_timestamp: String(now() - 2 * 86400),
            end_timestamp: String(now()),
          }),
        )
      ).json();
      expect(answer.data.confirmation).toContain('Thank you');
      const stored = (await entries()).slice(before);
      expect(stored.map((e) => [e.status, e.spam_reason])).toEqual([['entry', null]]);
    });

    it('qforms_submit answers field errors in the shape of seed §3 and stores nothing', async () => {
      const before = (await entries()).length;
      const response = await ajax(
        contactFields({
          'qforms[fields][1][first]': '',
          'qforms[fields][2]': 'ada@@example',
          'qforms[fields][4]': 'x'.repeat(1001),
          'qforms[fields][5][]': [],
        }),
      );
      const answer = await response.json();
      expect(answer).toEqual({
        success: false,
        data: {
          errors: {
            general: {},
            field: {
              '1[first]': formMessages.required,
              2: formMessages.email,
              4: 'Please enter no more than 1000 characters.',
              5: formMessages.required,
            },
          },
        },
      });
      expect(await entries()).toHaveLength(before);
    });

    it('refuses missing, forged and expired tokens, and gives a fresh one when expired', async () => {
      const before = (await entries()).length;
      const general = async (fields: Record<string, string>) =>
        (await (await ajax(contactFields(fields))).json()).data;
      expect((await general({ 'qforms[token]': '' })).errors.general.header).toBe(
        serverMessages.invalidToken,
      );
      expect((await general({ 'qforms[token]': token(event) })).errors.general.header).toBe(
        serverMessages.invalidToken,
      );
      expect((await general({ 'qforms[token]': '123.forged' })).errors.general.header).toBe(
        serverMessages.invalidToken,
      );
      const expired = await general({ 'qforms[token]': token(contact, 2 * 86400) });
      expect(expired.errors.general.header).toBe(serverMessages.expiredToken);
      expect(expired.token).toMatch(/^\d+\.[\w-]{43}$/);
      expect(Math.abs(expired.token_time - now())).toBeLessThan(5);
      expect(await entries()).toHaveLength(before);
    });

    it('keeps bots out silently: honeypot, zero timestamps and too-fast submissions are spam', async () => {
      const spamBefore = (await entries()).filter((e) => e.status === 'spam').length;
      const attempts: Record<string, string>[] = [
        { 'qforms[fields][6]': 'I am a bot' },
        { start_timestamp: '0', end_timestamp: '0' },
        { start_timestamp: String(now() - 1), end_timestamp: String(now()) },
        { start_timestamp: '', end_timestamp: '', 'qforms[token]': token(contact, 0) },
      ];
      for (const overrides of attempts) {
        const answer = await (await ajax(contactFields(overrides))).json();
        expect(answer.success, JSON.stringify(overrides)).toBe(true);
        expect(answer.data.confirmation).toContain('Thank you');
      }
      const spam = (await entries()).filter((e) => e.status === 'spam');
      expect(spam).toHaveLength(spamBefore + 4);
      expect(spam.slice(-4).map((e) => e.spam_reason)).toEqual([
        'honeypot',
        'bad-timestamps',
        'too-fast',
        'too-fast',
      ]);
      // Spam sends no mail.
      const mailsAfter = await handle.db.selectFrom('mail_outbox').select('id').execute();
      const mailCountBefore = mailsAfter.length;
      await ajax(contactFields({ 'qforms[fields][6]': 'again' }));
      expect((await handle.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(
        mailCountBefore,
      );
    });

    it('answers hostile requests with clear errors, never a 500', async () => {
      const before = (await entries()).length;
      const expectRefusal = async (response: Response, status: number) => {
        expect(response.status).toBe(status);
        const answer = await response.json();
        expect(answer.success).toBe(false);
        return answer.data;
      };
      // Unknown form.
      const unknownForm = await expectRefusal(
        await ajax(contactFields({ 'qforms[id]': '404' })),
        404,
      );
      expect(unknownForm.errors.general.header).toBe(serverMessages.formNotFound);
      await expectRefusal(await ajax(contactFields({ 'qforms[id]': 'abc' })), 404);
      // A 10 MB value.
      await expectRefusal(
        await ajax(contactFields({ 'qforms[fields][4]': 'x'.repeat(10 * 1024 * 1024) })),
        413,
      );
      // 10,000 fields.
      const many: Record<string, string> = contactFields();
      for (let i = 0; i < 10_000; i++) many[`qforms[fields][${1000 + i}]`] = 'x';
      await expectRefusal(await ajax(many), 413);
      // Wrong types: a list for a text field, parts for an e-mail, a choice that does not exist.
      const wrong = await expectRefusal(
        await ajax(
          contactFields({
            'qforms[fields][4][]': ['a', 'b'],
            'qforms[fields][4]': [],
            'qforms[fields][2][primary]': 'ada@example.org',
            'qforms[fields][2]': [],
            'qforms[fields][5][]': 'yes',
          }),
        ),
        422,
      );
      expect(wrong.errors.field).toMatchObject({
        2: formMessages.required,
        4: formMessages.required,
        5: formMessages.invalidChoice,
      });
      // Not a POST, not form data, no such action.
      expect((await fetch(`${server.url}/ajax`)).status).toBe(405);
      await expectRefusal(
        await fetch(`${server.url}/ajax`, {
          method: 'POST',
          body: '{"action":"qforms_submit"}',
          headers: { 'content-type': 'application/json', origin: server.url },
        }),
        415,
      );
      await expectRefusal(await ajax({ action: 'drop_tables' }), 400);
      await expectRefusal(await ajax({}), 400);
      expect(await entries()).toHaveLength(before);
    });

    it('stores script tags as text and ignores unknown field ids', async () => {
      const script = '<script>alert(1)</script>';
      const answer = await (
        await ajax(
          contactFields({
            'qforms[fields][1][first]': script,
            'qforms[fields][1][last]': script,
            'qforms[fields][3]': script,
            'qforms[fields][4]': `${script} ${++counter}`,
            'qforms[fields][99]': 'not a field of this form',
          }),
        )
      ).json();
      expect(answer.success).toBe(true);
      expect(answer.data.confirmation).not.toContain('<script');
      const entry = (await entries()).at(-1);
      const fields = JSON.parse(entry?.fields ?? '[]') as Array<{ id: number; value: string }>;
      expect(fields.find((f) => f.id === 3)?.value).toBe(script);
      expect(fields.some((f) => f.id === 99)).toBe(false);
    });

    it('takes a normal POST: confirmation in the page, or errors in place with the input kept', async () => {
      const post = (fields: Record<string, string | string[]>) => {
        const body = new URLSearchParams();
        for (const [name, value] of Object.entries(fields)) {
          for (const item of Array.isArray(value) ? value : [value]) body.append(name, item);
        }
        return fetch(`${server.url}/contact/`, {
          method: 'POST',
          body,
          headers: { origin: server.url },
          redirect: 'manual',
        });
      };
      const { action: _ajaxOnly, ...valid } = contactFields({
        start_timestamp: '',
        end_timestamp: '',
      });
      const before = (await entries()).length;
      const confirmed = await post(valid);
      expect(confirmed.status).toBe(200);
      expect(confirmed.headers.get('cache-control')).toBe('no-store');
      const html = await confirmed.text();
      expect(html).toContain('qforms-confirmation-container');
      expect(html).toContain('Thank you, your message is on its way.');
      expect(await entries()).toHaveLength(before + 1);

      const invalid = await post({
        ...valid,
        'qforms[fields][2]': 'not-an-address',
        'qforms[fields][4]': `Kept text ${++counter}`,
      });
      expect(invalid.status).toBe(422);
      const page = await invalid.text();
      expect(page).toContain(formMessages.email);
      expect(page).toContain('value="not-an-address"');
      expect(page).toContain(`Kept text ${counter}`);
      expect(page).toContain('aria-invalid="true"');
      expect(await entries()).toHaveLength(before + 1);
    });

    it('redirects after a normal POST when the form says so', async () => {
      const form = await saveForm(handle, {
        title: 'Redirecting',
        settings: { confirmation: { type: 'redirect', url: '/about/', newTab: false } },
        fields: [{ id: 1, type: 'text', label: 'Word', required: true }],
      });
      await savePost(handle, {
        type: 'page',
        title: 'Redirect test',
        slug: 'redirect-test',
        body: `Below.\n\n[form id="${form.id}"]\n`,
        status: 'published',
      });
      const page = await (await fetch(`${server.url}/redirect-test/`)).text();
      expect(page).toContain(`data-formid="${form.id}"`);
      const body = new URLSearchParams({
        'qforms[id]': String(form.id),
        'qforms[token]': token(form.id),
        'qforms[fields][1]': 'hello',
        page_url: '/redirect-test/',
      });
      const response = await fetch(`${server.url}/redirect-test/`, {
        method: 'POST',
        body,
        headers: { origin: server.url },
        redirect: 'manual',
      });
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/about/');
      const ajaxAnswer = await (
        await ajax({
          action: 'qforms_submit',
          'qforms[id]': String(form.id),
          'qforms[token]': token(form.id),
          'qforms[fields][1]': 'again',
        })
      ).json();
      expect(ajaxAnswer).toEqual({
        success: true,
        data: { redirect_url: '/about/', new_tab: false },
      });
      expect(await entries(form.id)).toHaveLength(2);
    });

    it('honours a read-only form and read-only fields on the server', async () => {
      const form = await saveForm(handle, {
        title: 'Locked',
        settings: { readOnly: true },
        fields: [{ id: 1, type: 'text', label: 'Word' }],
      });
      const locked = await (
        await ajax({
          action: 'qforms_submit',
          'qforms[id]': String(form.id),
          'qforms[token]': token(form.id),
          'qforms[fields][1]': 'x',
        })
      ).json();
      expect(locked.data.errors.general.header).toBe(serverMessages.readOnly);
      const partly = await saveForm(handle, {
        title: 'Partly locked',
        fields: [
          { id: 1, type: 'text', label: 'Fixed', readOnly: true, defaultValue: 'as shown' },
          { id: 2, type: 'text', label: 'Free' },
        ],
      });
      await ajax({
        action: 'qforms_submit',
        'qforms[id]': String(partly.id),
        'qforms[token]': token(partly.id),
        'qforms[fields][1]': 'changed by a crafted request',
        'qforms[fields][2]': 'free text',
      });
      const [entry] = await entries(partly.id);
      expect(JSON.parse(entry?.fields ?? '[]')[0].value).toBe('as shown');
    });
  });
}

describe('form submission rate limit', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      QUIRE_SECRET: secret,
      FORM_SUBMISSIONS_PER_MINUTE: '3',
      TRUST_PROXY: '1',
    });
  }, 60_000);
  afterAll(() => server?.stop());

  const submit = async (i: number, forwardedFor: string) => {
    const body = new FormData();
    body.set('action', 'qforms_submit');
    body.set('qforms[id]', '1');
    body.set('qforms[token]', issueFormToken(secret, 1, Date.now() - 10_000).token);
    body.set('qforms[fields][1][first]', 'Rate');
    body.set('qforms[fields][1][last]', 'Limit');
    body.set('qforms[fields][2]', 'rate@example.org');
    body.set('qforms[fields][4]', `message ${i} from ${forwardedFor}`);
    body.set('qforms[fields][5][]', '1');
    return fetch(`${server.url}/ajax`, {
      method: 'POST',
      body,
      headers: { origin: server.url, 'x-forwarded-for': forwardedFor },
    });
  };

  it('refuses a client over the limit per minute with a clear message', async () => {
    const statuses: number[] = [];
    let last: { data: { errors: { general: { header?: string } } } } | undefined;
    for (let i = 0; i < 4; i++) {
      const response = await submit(i, '203.0.113.1');
      statuses.push(response.status);
      last = await response.json();
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(last?.data.errors.general.header).toBe(serverMessages.tooManySubmissions);
  });

  it('tells visitors apart behind a trusted proxy (TRUST_PROXY=1)', async () => {
    expect((await submit(0, '203.0.113.2')).status).toBe(200);
    // A visitor's own X-Forwarded-For entry is not believed: the proxy's is the last one.
    expect((await submit(1, '198.51.100.7, 203.0.113.1')).status).toBe(429);
  });
});
