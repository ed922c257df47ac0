import type { Readable } from 'node:stream';
import type { ExternalFileWriter } from '../../../platform/backup/load-entries.ts';
import type { ExternalFiles } from '../../../platform/backup/write-backup.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { FileStorages } from './files-storage.ts';

const filesPerQuery = 500;

/**
 * Form files whose bytes are in an S3-compatible bucket rather than in the database: a backup
 * carries them too (decision 0057), each as its row names it. Files still arriving have no
 * complete object yet and are left to their row.
 */
export function formFilesOutsideDatabase(storagesOf: (db: Db) => FileStorages): ExternalFiles {
  const storages = new WeakMap<object, FileStorages>();
  const storagesIn = (db: Db) => {
    let made = storages.get(db);
    if (!made) {
      made = storagesOf(db);
      storages.set(db, made);
    }
    return made;
  };
  return {
    async count(db) {
      const row = await (db as Db)
        .selectFrom('form_files')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn.sum<number | string | null>('size').as('bytes'),
        ])
        .where('backend', '=', 's3')
        .where('complete', '=', 1)
        .executeTakeFirstOrThrow();
      return { count: Number(row.n), bytes: Number(row.bytes ?? 0) };
    },
    async *list(db) {
      let after = 0;
      for (;;) {
        const rows = await (db as Db)
          .selectFrom('form_files')
          .select(['id', 'bucket', 'storage_key', 'size'])
          .where('backend', '=', 's3')
          .where('complete', '=', 1)
          .where('id', '>', after)
          .orderBy('id')
          .limit(filesPerQuery)
          .execute();
        for (const row of rows) {
          yield { bucket: row.bucket, key: row.storage_key, size: Number(row.size) };
        }
        if (rows.length < filesPerQuery) return;
        after = rows.at(-1)?.id ?? after;
      }
    },
    async open(db, file) {
      const storage = await storagesIn(db as Db).of({ backend: 's3', bucket: file.bucket });
      try {
        return await storage.read({ id: 0, key: file.key });
      } catch (error) {
        // A backup without a file its entry names would look whole and not be: it stops, saying which.
        throw new Error(
          `the form file ${file.key} could not be read from the bucket ${file.bucket}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
  };
}

/**
 * Puts a restored form file back in its bucket, with the Files settings the backup restored
 * (read in the restore's transaction) and the type its row has.
 */
export function restoreFormFileObject(storagesOf: (db: Db) => FileStorages): ExternalFileWriter {
  return async (db, file, body: Readable) => {
    const trx = db as Db;
    const row = await trx
      .selectFrom('form_files')
      .select(['id', 'mime'])
      .where('storage_key', '=', file.key)
      .executeTakeFirst();
    const storage = await storagesOf(trx).of({ backend: 's3', bucket: file.bucket });
    await storage.write(
      { id: row?.id ?? 0, key: file.key, mime: row?.mime ?? 'application/octet-stream' },
      body,
    );
  };
}
