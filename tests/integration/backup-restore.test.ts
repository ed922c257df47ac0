import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupManifest } from '../../src/platform/backup/backup-format.ts';
import { restoreBackup } from '../../src/platform/backup/restore-backup.ts';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { migrateToLatest, migrateUpTo } from '../../src/platform/db/migrate.ts';
import { backupSite } from '../../src/server/site-backup.ts';
import { testDatabaseUrl } from '../support/databases.ts';
import { emptyTables, fillEveryTable, fullSiteBucket, siteRows } from '../support/full-site.ts';
import { runQuire } from '../support/quire-cli.ts';
import { type S3StandIn, startS3StandIn } from '../support/s3-stand-in.ts';

const quiet = { warn: () => {} };

const quire = (databaseUrl: string, args: string[]) =>
  runQuire(args, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' });

/** A command that must succeed: what it said. */
async function cli(databaseUrl: string, ...args: string[]) {
  const outcome = await quire(databaseUrl, args);
  expect(outcome.code, outcome.stderr).toBe(0);
  return outcome;
}

/** A command that must fail: its exit code and what it said. */
async function cliRefusal(databaseUrl: string, ...args: string[]) {
  const outcome = await quire(databaseUrl, args);
  expect(outcome.code, `${args.join(' ')} succeeded`).not.toBe(0);
  return outcome;
}

/** Every entry of a tar file: its name and bytes. */
async function tarEntries(file: string): Promise<{ name: string; bytes: Buffer }[]> {
  const extract = tar.extract();
  Readable.from([readFileSync(file)]).pipe(extract as unknown as NodeJS.WritableStream);
  const entries: { name: string; bytes: Buffer }[] = [];
  for await (const entry of extract) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry) chunks.push(chunk as Buffer);
    entries.push({ name: entry.header.name, bytes: Buffer.concat(chunks) });
  }
  return entries;
}

/** The same backup with its manifest changed (and nothing else, so its checksums still hold). */
async function withManifest(file: string, out: string, change: (m: BackupManifest) => void) {
  const pack = tar.pack();
  const chunks: Buffer[] = [];
  pack.on('data', (chunk: unknown) => {
    chunks.push(chunk as Buffer);
  });
  const done = new Promise<void>((resolve) => pack.on('end', () => resolve()));
  for (const entry of await tarEntries(file)) {
    let bytes = entry.bytes;
    if (entry.name === 'manifest.json') {
      const manifest = JSON.parse(bytes.toString()) as BackupManifest;
      change(manifest);
      bytes = Buffer.from(JSON.stringify(manifest));
    }
    pack.entry({ name: entry.name }, bytes);
  }
  pack.finalize();
  await done;
  writeFileSync(out, Buffer.concat(chunks));
}

type Target = { name: 'sqlite' | 'postgres'; url: string; open: () => DatabaseHandle };

/** A new, empty database of each kind the tests have (not migrated: a restore does that). */
function newTarget(kind: 'sqlite' | 'postgres', dir: string, label: string): Target {
  if (kind === 'postgres') {
    const url = testDatabaseUrl(process.env.TEST_DATABASE_URL as string);
    return { name: kind, url, open: () => connectDatabase({ kind, url }) };
  }
  const file = join(dir, `${label}.db`);
  return { name: kind, url: `sqlite:${file}`, open: () => connectDatabase({ kind, file }) };
}

async function emptyPostgres(): Promise<void> {
  const handle = connectDatabase({
    kind: 'postgres',
    url: process.env.TEST_DATABASE_URL as string,
  });
  await sql`drop schema public cascade; create schema public`.execute(handle.db);
  await handle.db.destroy();
}

const kinds: ('sqlite' | 'postgres')[] = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

// Most tests here start the quire command, a process of its own, once or twice: on a 2-core
// machine busy with three other suites one start took 13 s, so 30 s was not room for two.
describe('a backup of a whole site, and its restore', { timeout: 60_000 }, () => {
  let s3: S3StandIn;
  let dir: string;
  let source: DatabaseHandle;
  let sourceUrl: string;
  let backupFile: string;
  let sourceRows: Record<string, unknown[]>;
  let s3Bytes: Buffer;
  const s3Name = `${fullSiteBucket}/a0a0a0a0b1b1b1b1c2c2c2c2d3d3d3d3`;

  beforeAll(async () => {
    s3 = await startS3StandIn();
    dir = mkdtempSync(join(tmpdir(), 'quire-backup-'));
    const file = join(dir, 'source.db');
    sourceUrl = `sqlite:${file}`;
    source = connectDatabase({ kind: 'sqlite', file });
    await migrateToLatest(source.db, source.kind);
    await fillEveryTable(source, s3);
    sourceRows = await siteRows(source);
    s3Bytes = s3.objects.get(s3Name)?.bytes as Buffer;
    backupFile = join(dir, 'site.tar');
    const { stdout } = await cli(sourceUrl, 'backup', backupFile);
    expect(stdout).toMatch(/^Backed up \d+ tables \([\d,]+ rows\) and 1 form file kept in S3 to /);
  }, 60_000);
  afterAll(async () => {
    await source?.db.destroy();
    await s3?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('starts from a site with rows in every table a backup holds (a new table needs some here)', async () => {
    expect(await emptyTables(source)).toEqual([]);
  });

  it('is one tar: the manifest first, each table in parts, binary values exact, checksums last', async () => {
    const entries = await tarEntries(backupFile);
    expect(entries[0]?.name).toBe('manifest.json');
    expect(entries.at(-1)?.name).toBe('checksums.json');
    const manifest = JSON.parse(entries[0]?.bytes.toString() ?? '') as BackupManifest;
    expect(manifest.excluded).toEqual([
      'backup_runs',
      'rate_limits',
      'sessions',
      'setup_links',
      'sign_in_failures',
    ]);
    expect(manifest.tables.map((table) => table.name)).not.toContain('sessions');
    expect(manifest.database).toBe('sqlite');
    const media = manifest.tables.find((table) => table.name === 'media');
    expect(media?.rows).toBe(sourceRows.media?.length);
    expect(
      entries.some((entry) => entry.name === `files/${s3Name}` && entry.bytes.equals(s3Bytes)),
    ).toBe(true);
    expect(entries.map((entry) => entry.name)).toContain('tables/media/000001.blob-000001');
  });

  for (const kind of kinds) {
    describe(`restored into an empty ${kind} site`, () => {
      let target: Target;
      let restored: DatabaseHandle;

      beforeAll(async () => {
        if (kind === 'postgres') await emptyPostgres();
        target = newTarget(kind, dir, 'restored');
        // The files' bucket lost its objects: the restore puts them back.
        s3.objects.delete(s3Name);
        const { stdout } = await cli(target.url, 'restore', backupFile);
        expect(stdout).toContain('Restored the backup of');
        expect(stdout).toContain('1 form file put back in S3');
        restored = target.open();
      }, 60_000);
      afterAll(async () => {
        await restored?.db.destroy();
      });

      it('has every row of every table and every file, byte for byte', async () => {
        expect(await siteRows(restored)).toEqual(sourceRows);
        expect(s3.objects.get(s3Name)?.bytes.equals(s3Bytes)).toBe(true);
        const sessions = await restored.db.selectFrom('sessions').selectAll().execute();
        expect(sessions).toEqual([]);
      });

      it('gives new rows ids after the highest the old site gave, deleted rows included', async () => {
        const tag = await restored.db
          .insertInto('tags')
          .values({ name: 'New', slug: 'new-after-restore', description: '' })
          .returning('id')
          .executeTakeFirstOrThrow();
        await restored.db.deleteFrom('tags').where('id', '=', tag.id).execute();
        // The source's last tag id (its "Gone" tag, deleted; the demo's import used more).
        const { rows } = await sql<{ seq: number }>`
          select seq from sqlite_sequence where name = 'tags'`.execute(source.db);
        const largest = Math.max(...(sourceRows.tags as { id: number }[]).map((row) => row.id));
        expect(rows[0]?.seq).toBeGreaterThan(largest);
        expect(tag.id).toBe((rows[0]?.seq ?? 0) + 1);
      });

      it('refuses to restore into it again, saying what it holds', async () => {
        const refusal = await cliRefusal(target.url, 'restore', backupFile);
        expect(refusal.code).toBe(1);
        expect(refusal.stderr).toMatch(/^This site is not empty: it has .*posts \(\d+ rows\)/);
        expect(await siteRows(restored)).toEqual(sourceRows);
      });

      it('backs up consistently while the site writes', async () => {
        const writer = target.open();
        let written = 0;
        let committed = 0;
        let writing = true;
        const writes = (async () => {
          while (writing) {
            await writer.db.transaction().execute(async (trx) => {
              written++;
              await trx
                .insertInto('subscribers')
                .values({
                  feed_id: 7,
                  email: `w${written}@example.org`,
                  status: 'confirmed',
                  created_at: 1,
                  confirmed_at: 1,
                  unsubscribed_at: null,
                })
                .execute();
              await trx
                .insertInto('counters')
                .values({ name: 'backup_test_writes', value: written })
                .onConflict((c) => c.column('name').doUpdateSet({ value: written }))
                .execute();
            });
            committed++;
            await new Promise((resolve) => setTimeout(resolve, 1));
          }
        })();
        const committedAtLeast = async (count: number) => {
          while (committed < count) await new Promise((resolve) => setTimeout(resolve, 1));
        };
        // Writes land before the snapshot and, whatever the machine's load, after it: the
        // backup's first bytes (its manifest, read in the snapshot) wait for more of them.
        await committedAtLeast(3);
        const chunks: Buffer[] = [];
        const held = new Writable({
          highWaterMark: 1024,
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            if (chunks.length > 1) return done();
            committedAtLeast(committed + 3).then(() => done(), done);
          },
        });
        await backupSite(
          kind === 'postgres' ? { kind, url: target.url } : { kind, file: target.url.slice(7) },
          held,
          quiet,
        );
        writing = false;
        await writes;
        await writer.db.destroy();
        const copy = newTarget('sqlite', dir, `consistent-${kind}`);
        const handle = copy.open();
        await restoreBackup(handle, Readable.from([Buffer.concat(chunks)]), {
          writeExternalFile: async (_db, _file, body) => {
            for await (const _chunk of body);
          },
        });
        const counter = await handle.db
          .selectFrom('counters')
          .select('value')
          .where('name', '=', 'backup_test_writes')
          .executeTakeFirst();
        const rows = await handle.db
          .selectFrom('subscribers')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('feed_id', '=', 7)
          .executeTakeFirstOrThrow();
        await handle.db.destroy();
        // Taken out before the checks, so that a failure here leaves the next test its site.
        await restored.db.deleteFrom('subscribers').where('feed_id', '=', 7).execute();
        await restored.db.deleteFrom('counters').where('name', '=', 'backup_test_writes').execute();
        expect(Number(rows.n)).toBe(Number(counter?.value ?? 0));
        // The writes went on after the snapshot was taken, so the test saw what it claims to.
        expect(committed).toBeGreaterThan(Number(rows.n));
        expect(Number(rows.n)).toBeGreaterThan(0);
      });

      if (kind === 'postgres') {
        it('backs up from PostgreSQL and restores into SQLite, row for row', async () => {
          const back = join(dir, 'from-postgres.tar');
          await cli(target.url, 'backup', back);
          const sqliteTarget = newTarget('sqlite', dir, 'from-postgres');
          const { stdout } = await cli(sqliteTarget.url, 'restore', back);
          expect(stdout).toContain('(Quire 0.1.0, postgres)');
          const handle = sqliteTarget.open();
          expect(await siteRows(handle)).toEqual(sourceRows);
          await handle.db.destroy();
        });
      }
    });
  }

  describe('a file that cannot be loaded', () => {
    const freshSqlite = async (label: string) => newTarget('sqlite', dir, label);

    /** Nothing but what the migrations themselves write. */
    const expectEmpty = async (target: Target) => {
      const handle = target.open();
      const empty = await emptyTables(handle);
      const counters = await handle.db.selectFrom('counters').select('name').execute();
      await handle.db.destroy();
      expect(counters.map((row) => row.name)).toEqual(['announce_posts_published_from']);
      expect(empty.length).toBe(Object.keys(sourceRows).length - 1);
    };

    it('refuses a file with a changed byte, and leaves the site empty', async () => {
      const bytes = readFileSync(backupFile);
      const everyByte = bytes.indexOf(Buffer.from(Array.from({ length: 256 }, (_, i) => i)));
      expect(everyByte).toBeGreaterThan(0);
      bytes[everyByte + 100] = (bytes[everyByte + 100] ?? 0) ^ 1;
      const damaged = join(dir, 'damaged.tar');
      writeFileSync(damaged, bytes);
      const target = await freshSqlite('damaged');
      const refusal = await cliRefusal(target.url, 'restore', damaged);
      expect(refusal.code).toBe(1);
      expect(refusal.stderr).toMatch(
        /^The backup file is damaged: "tables\/form_file_chunks\/.*" does not match its checksum\. Nothing was loaded/,
      );
      await expectEmpty(target);
    });

    it('refuses a file cut short, and leaves the site empty', async () => {
      const bytes = readFileSync(backupFile);
      const cut = join(dir, 'cut.tar');
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.byteLength * 0.7)));
      const target = await freshSqlite('cut');
      const refusal = await cliRefusal(target.url, 'restore', cut);
      expect(refusal.code).toBe(1);
      expect(refusal.stderr).toMatch(
        /^The backup file is damaged: .*Nothing was loaded; the site is as empty as it was\./,
      );
      await expectEmpty(target);
    });

    it('refuses a file that is not a backup', async () => {
      const other = join(dir, 'other.tar');
      writeFileSync(other, 'just some text\n');
      const refusal = await cliRefusal(sourceUrl, 'restore', other);
      expect(refusal.stderr).toMatch(/^This file is not a Quire backup/);
    });

    it('refuses a backup made by a newer Quire', async () => {
      const newer = join(dir, 'newer.tar');
      await withManifest(backupFile, newer, (manifest) => {
        manifest.quireVersion = '9.0.0';
        manifest.migrations.push('2099-01-01-999-from-the-future');
      });
      const target = await freshSqlite('newer');
      const refusal = await cliRefusal(target.url, 'restore', newer);
      expect(refusal.stderr).toMatch(
        /^This backup was made by a newer Quire \(9\.0\.0, schema 2099-01-01-999-from-the-future\); update this Quire, then restore it\./,
      );
    });
  });

  it('loads a backup made by an older Quire in its own schema, then migrates it', async () => {
    const old = connectDatabase({ kind: 'sqlite', file: join(dir, 'old.db') });
    await migrateUpTo(old.db, old.kind, '2026-11-28-015-field-id-marks');
    await old.db
      .insertInto('forms')
      .values({
        title: 'Old',
        definition: '{"title":"Old","fields":[]}',
        created_at: 1,
        updated_at: 1,
        deleted_at: null,
      } as never)
      .execute();
    await old.db.destroy();
    const oldBackup = join(dir, 'old.tar');
    await cli(`sqlite:${join(dir, 'old.db')}`, 'backup', oldBackup);
    const target = newTarget('sqlite', dir, 'from-old');
    const { stdout } = await cli(target.url, 'restore', oldBackup);
    expect(stdout).toMatch(
      /Then migrated the schema from 2026-11-28-015-field-id-marks to this Quire’s: 2026-11-28-016-edit-revisions, /,
    );
    const handle = target.open();
    const form = await handle.db
      .selectFrom('forms')
      .select(['title', 'revision'])
      .executeTakeFirstOrThrow();
    await handle.db.destroy();
    expect(form).toEqual({ title: 'Old', revision: 1 });
  });
});
