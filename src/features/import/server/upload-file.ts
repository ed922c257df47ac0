import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  checkImportHead,
  type ImportKind,
  importHeadBytes,
  safeImportFileName,
} from '../import-upload.ts';

export type StoredImportFile =
  | { ok: true; path: string; fileName: string; bytes: number; siteUrl: string | undefined }
  | { ok: false; message: string; fileName: string };

/**
 * Writes an uploaded export into `folder` as it arrives (`<random>-<safe name>`), never holding
 * more than its first `importHeadBytes`: those tell its kind first, and a file of the wrong kind
 * is read to its end and thrown away without a byte written. Rejects (having removed what it
 * wrote) when the stream fails: a body broken off, or one over its limit.
 */
export async function storeImportFile(
  folder: string,
  kind: ImportKind,
  fileName: string,
  stream: Readable,
): Promise<StoredImportFile> {
  const chunks: Buffer[] = [];
  let headSize = 0;
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let ended = false;
  while (headSize < importHeadBytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    headSize += next.value.byteLength;
  }
  const start = Buffer.concat(chunks);
  const check = checkImportHead(kind, start.subarray(0, importHeadBytes));
  if (!check.ok) {
    while (!ended) ended = (await iterator.next()).done === true;
    return { ok: false, message: check.message, fileName };
  }
  await mkdir(folder, { recursive: true });
  const path = join(folder, `${randomBytes(6).toString('hex')}-${safeImportFileName(fileName)}`);
  let bytes = 0;
  try {
    await pipeline(
      (async function* () {
        bytes += start.byteLength;
        yield start;
        if (ended) return;
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          bytes += next.value.byteLength;
          yield next.value;
        }
      })(),
      createWriteStream(path, { flags: 'wx' }),
    );
  } catch (error) {
    await rm(path, { force: true });
    throw error;
  }
  return { ok: true, path, fileName, bytes, siteUrl: check.siteUrl };
}
