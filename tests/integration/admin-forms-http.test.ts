import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { type AdminSite, startAdminSite } from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';
import type { TestServer } from '../support/test-server.ts';

/**
 * The Forms screen over HTTP on the built site (issue 16): every form with its entries, spam
 * and last entry, and its embed code; for a signed-in administrator only. Once per database.
 */
for (const database of testDatabases()) {
  describe(`the Forms screen over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let cookie = '';

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ server, handle, cookie } = site);
      const entry = (status: 'entry' | 'spam', at: number, n: number) => ({
        form_id: 1,
        status,
        spam_reason: status === 'spam' ? 'honeypot' : null,
        fields: '[]',
        page_url: '/contact/',
        visitor_id: null,
        user_agent: 'test',
        started_at: null,
        submitted_at: at,
        created_at: at,
        fingerprint: `forms-screen-${status}-${n}`,
      });
      await handle.db
        .insertInto('form_entries')
        .values([
          entry('entry', Date.UTC(2026, 10, 20, 9, 30), 1),
          entry('entry', Date.UTC(2026, 10, 21, 14, 5), 2),
          entry('spam', Date.UTC(2026, 10, 22, 8, 0), 3),
        ])
        .execute();
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    it('is for a signed-in administrator only', async () => {
      const response = await fetch(`${server.url}/admin/forms`, { redirect: 'manual' });
      expect([302, 303]).toContain(response.status);
      expect(response.headers.get('location')).toContain('/admin/sign-in');
    });

    it('lists every form with its counts, last entry and embed code', async () => {
      const response = await fetch(`${server.url}/admin/forms`, { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const html = await response.text();
      const forms = await handle.db.selectFrom('forms').select('id').execute();
      expect(html).toContain(`${forms.length} forms.`);
      for (const { id } of forms) {
        expect(html).toContain(`value="[form id=&quot;${id}&quot;]"`);
      }
      const contact =
        /<tr>(?:(?!<\/tr>)[\s\S])*?>Contact\b(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(html)?.[0] ?? '';
      expect(contact).toMatch(/>\s*2\s*</);
      expect(contact).toContain('and 1 spam');
      expect(contact).toContain('21 Nov 2026, 14:05');
      expect(html).toContain('href="/admin/forms" aria-current="page"');
    });
  });
}
