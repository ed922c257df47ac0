import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { sql } from 'kysely';
import tar from 'tar-stream';
import { contentVersionCounter, readContentVersion } from '../cache/content-version.ts';
import type { DatabaseHandle } from '../db/connect.ts';
import { migrateToLatest, migrateUpTo, readSchemaState } from '../db/migrate.ts';
import { migrationList } from '../db/migrations/migration-list.ts';
import { type BackupManifest, manifestName, manifestSchema } from './backup-format.ts';
import {
  BackupDamaged,
  type ExternalFileWriter,
  loadEntries,
  type TarEntry,
} from './load-entries.ts';
import { readSiteTables, type SiteTable, startUpTables } from './site-tables.ts';

/** A restore that was not begun, and why: nothing was changed. */
export class RestoreRefused extends Error {}

export type RestoreOptions = {
  writeExternalFile?: ExternalFileWriter | undefined;
  onTable?: ((name: string, rows: number) => void) | undefined;
};

export type RestoreSummary = {
  manifest: BackupManifest;
  rows: Map<string, number>;
  files: number;
  /** Migrations run after loading, for a backup made by an older Quire. */
  migratedAfter: string[];
};

/**
 * Loads a backup (backup-format.ts) into an empty site, on SQLite or PostgreSQL whichever the
 * backup came from: checks it is a backup this Quire can read, brings the schema to the one
 * the backup was made in, refuses a site that holds anything, loads every table in one
 * transaction (so a damaged file leaves the site as empty as it was), then runs the migrations
 * that came after the backup. Run it under the start-up lock, so no site starts meanwhile.
 */
export async function restoreBackup(
  handle: DatabaseHandle,
  input: Readable,
  options: RestoreOptions = {},
): Promise<RestoreSummary> {
  const extract = tar.extract();
  input.on('error', (error) => extract.destroy(error));
  input.pipe(extract as unknown as NodeJS.WritableStream);
  const entries = extract[Symbol.asyncIterator]() as AsyncIterator<TarEntry>;
  try {
    const head = await readManifest(entries);
    const manifest = head.value;
    await prepareSchema(handle, manifest);
    await refuseUnlessEmpty(handle, manifest);
    const loaded = await handle.db.transaction().execute(async (trx) => {
      const servedVersion = await readContentVersion(trx);
      for (const name of startUpTables) await sql`delete from ${sql.table(name)}`.execute(trx);
      const result = await loadEntries(trx, handle.kind, head, entries, options);
      // A site already serving this database dropped its cached (empty) pages.
      if (servedVersion > 0 && (await readContentVersion(trx)) <= servedVersion) {
        await trx
          .insertInto('counters')
          .values({ name: contentVersionCounter, value: servedVersion + 1 })
          .onConflict((c) => c.column('name').doUpdateSet({ value: servedVersion + 1 }))
          .execute();
      }
      return result;
    });
    const before = (await readSchemaState(handle.db)).pending;
    await migrateToLatest(handle.db, handle.kind);
    return { manifest, ...loaded, migratedAfter: before };
  } catch (error) {
    extract.destroy();
    input.destroy();
    if (error instanceof RestoreRefused) throw error;
    if (error instanceof BackupDamaged) throw damaged(error.message);
    // What the tar reader, gzip or JSON met in a cut or altered file.
    if (
      error instanceof Error &&
      /tar|unexpected end|gzip|header|incorrect|invalid/i.test(error.message)
    ) {
      throw damaged(error.message);
    }
    throw error;
  }
}

const damaged = (reason: string) =>
  new RestoreRefused(
    `The backup file is damaged: ${reason}. Nothing was loaded; the site is as empty as it was.`,
  );

async function readManifest(
  entries: AsyncIterator<TarEntry>,
): Promise<{ value: BackupManifest; sha256: string }> {
  const notBackup = new RestoreRefused(
    'This file is not a Quire backup (it has no manifest.json first); make one with: npm run quire -- backup FILE',
  );
  let first: IteratorResult<TarEntry>;
  try {
    first = await entries.next();
  } catch {
    throw notBackup;
  }
  if (first.done || first.value.header.name !== manifestName) throw notBackup;
  const chunks: Buffer[] = [];
  for await (const chunk of first.value) chunks.push(chunk as Buffer);
  const bytes = Buffer.concat(chunks);
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(bytes.toString('utf8')));
  } catch {
    throw damaged('its manifest is not JSON');
  }
  if (!parsed.success) {
    const format = (JSON.parse(bytes.toString('utf8')) as { formatVersion?: unknown })
      .formatVersion;
    if (typeof format === 'number' && format > 1) {
      throw new RestoreRefused(
        `This backup is in a newer format (${format}) than this Quire reads; restore it with the Quire that made it, or a newer one.`,
      );
    }
    throw damaged(`its manifest does not read as one (${parsed.error.issues[0]?.path.join('.')})`);
  }
  return { value: parsed.data, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * Brings an empty database to the schema the backup was made in: a new database is migrated up
 * to the backup's last migration. A backup from a newer Quire is refused, and so is an older
 * backup for a database already migrated past it (there is no going back down).
 */
async function prepareSchema(handle: DatabaseHandle, manifest: BackupManifest): Promise<void> {
  const known = migrationList.map((migration) => migration.name);
  const unknown = manifest.migrations.filter((name) => !known.includes(name));
  if (unknown.length > 0) {
    throw new RestoreRefused(
      `This backup was made by a newer Quire (${manifest.quireVersion}, schema ${unknown.at(-1)}); update this Quire, then restore it.`,
    );
  }
  if (manifest.migrations.some((name, index) => known[index] !== name)) {
    throw new RestoreRefused('This backup lists migrations this Quire does not run in that order.');
  }
  const applied = (await readSchemaState(handle.db)).applied;
  const last = manifest.migrations.at(-1);
  if (applied.length > manifest.migrations.length) {
    throw new RestoreRefused(
      `This backup was made by an older Quire (${manifest.quireVersion}), and this database is already at a newer schema (${applied.at(-1)}). Restore it into a new, empty database: it is brought to the backup's schema, loaded, then migrated to this version.`,
    );
  }
  if (last && applied.length < manifest.migrations.length) {
    await migrateUpTo(handle.db, handle.kind, last);
  }
}

/** Refuses a site that holds anything besides what a start writes by itself, naming it. */
async function refuseUnlessEmpty(handle: DatabaseHandle, manifest: BackupManifest): Promise<void> {
  const { included } = await readSiteTables(handle.db, handle.kind);
  checkSameTables(included, manifest);
  const filled: string[] = [];
  for (const table of included) {
    if (startUpTables.has(table.name)) continue;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table.name)}`.execute(handle.db);
    const count = Number(rows[0]?.n ?? 0);
    if (count > 0) filled.push(`${table.name} (${count} ${count === 1 ? 'row' : 'rows'})`);
  }
  if (filled.length > 0) {
    throw new RestoreRefused(
      `This site is not empty: it has ${filled.join(', ')}. A restore loads into an empty site only, so nothing is overwritten or mixed: create a new database, point DATABASE_URL at it, restore, then start the site.`,
    );
  }
}

function checkSameTables(included: SiteTable[], manifest: BackupManifest): void {
  const here = new Map(included.map((table) => [table.name, table]));
  for (const table of manifest.tables) {
    const mine = here.get(table.name);
    const columns = (list: { name: string }[]) =>
      list
        .map((column) => column.name)
        .sort()
        .join(', ');
    if (!mine || columns(mine.columns) !== columns(table.columns)) {
      throw new RestoreRefused(
        `This backup's table ${table.name} (${columns(table.columns)}) does not match this database's (${mine ? columns(mine.columns) : 'none'}).`,
      );
    }
  }
}
