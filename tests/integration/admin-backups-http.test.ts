import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupMessages as m } from '../../src/features/admin/backup-messages.ts';
import { restoreBackup } from '../../src/platform/backup/restore-backup.ts';
import type { Config } from '../../src/platform/config.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { dailyBackupPass, writeBackupSettings } from '../../src/server/daily-backups.ts';
import {
  type AdminSite,
  adminRequests,
  csrfOf,
  decodeHtml,
  startAdminSite,
  tableCells,
} from '../support/admin-site.ts';
import { testDatabases } from '../support/databases.ts';

const day = 86_400_000;

async function entryNames(bytes: Buffer): Promise<string[]> {
  const extract = tar.extract();
  Readable.from([bytes]).pipe(extract as unknown as NodeJS.WritableStream);
  const names: string[] = [];
  for await (const entry of extract) {
    names.push(entry.header.name);
    entry.resume();
  }
  return names;
}

/**
 * Backups in the admin over HTTP on the built site (issue 29, point 7): "Download a backup"
 * streams the whole site to an administrator and to nobody else, the daily backups' settings
 * are checked (the folder by writing to it), and the daily pass writes one backup a day into
 * the folder, keeps the newest N, lists them and reports a failure on the dashboard.
 */
for (const database of testDatabases()) {
  describe(`backups in the admin over HTTP on ${database.name}`, () => {
    let site: AdminSite | undefined;
    let handle: DatabaseHandle;
    let cookie = '';
    let folder: string;
    let databaseConfig: Config['database'];

    beforeAll(async () => {
      site = await startAdminSite(database);
      ({ handle, cookie } = site);
      folder = mkdtempSync(join(tmpdir(), 'quire-backups-'));
      databaseConfig =
        database.name === 'postgres'
          ? { kind: 'postgres', url: process.env.TEST_DATABASE_URL as string }
          : { kind: 'sqlite', file: join(site.server.dataDir, 'quire.db') };
    }, 90_000);
    afterAll(async () => {
      await site?.stop();
      rmSync(folder, { recursive: true, force: true });
    });

    const requests = () => adminRequests({ server: (site as AdminSite).server, cookie });
    const url = (path: string) => `${(site as AdminSite).server.url}${path}`;

    it('streams a backup of the whole site to an administrator, which restores into an empty site', async () => {
      const response = await fetch(url('/admin/backups/download'), { headers: { cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/x-tar');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="quire-backup-\d{4}-\d{2}-\d{2}-\d{6}\.tar"$/,
      );
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      const bytes = Buffer.from(await response.arrayBuffer());
      const names = await entryNames(bytes);
      expect(names[0]).toBe('manifest.json');
      expect(names.at(-1)).toBe('checksums.json');
      expect(names.some((name) => name.startsWith('tables/media/'))).toBe(true);
      const dir = mkdtempSync(join(tmpdir(), 'quire-restored-'));
      const copy = connectDatabase({ kind: 'sqlite', file: join(dir, 'copy.db') });
      try {
        const restored = await restoreBackup(copy, Readable.from([bytes]));
        const posts = await handle.db.selectFrom('posts').select('id').execute();
        expect(restored.rows.get('posts')).toBe(posts.length);
        expect(restored.rows.get('users')).toBe(1);
      } finally {
        await copy.db.destroy();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it('goes on serving when a download is closed half-way', async () => {
      // More than the sockets' buffers hold, so the backup is still being written at the close.
      const large = await handle.db
        .insertInto('media')
        .values(
          [1, 2, 3, 4].map((n) => ({
            file_name: `large-${n}.jpg`,
            mime: 'image/jpeg',
            width: 1,
            height: 1,
            alt: '',
            bytes: randomBytes(8 * 1024 * 1024),
            created_at: n,
          })),
        )
        .returning('id')
        .execute();
      const stopped = new AbortController();
      const response = await fetch(url('/admin/backups/download'), {
        headers: { cookie },
        signal: stopped.signal,
      });
      const reader = response.body?.getReader();
      await reader?.read();
      stopped.abort();
      await reader?.cancel().catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await fetch(url('/robots.txt'))).status).toBe(200);
      const again = await fetch(url('/admin/backups/download'), { headers: { cookie } });
      expect((await entryNames(Buffer.from(await again.arrayBuffer()))).at(-1)).toBe(
        'checksums.json',
      );
      const ids = large.map((row) => row.id);
      await handle.db.deleteFrom('media').where('id', 'in', ids).execute();
    });

    it('refuses the download without a session, or asked for by another site', async () => {
      expect((await fetch(url('/admin/backups/download'))).status).toBe(401);
      const crossSite = await fetch(url('/admin/backups/download'), {
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(crossSite.status).toBe(403);
    });

    it('checks the daily backups’ settings in place, the folder by writing to it, then saves them', async () => {
      const { get, post } = requests();
      const page = await get('/admin/backups');
      expect(page.status).toBe(200);
      expect(decodeHtml(page.body)).toContain(m.noFolder);
      const csrf = csrfOf(page.body);
      const relative = await post('/admin/backups', {
        csrf,
        daily: 'on',
        folder: 'backups',
        keep: '7',
      });
      expect(relative.status).toBe(400);
      expect(decodeHtml(relative.body)).toContain(m.folderAbsolute);
      expect(decodeHtml(relative.body)).toContain('value="backups"');
      const noFolder = await post('/admin/backups', { csrf, daily: 'on', folder: '', keep: '0' });
      expect(decodeHtml(noFolder.body)).toContain(m.folderNeeded);
      expect(decodeHtml(noFolder.body)).toContain(m.keepRange);
      const aFile = join(folder, 'a-file');
      writeFileSync(aFile, 'not a folder');
      const blocked = await post('/admin/backups', {
        csrf,
        daily: 'on',
        folder: join(aFile, 'sub'),
        keep: '7',
      });
      expect(blocked.status).toBe(400);
      expect(decodeHtml(blocked.body)).toContain(
        `This folder cannot take backups: "${aFile}" is a file where a folder should be.`,
      );
      const withoutToken = await post('/admin/backups', { daily: 'on', folder, keep: '2' });
      expect(withoutToken.status).toBe(403);
      const saved = await post('/admin/backups', { csrf, daily: 'on', folder, keep: '2' });
      expect(saved.status).toBe(303);
      expect(saved.response.headers.get('location')).toBe('/admin/backups?notice=saved');
      const after = decodeHtml((await get('/admin/backups?notice=saved')).body);
      expect(after).toContain(m.saved);
      expect(after).toContain(`value="${folder}"`);
      expect(after).toContain(m.noFiles);
    });

    it('writes one backup a day into the folder, keeps the newest two, and lists them', async () => {
      const deps = {
        db: handle.db,
        database: databaseConfig,
        log: { info: () => {}, warn: () => {} },
      };
      const start = Date.UTC(2030, 0, 10, 12);
      const first = await dailyBackupPass(deps, start);
      expect(first?.state).toBe('done');
      // The same day again (another process, another instance): already claimed.
      expect(await dailyBackupPass(deps, start + 60_000)).toBeUndefined();
      expect(readdirSync(folder).filter((name) => name.endsWith('.tar'))).toEqual([first?.file]);
      await dailyBackupPass(deps, start + day);
      const third = await dailyBackupPass(deps, start + 2 * day);
      const kept = readdirSync(folder)
        .filter((name) => name.endsWith('.tar'))
        .sort();
      expect(kept).toEqual([
        'quire-backup-2030-01-11-120000.tar',
        'quire-backup-2030-01-12-120000.tar',
      ]);
      const { get } = requests();
      const page = await get('/admin/backups');
      const rows = tableCells(page.body);
      expect(rows.slice(1).map((row) => row[0])).toEqual([
        'quire-backup-2030-01-12-120000.tar',
        'quire-backup-2030-01-11-120000.tar',
      ]);
      expect(decodeHtml(page.body)).toContain(m.runDone(third?.file ?? '', third?.bytes ?? 0));
      const file = await fetch(url(`/admin/backups/files/${kept[1]}`), { headers: { cookie } });
      expect(file.status).toBe(200);
      expect(
        Buffer.from(await file.arrayBuffer()).equals(readFileSync(join(folder, kept[1] ?? ''))),
      ).toBe(true);
      expect(
        (await fetch(url('/admin/backups/files/quire.db'), { headers: { cookie } })).status,
      ).toBe(404);
      expect((await fetch(url(`/admin/backups/files/${kept[1]}`))).status).toBe(401);
    });

    it('reports a daily backup that failed on the dashboard', async () => {
      const aFile = join(folder, 'a-file');
      await writeBackupSettings(handle.db, { daily: true, folder: join(aFile, 'sub'), keep: 2 });
      const deps = {
        db: handle.db,
        database: databaseConfig,
        log: { info: () => {}, warn: () => {} },
      };
      const failed = await dailyBackupPass(deps, Date.UTC(2030, 0, 20, 12));
      expect(failed?.state).toBe('failed');
      const dashboard = decodeHtml((await requests().get('/admin')).body);
      expect(dashboard).toContain(
        m.dashboardFailed('2030-01-20', `"${aFile}" is a file where a folder should be`),
      );
      await writeBackupSettings(handle.db, { daily: false, folder, keep: 2 });
    });
  });
}
