import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import { findForm, saveForm } from '../../src/features/forms/server/forms-store.ts';
import { hashPasswords } from '../../src/features/forms/server/submission-fields.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { takeRateLimit } from '../../src/platform/rate-limit.ts';
import { postAjax } from '../support/ajax-post.ts';
import { testDatabases } from '../support/databases.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const secret = 'form-passwords-test-secret-0123456789abcd';

/**
 * A password field on a public form (issue 28, point 14): its answer is kept only as a hash,
 * worked out off the event loop and only for a submission that is neither spam nor over its
 * sender's rate limit, so a flood of bot posts costs a lookup each, not a hash each. Once per
 * database.
 */
for (const database of testDatabases()) {
  describe(`password fields on a public form on ${database.name}`, () => {
    let server: TestServer;
    let handle: DatabaseHandle;
    let formId = 0;

    beforeAll(async () => {
      const empty = await database.open();
      await empty.close();
      const url = database.name === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
      server = await startTestServer({
        QUIRE_SECRET: secret,
        TRUST_PROXY: '1',
        ...(url ? { DATABASE_URL: url } : {}),
      });
      handle = connectDatabase(
        url
          ? { kind: 'postgres', url }
          : { kind: 'sqlite', file: join(server.dataDir, 'quire.db') },
      );
      formId = (
        await saveForm(handle, {
          title: 'Club account',
          fields: [
            { id: 1, type: 'text', label: 'Member name', required: true },
            { id: 2, type: 'password', label: 'Password', required: true },
          ],
        })
      ).id;
      await savePost(handle, {
        type: 'page',
        title: 'Join the club',
        slug: 'join',
        body: `[form id="${formId}"]\n`,
        status: 'published',
      });
    }, 90_000);
    afterAll(async () => {
      await handle?.db.destroy();
      await server?.stop();
    });

    const now = () => Math.floor(Date.now() / 1000);
    const send = (name: string, client: string, overrides: Record<string, string> = {}) =>
      postAjax(
        server.url,
        {
          action: 'qforms_submit',
          'qforms[id]': String(formId),
          'qforms[token]': issueFormToken(secret, formId, Date.now() - 60_000).token,
          'qforms[submission_id]': `password-${name}-0123456789`,
          'qforms[fields][1]': name,
          'qforms[fields][2]': `correct horse ${name} battery`,
          start_timestamp: String(now() - 60),
          end_timestamp: String(now()),
          page_url: '/join/',
          ...overrides,
        },
        { 'x-forwarded-for': client },
      );
    const passwordOf = async (name: string) => {
      const rows = await handle.db
        .selectFrom('form_entries')
        .select(['fields', 'status'])
        .where('form_id', '=', formId)
        .execute();
      const row = rows.find((r) => r.fields.includes(`"${name}"`));
      const fields = JSON.parse(row?.fields ?? '[]') as Array<{ id: number; value: string }>;
      return { status: row?.status, value: fields.find((f) => f.id === 2)?.value };
    };

    it('keeps a password as a scrypt hash, never the password', async () => {
      expect((await send('ada', '198.51.100.1')).answer.success).toBe(true);
      const { value } = await passwordOf('ada');
      expect(value).toMatch(/^scrypt\$16384\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
      const rows = JSON.stringify(await handle.db.selectFrom('form_entries').selectAll().execute());
      expect(rows).not.toContain('correct horse ada battery');
    });

    it('keeps no password of a submission judged spam', async () => {
      const tooFast = { start_timestamp: String(now()), end_timestamp: String(now()) };
      const { answer } = await send('bot', '198.51.100.2', tooFast);
      expect(answer.success).toBe(true);
      expect(await passwordOf('bot')).toEqual({ status: 'spam', value: '' });
    });

    it('stores what the rate limit lets through from a flood of password posts, and refuses the rest', async () => {
      const replies = await Promise.all(
        Array.from({ length: 40 }, (_, i) => send(`flood${i}`, '198.51.100.3')),
      );
      const statuses = replies.map((reply) => reply.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(10);
      expect(statuses.filter((status) => status === 429)).toHaveLength(30);
      const stored = await handle.db
        .selectFrom('form_entries')
        .select('fields')
        .where('fields', 'like', '%flood%')
        .execute();
      expect(stored).toHaveLength(10);
    });

    it('makes no hash for spam, nor for a sender already over its limit', async () => {
      const form = await findForm(handle.db, formId);
      if (!form) throw new Error('no form');
      const submission = (spam: string | undefined) => ({
        form,
        values: { 1: 'grace', 2: 'a long password' },
        visible: new Set([1, 2]),
        files: {},
        ruleContext: {},
        spam,
        order: undefined,
        now: Date.now(),
      });
      const rule = { scope: 'form-submit-test', limit: 2, windowMs: 60_000 };
      const deps = { db: handle.db, secret };
      const within = await hashPasswords(deps, submission(undefined), { rule, client: 'a' });
      expect(within).toBeInstanceOf(Map);
      expect((within as Map<number, string>).get(2)).toMatch(/^scrypt\$/);
      expect(await hashPasswords(deps, submission('too-fast'), { rule, client: 'a' })).toEqual(
        new Map([[2, '']]),
      );
      for (let i = 0; i < 2; i++) await takeRateLimit(handle.db, secret, rule, 'b');
      expect(await hashPasswords(deps, submission(undefined), { rule, client: 'b' })).toBe(
        'rate-limited',
      );
    });
  });
}
