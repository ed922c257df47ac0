import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type Expression, type SqlBool, sql } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { Page } from '../post-types.ts';
import { forgetVariants } from './media.ts';

/**
 * The media library's reads and removals of stored images. Every list reads the columns of the
 * `media_library_idx` covering index only, never `bytes` (migration 019).
 */

/** A stored image as the library shows it. */
export type LibraryImage = {
  id: number;
  fileName: string;
  mime: string;
  width: number;
  height: number;
  /** Bytes stored. */
  size: number;
  alt: string;
  createdAt: number;
  /** The uploader's name (or e-mail address); null when no user uploaded it or they are gone. */
  uploadedBy: string | null;
  /** Kept while nothing uses it (the library's uploads, imports, the demo). */
  keepUnused: boolean;
  /** When a saved post, page or setting first used it. */
  usedAt: number | null;
};

export type LibraryFilter = {
  /** Words of the file name or the description, in any case. */
  search?: string | undefined;
  /** Only images without a description. */
  withoutAlt?: boolean | undefined;
  /** Only these images (the unused ones, say); an empty list matches none. */
  onlyIds?: readonly number[] | undefined;
  page: number;
  perPage: number;
};

/** `%`, `_` and the escape itself match only themselves in a LIKE pattern. */
function likePattern(words: string): string {
  return `%${words.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

const libraryColumns = [
  'media.id',
  'media.file_name',
  'media.mime',
  'media.width',
  'media.height',
  'media.size',
  'media.alt',
  'media.created_at',
  'media.keep_unused',
  'media.used_at',
] as const;

type LibraryRow = {
  id: number;
  file_name: string;
  mime: string;
  width: number;
  height: number;
  size: number;
  alt: string;
  created_at: number;
  keep_unused: number;
  used_at: number | null;
  uploader_name: string | null;
  uploader_email: string | null;
};

const imageOf = (row: LibraryRow): LibraryImage => ({
  id: row.id,
  fileName: row.file_name,
  mime: row.mime,
  width: row.width,
  height: row.height,
  size: Number(row.size),
  alt: row.alt,
  createdAt: Number(row.created_at),
  uploadedBy: row.uploader_name || row.uploader_email || null,
  keepUnused: Number(row.keep_unused) === 1,
  usedAt: row.used_at === null ? null : Number(row.used_at),
});

function libraryQuery(db: Db) {
  return db
    .selectFrom('media')
    .leftJoin('users', 'users.id', 'media.uploaded_by')
    .select([...libraryColumns, 'users.name as uploader_name', 'users.email as uploader_email']);
}

/** The library's images, newest first, filtered, a page at a time (the last, past the end). */
export async function listLibraryImages(
  db: Db,
  filter: LibraryFilter,
): Promise<Page<LibraryImage>> {
  const conditions = (column: (name: 'file_name' | 'alt' | 'id') => Expression<unknown>) => {
    const parts: Expression<SqlBool>[] = [];
    const search = filter.search?.trim();
    if (search) {
      const pattern = likePattern(search);
      parts.push(
        sql<SqlBool>`(lower(${column('file_name')}) like ${pattern} escape '\\' or lower(${column('alt')}) like ${pattern} escape '\\')`,
      );
    }
    if (filter.withoutAlt) parts.push(sql<SqlBool>`${column('alt')} = ''`);
    if (filter.onlyIds !== undefined) {
      parts.push(
        filter.onlyIds.length === 0
          ? sql<SqlBool>`1 = 0`
          : sql<SqlBool>`${column('id')} in (${sql.join(filter.onlyIds)})`,
      );
    }
    return parts;
  };
  const counted = await db
    .selectFrom('media')
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .where((eb) => eb.and(conditions((name) => sql.ref(`media.${name}`))))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const pageCount = Math.max(1, Math.ceil(total / filter.perPage));
  const page = Math.min(filter.page, pageCount);
  const rows = await libraryQuery(db)
    .where((eb) => eb.and(conditions((name) => sql.ref(`media.${name}`))))
    .orderBy('media.id', 'desc')
    .limit(filter.perPage)
    .offset((page - 1) * filter.perPage)
    .execute();
  return {
    items: rows.map((row) => imageOf(row as LibraryRow)),
    total,
    page,
    perPage: filter.perPage,
    pageCount,
  };
}

/** One image of the library, or undefined when there is no such image. */
export async function findLibraryImage(db: Db, id: number): Promise<LibraryImage | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const row = await libraryQuery(db).where('media.id', '=', id).executeTakeFirst();
  return row && imageOf(row as LibraryRow);
}

/** The images beside `id` in the library's order: the newer one before it, the older after. */
export async function imageNeighbours(
  db: Db,
  id: number,
): Promise<{ newer: number | undefined; older: number | undefined }> {
  const [newer, older] = await Promise.all([
    db
      .selectFrom('media')
      .select('id')
      .where('id', '>', id)
      .orderBy('id')
      .limit(1)
      .executeTakeFirst(),
    db
      .selectFrom('media')
      .select('id')
      .where('id', '<', id)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  return { newer: newer?.id, older: older?.id };
}

/** Every stored image's id: what "used nowhere" is counted against. */
export async function allImageIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('media').select('id').execute();
  return rows.map((row) => row.id);
}

/** Marks images used by a saved setting (or found in use by the sweep): kept from now on. */
export async function markImagesUsed(db: Db, ids: readonly number[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('media')
    .set({ used_at: now })
    .where('id', 'in', [...ids])
    .where('used_at', 'is', null)
    .execute();
}

/** How long an editor's upload waits for a saved post or setting to use it. */
export const unclaimedUploadAgeMs = 24 * 60 * 60_000;

/**
 * The editor's uploads that nothing saved has ever used and that are older than a day, up to
 * `limit`: the sweep's candidates (it checks what uses them now before it removes any).
 */
export async function unclaimedUploads(db: Db, now: number, limit = 200): Promise<number[]> {
  const rows = await db
    .selectFrom('media')
    .select('id')
    .where('keep_unused', '=', 0)
    .where('used_at', 'is', null)
    .where('created_at', '<', now - unclaimedUploadAgeMs)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Deletes images, and their resized copies on this instance's disk; with `unclaimedOnly`, only
 * those still unclaimed (a save that used one meanwhile keeps it). A post whose cover it was
 * loses its cover (the foreign key). Answers the ids deleted.
 */
export async function deleteImages(
  db: Db,
  ids: readonly number[],
  cacheDir: string,
  options: { unclaimedOnly?: boolean } = {},
): Promise<number[]> {
  if (ids.length === 0) return [];
  const deleted = await db
    .deleteFrom('media')
    .where('id', 'in', [...ids])
    .$if(options.unclaimedOnly === true, (query) =>
      query.where('keep_unused', '=', 0).where('used_at', 'is', null),
    )
    .returning('id')
    .execute();
  const gone = deleted.map((row) => row.id);
  await Promise.all(gone.map((id) => forgetVariants(cacheDir, id)));
  if (gone.length > 0) await bumpContentVersion(db);
  return gone;
}

/**
 * Removes resized copies whose image is gone from this instance's disk cache: an image deleted
 * through another instance, or one resized while it was being deleted. Answers how many files.
 */
export async function sweepOrphanVariants(db: Db, cacheDir: string): Promise<number> {
  let names: string[];
  try {
    names = await readdir(cacheDir);
  } catch {
    return 0;
  }
  const variants = names
    .map((name) => ({ name, id: /^(\d+)-\d+(?:\.(?:avif|webp))?$/.exec(name)?.[1] }))
    .filter((file): file is { name: string; id: string } => file.id !== undefined);
  if (variants.length === 0) return 0;
  const stored = new Set(await allImageIds(db));
  const orphans = variants.filter((file) => !stored.has(Number(file.id)));
  await Promise.all(orphans.map((file) => rm(join(cacheDir, file.name), { force: true })));
  return orphans.length;
}
