import type { Readable } from 'node:stream';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { FileBackend } from '../../../platform/db/schema.ts';
import { megabytes } from '../rules/files.ts';
import { removeFiles } from './files-receive.ts';
import type { FileStorages } from './files-storage.ts';

/** A file kept with an entry, as its owner downloads it. */
export type EntryFile = {
  id: number;
  key: string;
  entryId: number;
  name: string;
  mime: string;
  size: number;
  backend: FileBackend;
  bucket: string;
};

/** The owner's download address of a file: the admin's, behind the sign-in. */
export const fileDownloadPath = (key: string) => `/admin/files/${key}`;

/** What an entry's file field shows: each file's name and size, and its download address. */
export function fileLine(file: { name: string; size: number; key: string }, siteUrl: string) {
  return `${file.name} (${megabytes(file.size)} MB) ${siteUrl}${fileDownloadPath(file.key)}`;
}

/**
 * Gives an entry its files, in the entry's transaction: only files still without an entry and
 * wholly stored. Answers how many it took.
 */
export async function claimFiles(trx: Db, entryId: number, fileIds: readonly number[]) {
  if (fileIds.length === 0) return 0;
  const result = await trx
    .updateTable('form_files')
    .set({ entry_id: entryId })
    .where('id', 'in', fileIds)
    .where('entry_id', 'is', null)
    .where('complete', '=', 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The file behind a download address, when an entry has it; files still arriving have none. */
export async function findEntryFile(db: Db, key: string): Promise<EntryFile | undefined> {
  if (!/^[0-9a-f]{32}$/.test(key)) return undefined;
  const row = await db
    .selectFrom('form_files')
    .select(['id', 'storage_key', 'entry_id', 'name', 'mime', 'size', 'backend', 'bucket'])
    .where('storage_key', '=', key)
    .where('entry_id', 'is not', null)
    .executeTakeFirst();
  if (!row || row.entry_id === null) return undefined;
  return {
    id: row.id,
    key: row.storage_key,
    entryId: row.entry_id,
    name: row.name,
    mime: row.mime,
    size: Number(row.size),
    backend: row.backend,
    bucket: row.bucket,
  };
}

export async function openEntryFile(storages: FileStorages, file: EntryFile): Promise<Readable> {
  return (await storages.of(file)).read(file);
}

/**
 * Deletes an entry and its files (their bytes first, wherever they are). Answers whether the
 * entry existed. Should the bytes of one be unreachable, its row loses the entry (the foreign
 * key sets it null) and the sweep removes it later.
 */
export async function deleteEntry(
  deps: { db: Db; storages: FileStorages },
  entryId: number,
): Promise<boolean> {
  const files = await deps.db
    .selectFrom('form_files')
    .select(['id', 'storage_key as key', 'backend', 'bucket'])
    .where('entry_id', '=', entryId)
    .execute();
  await removeFiles(deps, files);
  const deleted = await deps.db
    .deleteFrom('form_entries')
    .where('id', '=', entryId)
    .executeTakeFirst();
  return Number(deleted.numDeletedRows) > 0;
}

/** Files without an entry this long are left over: refused, abandoned mid-upload, or of a deleted entry. */
export const unclaimedFileAgeMs = 60 * 60 * 1000;

/**
 * Removes files that no entry has had for an hour: those of a process that died mid-upload, of
 * a submission whose release failed, or of an entry deleted by any path. Answers how many.
 */
export async function sweepUnclaimedFiles(
  deps: { db: Db; storages: FileStorages },
  now = Date.now(),
): Promise<number> {
  const stale = await deps.db
    .selectFrom('form_files')
    .select(['id', 'storage_key as key', 'backend', 'bucket'])
    .where('entry_id', 'is', null)
    .where('created_at', '<', now - unclaimedFileAgeMs)
    .limit(500)
    .execute();
  await removeFiles(deps, stale);
  return stale.length;
}

/**
 * Deletes a form. With its entries kept, the form is only marked deleted: it leaves the list,
 * the pages that embed it and the submissions, while its entries keep their form. Otherwise the
 * entries go with it (the foreign key cascades), their files' bytes first. Answers whether the
 * form existed.
 */
export async function deleteForm(
  deps: { db: Db; storages: FileStorages },
  formId: number,
  entries: 'keep' | 'delete',
  now = Date.now(),
): Promise<boolean> {
  if (!Number.isSafeInteger(formId) || formId < 1) return false;
  if (entries === 'keep') {
    const marked = await deps.db
      .updateTable('forms')
      .set({ deleted_at: now })
      .where('id', '=', formId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) === 0) return false;
    await bumpContentVersion(deps.db);
    return true;
  }
  const files = await deps.db
    .selectFrom('form_files')
    .select(['id', 'storage_key as key', 'backend', 'bucket'])
    .where('form_id', '=', formId)
    .execute();
  await removeFiles(deps, files);
  const deleted = await deps.db.deleteFrom('forms').where('id', '=', formId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return false;
  await bumpContentVersion(deps.db);
  return true;
}
