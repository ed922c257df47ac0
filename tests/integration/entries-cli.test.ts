import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueFormToken } from '../../src/features/forms/server/form-token.ts';
import type { DatabaseHandle } from '../../src/platform/db/connect.ts';
import { testDatabases } from '../support/databases.ts';
import { runQuire } from '../support/quire-cli.ts';
import { startTestSite, type TestServer, type TestSite } from '../support/test-server.ts';

const secret = 'entries-cli-test-secret-0123456789abcdef';
const contactFormId = 1;

for (const database of testDatabases()) {
  describe(`form entries before an administrator exists, on ${database.name}`, () => {
    let site: TestSite | undefined;
    let server: TestServer;
    let handle: DatabaseHandle;
    let databaseUrl: string;

    beforeAll(async () => {
      site = await startTestSite(database, {
        QUIRE_SECRET: secret,
        FORM_SUBMISSIONS_PER_MINUTE: '1000',
      });
      ({ server, handle, databaseUrl } = site);
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
    });

    const cli = (...args: string[]) => runQuire(args, { DATABASE_URL: databaseUrl });

    it('says at start-up that nobody would be notified, and how to create an administrator', () => {
      const output = server.errorOutput();
      expect(output).toContain('No administrator account exists yet');
      expect(output).toContain('npm run quire -- admin create --email');
    });

    it('warns for each entry whose owner mail has no recipient; the CLI lists and exports it', async () => {
      const now = Math.floor(Date.now() / 1000);
      const body = new FormData();
      for (const [name, value] of Object.entries({
        action: 'qforms_submit',
        'qforms[id]': String(contactFormId),
        'qforms[token]': issueFormToken(secret, contactFormId, Date.now() - 30_000).token,
        'qforms[fields][1][first]': 'Grace',
        'qforms[fields][1][last]': 'Hopper',
        'qforms[fields][2]': 'grace@example.org',
        'qforms[fields][3]': '=1+2',
        'qforms[fields][4]': 'A line\nand =SUM(A1) another, "quoted"',
        'qforms[fields][5][]': '1',
        start_timestamp: String(now - 30),
        end_timestamp: String(now),
        page_url: '/contact/',
      })) {
        body.append(name, value);
      }
      const answer = await fetch(`${server.url}/ajax`, {
        method: 'POST',
        body,
        headers: { origin: server.url },
      });
      expect((await answer.json()).success).toBe(true);
      await server.waitForErrorOutput(/A new entry of form 1 \("[^"]+"\) notifies nobody/);

      const listed = await cli('entries', 'list', '--form', String(contactFormId));
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toMatch(/^#\d+ {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}form 1 /);
      expect(listed.stdout).toContain('      Grace Hopper');
      expect(listed.stdout).toContain('      A line\n      and =SUM(A1) another, "quoted"');

      const file = join(server.dataDir, 'contact.csv');
      const exported = await cli('entries', 'export', '--form', String(contactFormId), file);
      expect(exported.code, exported.stderr).toBe(0);
      expect(exported.stderr).toContain(`Exported 1 entries of form 1 to ${file}.`);
      const csv = readFileSync(file, 'utf8');
      expect(csv.startsWith('\ufeffEntry,Submitted (UTC),Status,')).toBe(true);
      expect(csv).toContain("Grace Hopper,grace@example.org,'=1+2,");
      // Quoted where it must be, and a formula is not run by a spreadsheet.
      expect(csv).toMatch(/,"A line\r?\nand =SUM\(A1\) another, ""quoted""",/);
    });

    it('exports thousands of entries page by page, every one of them, newest first', async () => {
      const total = 1234;
      const rows = Array.from({ length: total }, (_, i) => ({
        form_id: 2,
        status: 'entry' as const,
        spam_reason: null,
        fields: JSON.stringify([{ id: 99, type: 'text', label: 'Name', value: `=person ${i}` }]),
        page_url: '/event-sign-up/',
        visitor_id: null,
        user_agent: 'bulk',
        started_at: null,
        submitted_at: 1_700_000_000_000 + i,
        created_at: 1_700_000_000_000 + i,
        fingerprint: `bulk-${i}`,
      }));
      for (let start = 0; start < total; start += 200) {
        await handle.db
          .insertInto('form_entries')
          .values(rows.slice(start, start + 200))
          .execute();
      }
      const file = join(server.dataDir, 'event.csv');
      const exported = await cli('entries', 'export', '--form', '2', file);
      expect(exported.code, exported.stderr).toBe(0);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      expect(lines).toHaveLength(total + 1);
      // Field 99 is no field of the event form: its answers get a column of their own, headed
      // with the label they carry, and are escaped.
      expect(lines[0]?.trim().endsWith(',Name (deleted field 99)')).toBe(true);
      expect(lines[1]?.endsWith(",'=person 1233")).toBe(true);
      expect(lines.at(-1)?.endsWith(",'=person 0")).toBe(true);

      const listed = await cli(
        'entries',
        'list',
        '--form',
        '2',
        '--limit',
        '3',
        '--format',
        'json',
      );
      expect(listed.code, listed.stderr).toBe(0);
      const entries = JSON.parse(listed.stdout) as Array<{ fields: Array<{ value: string }> }>;
      expect(entries.map((e) => e.fields[0]?.value)).toEqual([
        '=person 1233',
        '=person 1232',
        '=person 1231',
      ]);
    });

    it('refuses a form that does not exist with a clear message', async () => {
      const refused = await cli('entries', 'export', '--form', '999', 'x.csv');
      expect(refused.code).toBe(2);
      expect(refused.stderr).toContain('There is no form 999.');
    });
  });
}
