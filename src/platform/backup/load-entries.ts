import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { sql } from 'kysely';
import type { Header } from 'tar-stream';
import type { DatabaseKind } from '../db/connect.ts';
import {
  type BackupManifest,
  batchBinaryBytes,
  blobName,
  checksumsName,
  checksumsSchema,
  isBlobMark,
  manifestName,
  type TableManifest,
  tableOfPart,
} from './backup-format.ts';
import type { SnapshotDb } from './snapshot.ts';
import type { Row } from './table-reader.ts';

const gunzipped = promisify(gunzip);

/** A backup that cannot be loaded as it is: said to the operator, and nothing is kept. */
export class BackupDamaged extends Error {}

export type TarEntry = Readable & { header: Header };

/** Where form files kept outside the database go back to. */
export type ExternalFileWriter = (
  /** The restore's transaction: the rows it loaded so far, the file's own among them. */
  db: SnapshotDb,
  file: { bucket: string; key: string; size: number },
  body: Readable,
) => Promise<void>;

/** SQLite takes 32,766 parameters in one statement, PostgreSQL 65,535. */
const parametersPerInsert = 30_000;
const rowsPerInsert = 500;

type PendingRow = { row: Row; awaiting: string[] };

async function readAll(entry: Readable, hash: ReturnType<typeof createHash>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of entry) {
    hash.update(chunk as Buffer);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Loads a backup's table parts, binary values and files, in the order they come, into `db` (a
 * transaction): rows in batches, each row once its binary values have arrived; then checks the
 * checksums and every table's row count. Anything amiss throws, and the transaction with it.
 */
export async function loadEntries(
  db: SnapshotDb,
  kind: DatabaseKind,
  head: { value: BackupManifest; sha256: string },
  entries: AsyncIterator<TarEntry>,
  options: {
    writeExternalFile?: ExternalFileWriter | undefined;
    onTable?: ((name: string, rows: number) => void) | undefined;
  },
): Promise<{ rows: Map<string, number>; files: number }> {
  const manifest = head.value;
  const loaded = new Map(manifest.tables.map((table) => [table.name, 0]));
  const checksums: Record<string, string> = { [manifestName]: head.sha256 };
  let tableIndex = -1;
  let table: TableManifest | undefined;
  let part = '';
  let blobIndex = 0;
  const pending: PendingRow[] = [];
  let ready: Row[] = [];
  let readyBytes = 0;
  let files = 0;
  let ended = false;

  const insertReady = async () => {
    if (!table || ready.length === 0) return;
    const columns = table.columns.map((column) => column.name);
    const rows = ready;
    ready = [];
    readyBytes = 0;
    await sql`insert into ${sql.table(table.name)} (${sql.join(columns.map((c) => sql.ref(c)))})
      values ${sql.join(rows.map((row) => sql`(${sql.join(columns.map((c) => row[c]))})`))}`.execute(
      db,
    );
    loaded.set(table.name, (loaded.get(table.name) ?? 0) + rows.length);
  };
  const perInsert = () =>
    Math.max(
      1,
      Math.min(rowsPerInsert, Math.floor(parametersPerInsert / (table?.columns.length || 1))),
    );
  /** Rows whose binary values are all here go to the batch, in order, up to the first that waits. */
  const advance = async () => {
    while (pending.length > 0 && pending[0]?.awaiting.length === 0) {
      const { row } = pending.shift() as PendingRow;
      ready.push(row);
      if (ready.length >= perInsert() || readyBytes >= batchBinaryBytes) await insertReady();
    }
  };

  for (;;) {
    const next = await entries.next();
    if (next.done) break;
    const entry = next.value;
    const name = entry.header.name;
    if (ended) throw new BackupDamaged(`"${name}" comes after the checksums, which end a backup`);
    const hash = createHash('sha256');
    const partTable = tableOfPart(name);
    if (partTable !== undefined) {
      if (pending.length > 0) {
        throw new BackupDamaged(`"${name}" comes before the binary values of "${part}" end`);
      }
      if (partTable !== table?.name) {
        await insertReady();
        // Tables without rows have no parts: only those may be passed over.
        const at = manifest.tables.findIndex((t, i) => i > tableIndex && t.name === partTable);
        const passed = manifest.tables.slice(tableIndex + 1, at < 0 ? undefined : at);
        if (at < 0 || passed.some((t) => t.rows > 0)) {
          throw new BackupDamaged(`"${name}" is not where the manifest's table order has it`);
        }
        tableIndex = at;
        table = manifest.tables[at] as TableManifest;
        options.onTable?.(table.name, table.rows);
      }
      part = name;
      blobIndex = 0;
      const text = (await gunzipped(await readAll(entry, hash))).toString('utf8');
      for (const line of text.split('\n')) {
        if (line === '') continue;
        pending.push(parseRow(table, line, name));
      }
      await advance();
    } else if (table && part && name === blobName(part, blobIndex + 1)) {
      blobIndex++;
      const waiting = pending.find((row) => row.awaiting.length > 0);
      const column = waiting?.awaiting[0];
      if (!waiting || !column) throw new BackupDamaged(`"${name}" belongs to no row`);
      const bytes = await readAll(entry, hash);
      const mark = waiting.row[column];
      if (!isBlobMark(mark) || mark.$blob !== bytes.byteLength) {
        throw new BackupDamaged(`"${name}" is not the size its row says`);
      }
      waiting.row[column] = bytes;
      waiting.awaiting.shift();
      readyBytes += bytes.byteLength;
      await advance();
    } else if (name.startsWith('files/')) {
      await insertReady();
      if (pending.length > 0) throw new BackupDamaged(`"${name}" comes before rows are complete`);
      const [, bucket = '', ...key] = name.split('/');
      if (!options.writeExternalFile) throw new BackupDamaged(`"${name}" has nowhere to go`);
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      });
      const body = counter;
      const writing = options.writeExternalFile(
        db,
        { bucket, key: key.join('/'), size: entry.header.size ?? 0 },
        body,
      );
      await Promise.all([pipeline(entry, counter), writing]);
      files++;
    } else if (name === checksumsName) {
      await insertReady();
      if (pending.length > 0) throw new BackupDamaged(`rows of "${part}" lack binary values`);
      const listed = checksumsSchema.safeParse(JSON.parse((await readAll(entry, hash)).toString()));
      if (!listed.success) throw new BackupDamaged('its checksums cannot be read');
      for (const [entryName, sum] of Object.entries(checksums)) {
        if (listed.data[entryName] !== sum) {
          throw new BackupDamaged(`"${entryName}" does not match its checksum`);
        }
      }
      if (Object.keys(listed.data).length !== Object.keys(checksums).length) {
        throw new BackupDamaged('entries listed in its checksums are missing');
      }
      ended = true;
      continue;
    } else {
      throw new BackupDamaged(`"${name}" is not an entry a Quire backup has here`);
    }
    checksums[name] = hash.digest('hex');
  }
  if (!ended) throw new BackupDamaged('it ends before its checksums: the file is cut short');
  for (const expected of manifest.tables) {
    if (loaded.get(expected.name) !== expected.rows) {
      throw new BackupDamaged(
        `the table ${expected.name} has ${loaded.get(expected.name)} rows where the manifest says ${expected.rows}`,
      );
    }
  }
  if (files !== manifest.files.count) {
    throw new BackupDamaged(
      `it has ${files} files where the manifest says ${manifest.files.count}`,
    );
  }
  await restoreIdSequences(db, kind, manifest);
  return { rows: loaded, files };
}

function parseRow(table: TableManifest, line: string, part: string): PendingRow {
  let row: unknown;
  try {
    row = JSON.parse(line);
  } catch {
    throw new BackupDamaged(`a row of "${part}" is not JSON`);
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    throw new BackupDamaged(`a row of "${part}" is not an object`);
  }
  const record = row as Row;
  const names = Object.keys(record);
  if (names.length !== table.columns.length) {
    throw new BackupDamaged(`a row of "${part}" does not have the table's columns`);
  }
  const awaiting: string[] = [];
  for (const column of table.columns) {
    const value = record[column.name];
    if (!(column.name in record)) {
      throw new BackupDamaged(`a row of "${part}" lacks the column ${column.name}`);
    }
    if (column.binary && isBlobMark(value)) awaiting.push(column.name);
    else if (value !== null && typeof value !== 'string' && typeof value !== 'number') {
      throw new BackupDamaged(`a row of "${part}" has a value of the wrong kind in ${column.name}`);
    }
  }
  return { row: record, awaiting };
}

/**
 * Sets each generated id to go on from the backup's high-water mark (ids of deleted rows are
 * not given again, as on the site backed up), or past the largest id loaded.
 */
async function restoreIdSequences(
  db: SnapshotDb,
  kind: DatabaseKind,
  manifest: BackupManifest,
): Promise<void> {
  for (const table of manifest.tables) {
    if (!table.idSequence) continue;
    const { column } = table.idSequence;
    const { rows } = await sql<{ id: number | string | null }>`
      select max(${sql.ref(column)}) as id from ${sql.table(table.name)}`.execute(db);
    const next = Math.max(table.idSequence.last, Number(rows[0]?.id ?? 0));
    if (kind === 'postgres') {
      await sql`select setval(pg_get_serial_sequence(${table.name}, ${column}), ${Math.max(next, 1)}, ${next > 0})`.execute(
        db,
      );
    } else if (next > 0) {
      await sql`delete from sqlite_sequence where name = ${table.name}`.execute(db);
      await sql`insert into sqlite_sequence (name, seq) values (${table.name}, ${next})`.execute(
        db,
      );
    }
  }
}
