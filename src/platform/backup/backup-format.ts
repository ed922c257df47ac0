import { z } from 'zod';

/**
 * A Quire backup (decision 0057): one uncompressed tar file, written as a stream.
 *
 * - `manifest.json` first: what made it, when, from which database, the schema's migrations,
 *   and every table with its columns, primary key, row count and id high-water mark;
 * - then each table, parents first, as `tables/<table>/<part>.ndjson.gz`: gzip'd NDJSON, one
 *   object per row in primary-key order, a part holding a few megabytes of rows;
 * - a binary value is not in its row: the row says `{"$blob": <size>}` and the bytes follow the
 *   part as entries of their own (`tables/<table>/<part>.blob-<n>`), in the row order, exactly;
 * - form files kept outside the database (S3) as `files/<bucket>/<key>`;
 * - `checksums.json` last: the SHA-256 of every entry before it.
 *
 * The manifest comes first so that a reader (a restore, the browser's progress) knows what is
 * coming before it comes; the checksums come last because they are known only then.
 */

export const backupFormat = 'quire-backup';
export const backupFormatVersion = 1;

export const manifestName = 'manifest.json';
export const checksumsName = 'checksums.json';

const tableManifestSchema = z.object({
  name: z.string(),
  columns: z.array(z.object({ name: z.string(), binary: z.boolean() })),
  primaryKey: z.array(z.string()),
  rows: z.number().int().nonnegative(),
  /** Its generated id and the last one given (deleted rows included), so none is given again. */
  idSequence: z.object({ column: z.string(), last: z.number().int().nonnegative() }).optional(),
  /** Bytes of its binary values, for the size a download expects. */
  binaryBytes: z.number().int().nonnegative(),
});

export const manifestSchema = z.object({
  format: z.literal(backupFormat),
  formatVersion: z.literal(backupFormatVersion),
  quireVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.enum(['sqlite', 'postgres']),
  /** The migrations the database had run, oldest first: the schema the tables are in. */
  migrations: z.array(z.string()),
  tables: z.array(tableManifestSchema),
  /** Tables left out on purpose (sign-in sessions, …). */
  excluded: z.array(z.string()),
  /** Form files kept outside the database, included as `files/…` entries. */
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().nonnegative() }),
  /** About how large the archive will be, in bytes (the tables' text is compressed). */
  estimatedBytes: z.number().nonnegative(),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type TableManifest = z.infer<typeof tableManifestSchema>;

export const checksumsSchema = z.record(z.string(), z.string().regex(/^[0-9a-f]{64}$/));

export const partName = (table: string, part: number) =>
  `tables/${table}/${String(part).padStart(6, '0')}.ndjson.gz`;

export const blobName = (part: string, index: number) =>
  `${part.replace(/\.ndjson\.gz$/, '')}.blob-${String(index).padStart(6, '0')}`;

export const externalFileName = (bucket: string, key: string) => `files/${bucket}/${key}`;

/** What a part's entry name says: its table. */
export function tableOfPart(name: string): string | undefined {
  return /^tables\/([^/]+)\/\d{6}\.ndjson\.gz$/.exec(name)?.[1];
}

/** A binary value's place in its row: its size; its bytes are the next blob entry. */
export type BlobMark = { $blob: number };

export const isBlobMark = (value: unknown): value is BlobMark =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { $blob?: unknown }).$blob === 'number';

/** A row's parts of about this many bytes of text, so memory stays small whatever the table. */
export const partTextBytes = 4 * 1024 * 1024;
/** Binary values read in one query, at most (one larger value is read alone). */
export const batchBinaryBytes = 8 * 1024 * 1024;
