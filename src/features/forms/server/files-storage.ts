import { Readable } from 'node:stream';
import type { Db } from '../../../platform/db/connect.ts';
import type { FileBackend } from '../../../platform/db/schema.ts';
import type { FileSettings } from '../file-settings.ts';

/**
 * Where the bytes of form files go (decision 0038): chunks of the database by default, or an
 * S3-compatible bucket. Either way each file is written as it arrives, a chunk or a part at a
 * time, and read back the same way: no file is ever held whole in memory.
 */
export type FileStorage = {
  backend: FileBackend;
  /** The bucket for S3; empty for the database. */
  bucket: string;
  /** Writes a file's bytes under its key (its row exists); answers how many were written. */
  write(file: { id: number; key: string; mime: string }, body: Readable): Promise<number>;
  read(file: { id: number; key: string }): Promise<Readable>;
  remove(file: { id: number; key: string }): Promise<void>;
};

/** A file's row says where its bytes are; reading or removing it goes there. */
export type StoredFileRef = { id: number; key: string; backend: FileBackend; bucket: string };

/** 256 KB: a chunk row is small enough for any driver, and a 64 MB file is 256 of them. */
export const chunkBytes = 256 * 1024;

/** The database: a file is rows of `form_file_chunks`, so every instance reads what one wrote. */
export function databaseStorage(db: Db): FileStorage {
  return {
    backend: 'database',
    bucket: '',
    async write(file, body) {
      let seq = 0;
      let size = 0;
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const flush = async () => {
        if (pendingBytes === 0) return;
        const bytes = Buffer.concat(pending, pendingBytes);
        pending = [];
        pendingBytes = 0;
        await db.insertInto('form_file_chunks').values({ file_id: file.id, seq, bytes }).execute();
        seq++;
      };
      for await (const chunk of body) {
        let data = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += data.byteLength;
        while (pendingBytes + data.byteLength >= chunkBytes) {
          const take = chunkBytes - pendingBytes;
          pending.push(data.subarray(0, take));
          pendingBytes += take;
          data = data.subarray(take);
          await flush();
        }
        if (data.byteLength > 0) {
          pending.push(data);
          pendingBytes += data.byteLength;
        }
      }
      await flush();
      return size;
    },
    async read(file) {
      const count = await db
        .selectFrom('form_file_chunks')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('file_id', '=', file.id)
        .executeTakeFirstOrThrow();
      const chunks = Number(count.n);
      async function* eachChunk() {
        // One chunk at a time, in order: a download holds 256 KB, whatever the file's size.
        for (let seq = 0; seq < chunks; seq++) {
          const row = await db
            .selectFrom('form_file_chunks')
            .select('bytes')
            .where('file_id', '=', file.id)
            .where('seq', '=', seq)
            .executeTakeFirstOrThrow();
          yield Buffer.from(row.bytes);
        }
      }
      return Readable.from(eachChunk());
    },
    async remove(file) {
      await db.deleteFrom('form_file_chunks').where('file_id', '=', file.id).execute();
    },
  };
}

/** What an S3 storage needs of the settings. */
export type S3Settings = Pick<
  FileSettings,
  's3Endpoint' | 's3Region' | 's3Bucket' | 's3AccessKeyId' | 's3SecretAccessKey'
>;

/**
 * The storage files of one backend and bucket are in; S3 clients are made once per set of
 * settings (the AWS SDK is loaded on first use, as Stripe's package is).
 */
export function fileStorages(db: Db, settings: () => Promise<FileSettings>) {
  const database = databaseStorage(db);
  const s3 = new Map<string, Promise<FileStorage>>();
  const s3Storage = (current: S3Settings, bucket: string) => {
    const key = JSON.stringify({ ...current, s3Bucket: bucket });
    let storage = s3.get(key);
    if (!storage) {
      storage = import('./files-s3.ts').then(({ s3Storage }) =>
        s3Storage({ ...current, s3Bucket: bucket }),
      );
      storage.catch(() => s3.delete(key));
      s3.set(key, storage);
    }
    return storage;
  };
  return {
    /** Where new files go now. */
    async current(): Promise<FileStorage> {
      const now = await settings();
      return now.storage === 's3' && now.s3Bucket !== '' ? s3Storage(now, now.s3Bucket) : database;
    },
    /** Where one stored file is, whatever the settings say now. */
    async of(file: Pick<StoredFileRef, 'backend' | 'bucket'>): Promise<FileStorage> {
      return file.backend === 's3' ? s3Storage(await settings(), file.bucket) : database;
    },
  };
}

export type FileStorages = ReturnType<typeof fileStorages>;
