import { createHash } from 'node:crypto';
import { type Readable, Transform, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { sql } from 'kysely';
import tar from 'tar-stream';
import type { DatabaseHandle, DatabaseKind } from '../db/connect.ts';
import {
  type BackupManifest,
  backupFormat,
  backupFormatVersion,
  blobName,
  checksumsName,
  externalFileName,
  manifestName,
  partName,
  partTextBytes,
  type TableManifest,
} from './backup-format.ts';
import { readSiteTables, type SiteTable } from './site-tables.ts';
import { type SnapshotDb, withSnapshot } from './snapshot.ts';
import { type Row, readTableRows } from './table-reader.ts';

const gzipped = promisify(gzip);

/** A form file kept outside the database, as its row names it. */
export type ExternalFile = { bucket: string; key: string; size: number };

/** The bytes the database does not hold itself: form files in S3-compatible storage. */
export type ExternalFiles = {
  /** Their number and size, as the snapshot's rows say. */
  count: (db: SnapshotDb) => Promise<{ count: number; bytes: number }>;
  /** Each of them, as the snapshot's rows say. */
  list: (db: SnapshotDb) => AsyncIterable<ExternalFile>;
  /** A file's bytes; `db` is the snapshot (where its settings are). */
  open: (db: SnapshotDb, file: ExternalFile) => Promise<Readable>;
};

export type BackupOptions = {
  quireVersion: string;
  externalFiles?: ExternalFiles | undefined;
  /** Told as each table (or the files) starts, for a progress line. */
  onTable?: ((name: string, rows: number) => void) | undefined;
  now?: Date;
};

export type BackupSummary = { manifest: BackupManifest; bytes: number };

/** A rough size of one row's compressed text, for the download's expected size. */
const estimatedRowBytes = 64;

/**
 * Writes a backup of the whole site to `output` as one tar stream (backup-format.ts) from one
 * consistent snapshot, while the site goes on serving and writing. Memory holds one batch of
 * rows and one part at a time, whatever the site's size. Ends `output`.
 */
export async function writeBackup(
  handle: DatabaseHandle,
  output: Writable,
  options: BackupOptions,
): Promise<BackupSummary> {
  const pack = tar.pack();
  let bytes = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done(null, chunk);
    },
  });
  const piped = pipeline(pack as unknown as Readable, counted, output);
  // A consumer that goes away (a closed download) ends the writing at its next entry.
  piped.catch((error: unknown) => pack.destroy(error as Error));
  try {
    const manifest = await withSnapshot(handle, (db) =>
      writeSnapshot(db, handle.kind, pack, options),
    );
    pack.finalize();
    await piped;
    return { manifest, bytes };
  } catch (error) {
    pack.destroy(error as Error);
    await piped.catch(() => {});
    throw error;
  }
}

type Checksums = Record<string, string>;

function addEntry(pack: tar.Pack, name: string, data: Buffer, checksums: Checksums): Promise<void> {
  checksums[name] = createHash('sha256').update(data).digest('hex');
  return new Promise((resolve, reject) => {
    const entry = pack.entry({ name, size: data.byteLength, mtime: entryTime }, data, (error) =>
      error ? reject(error) : resolve(),
    );
    // Its failure (a download closed half-way destroys the pack) comes through the callback;
    // an 'error' event nobody listens to would end the process.
    entry.on('error', () => {});
  });
}

/** Entries carry no time of their own (the manifest has one), so equal sites give equal files. */
const entryTime = new Date(0);

async function writeSnapshot(
  db: SnapshotDb,
  kind: DatabaseKind,
  pack: tar.Pack,
  options: BackupOptions,
): Promise<BackupManifest> {
  const { included, excluded } = await readSiteTables(db, kind);
  const migrations = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db);
  const tables: TableManifest[] = [];
  for (const table of included) tables.push(await describeContents(db, kind, table));
  const files = (await options.externalFiles?.count(db)) ?? { count: 0, bytes: 0 };
  const manifest: BackupManifest = {
    format: backupFormat,
    formatVersion: backupFormatVersion,
    quireVersion: options.quireVersion,
    createdAt: (options.now ?? new Date()).toISOString(),
    database: kind,
    migrations: migrations.rows.map((row) => row.name),
    tables,
    excluded,
    files,
    estimatedBytes:
      files.bytes +
      tables.reduce((sum, table) => sum + table.binaryBytes + table.rows * estimatedRowBytes, 0),
  };
  const checksums: Checksums = {};
  await addEntry(
    pack,
    manifestName,
    Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`),
    checksums,
  );
  for (const [index, table] of included.entries()) {
    options.onTable?.(table.name, tables[index]?.rows ?? 0);
    await writeTable(db, kind, pack, table, checksums);
  }
  if (options.externalFiles && files.count > 0) {
    options.onTable?.('files', files.count);
    await writeExternalFiles(db, pack, options.externalFiles, checksums);
  }
  await addEntry(pack, checksumsName, Buffer.from(`${JSON.stringify(checksums, null, 2)}\n`), {});
  return manifest;
}

async function describeContents(
  db: SnapshotDb,
  kind: DatabaseKind,
  table: SiteTable,
): Promise<TableManifest> {
  const binary = table.columns.filter((column) => column.binary);
  const sizes =
    binary.length === 0
      ? sql`0`
      : sql.join(
          binary.map((column) =>
            kind === 'postgres'
              ? sql`coalesce(sum(octet_length(${sql.ref(column.name)})), 0)`
              : sql`coalesce(sum(length(${sql.ref(column.name)})), 0)`,
          ),
          sql` + `,
        );
  const { rows } = await sql<{ rows: number | string; bytes: number | string }>`
    select count(*) as rows, ${sizes} as bytes from ${sql.table(table.name)}`.execute(db);
  const idSequence = table.idColumn && {
    column: table.idColumn,
    last: await lastId(db, kind, table.name, table.idColumn),
  };
  return {
    name: table.name,
    columns: table.columns,
    primaryKey: table.primaryKey,
    rows: Number(rows[0]?.rows ?? 0),
    ...(idSequence ? { idSequence } : {}),
    binaryBytes: Number(rows[0]?.bytes ?? 0),
  };
}

/** The last id the table's sequence gave, which may be above its largest id (deleted rows). */
async function lastId(
  db: SnapshotDb,
  kind: DatabaseKind,
  table: string,
  column: string,
): Promise<number> {
  const { rows: largest } = await sql<{ id: number | string | null }>`
    select max(${sql.ref(column)}) as id from ${sql.table(table)}`.execute(db);
  const { rows: sequence } =
    kind === 'postgres'
      ? await sql<{ id: number | string | null }>`
          select last_value as id from pg_sequences
          where format('%I.%I', schemaname, sequencename) = pg_get_serial_sequence(${table}, ${column})`.execute(
          db,
        )
      : await sql<{ id: number | string | null }>`
          select seq as id from sqlite_sequence where name = ${table}`.execute(db);
  return Math.max(Number(largest[0]?.id ?? 0), Number(sequence[0]?.id ?? 0));
}

/** A table's rows as gzip'd NDJSON parts of a few megabytes, each followed by its binary values. */
async function writeTable(
  db: SnapshotDb,
  kind: DatabaseKind,
  pack: tar.Pack,
  table: SiteTable,
  checksums: Checksums,
): Promise<void> {
  let part = 1;
  let lines: string[] = [];
  let textBytes = 0;
  let blobs: Buffer[] = [];
  const flush = async () => {
    if (lines.length === 0) return;
    const name = partName(table.name, part++);
    await addEntry(pack, name, await gzipped(`${lines.join('\n')}\n`), checksums);
    for (const [index, blob] of blobs.entries()) {
      await addEntry(pack, blobName(name, index + 1), blob, checksums);
    }
    lines = [];
    blobs = [];
    textBytes = 0;
  };
  const binary = table.columns.filter((column) => column.binary).map((column) => column.name);
  for await (const rows of readTableRows(db, kind, table)) {
    for (const row of rows) {
      const record: Row = { ...row };
      for (const name of binary) {
        const value = row[name];
        if (value instanceof Uint8Array) {
          blobs.push(Buffer.from(value.buffer, value.byteOffset, value.byteLength));
          record[name] = { $blob: value.byteLength };
        }
      }
      const line = JSON.stringify(record);
      lines.push(line);
      textBytes += line.length;
    }
    if (textBytes >= partTextBytes || blobs.length > 0) await flush();
  }
  await flush();
}

async function writeExternalFiles(
  db: SnapshotDb,
  pack: tar.Pack,
  files: ExternalFiles,
  checksums: Checksums,
): Promise<void> {
  for await (const file of files.list(db)) {
    const name = externalFileName(file.bucket, file.key);
    const hash = createHash('sha256');
    let entry!: ReturnType<tar.Pack['entry']>;
    // tar-stream's entries are streamx streams, which Node's pipeline cannot see finish: its
    // callback says when the entry is written whole (or why not, such as a size that differs).
    const written = new Promise<void>((resolve, reject) => {
      entry = pack.entry({ name, size: file.size, mtime: entryTime }, (error) =>
        error ? reject(error) : resolve(),
      );
      entry.on('error', () => {});
    });
    for await (const chunk of await files.open(db, file)) {
      hash.update(chunk as Buffer);
      if (!entry.write(chunk)) {
        // Until the reader takes more, or the archive is given up (a closed download).
        const drained = new Promise<void>((resolve) => entry.once('drain', () => resolve()));
        await Promise.race([drained, written]);
      }
    }
    entry.end(undefined);
    await written;
    checksums[name] = hash.digest('hex');
  }
}
