import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Busboy from '@fastify/busboy';

/**
 * A multipart body read as it arrives: text fields are kept (within their limits), each file
 * part is handed to an `UploadReceiver` that streams it to storage, so no file is ever held
 * whole in memory. Used by `/ajax` and by pages that take a normal POST, through
 * `readPostedFields`.
 */

/** One file part of a body, its bytes still arriving. */
export type FilePart = {
  /** The part's field name (`qforms[fields][7][]`). */
  fieldName: string;
  /** The name the sender gave the file, as sent: the receiver sanitises it. */
  fileName: string;
  /** The type the sender claims; never trusted. */
  mimeType: string;
  stream: Readable;
};

export type UploadLimits = {
  /** Files this body may carry. */
  maxFiles: number;
  /** Bytes all its files together may come to. */
  maxFileBytes: number;
};

export type UploadRefusal = { status: number; message: string };

/**
 * Where the files of a body go. The receiver learns the body's limits from the text fields sent
 * before its first file (a form's id), stores each part, and at the end releases every stored
 * file that nothing claimed: on a refusal, all of them.
 */
export type UploadReceiver<File> = {
  limits(fields: ReadonlyArray<readonly [string, string]>): Promise<UploadLimits | UploadRefusal>;
  /** Reads the part to its end, storing it or not; rejects (having removed what it wrote) on a stream error. */
  receive(part: FilePart): Promise<File>;
  /** Removes the files that nothing claimed. */
  release(files: readonly File[]): Promise<void>;
  /** The refusal's message when the files come to more than the limit. */
  tooLargeMessage(totalBytes: number, maxFileBytes: number): string;
  tooManyFilesMessage(maxFiles: number): string;
};

export type MultipartRead<File> =
  | { ok: true; entries: Array<[string, string]>; files: File[]; bytes: number }
  | {
      ok: false;
      status: number;
      message: string;
      /** The text fields read, for a page that shows the refusal in its form. */
      entries: Array<[string, string]>;
    };

export const multipartMessages = {
  tooLarge: 'The submission is too large.',
  tooManyFields: 'The submission has too many fields.',
  malformed: 'The submission could not be read.',
  unavailable: 'The site could not take this just now. Please try again in a moment.',
} as const;

/** Thrown into a file's stream once the body's files pass their limit: stop storing it. */
class OverLimit extends Error {}

/**
 * Reads a multipart body, storing its files through `receiver`. Text fields may come to
 * `maxTextBytes` and number `maxFields`; files follow the receiver's limits. Past a limit the
 * rest of the body is still read (and thrown away, counted), so the sender receives the answer
 * rather than a reset connection, and the message can say how large the files were; the
 * front bounds how much that can be.
 */
export async function readMultipartBody<File>(
  request: Request,
  contentType: string,
  options: { maxTextBytes: number; maxFields: number; receiver: UploadReceiver<File> },
): Promise<MultipartRead<File>> {
  const { receiver } = options;
  const entries: Array<[string, string]> = [];
  const stored: Promise<File | undefined>[] = [];
  let refusal: UploadRefusal | undefined;
  let limits: Promise<UploadLimits | UploadRefusal> | undefined;
  let textBytes = 0;
  let fileBytes = 0;
  let fileCount = 0;
  /** File parts still arriving: ended with an error when the body breaks off. */
  const open = new Set<Readable>();
  let busboy: ReturnType<typeof Busboy>;
  try {
    busboy = Busboy({
      headers: { 'content-type': contentType },
      limits: {
        fieldSize: options.maxTextBytes,
        fields: options.maxFields,
        fieldNameSize: 200,
      },
    });
  } catch {
    return { ok: false, status: 400, message: multipartMessages.malformed, entries };
  }
  const refuse = (status: number, message: string) => {
    refusal ??= { status, message };
  };
  busboy.on('field', (name, value, nameTruncated, valueTruncated) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (nameTruncated || valueTruncated || textBytes > options.maxTextBytes) {
      refuse(413, multipartMessages.tooLarge);
      return;
    }
    entries.push([name, value]);
  });
  busboy.on('fieldsLimit', () => refuse(413, multipartMessages.tooManyFields));
  busboy.on('file', (fieldName, stream, fileName, _encoding, mimeType) => {
    fileCount++;
    open.add(stream);
    stream.once('end', () => open.delete(stream));
    stream.once('close', () => open.delete(stream));
    limits ??= receiver.limits(entries.slice());
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        fileBytes += chunk.byteLength;
        done(undefined, chunk);
      },
    });
    stored.push(
      (async () => {
        const allowed = await limits;
        if (allowed && 'status' in allowed) refuse(allowed.status, allowed.message);
        else if (allowed && fileCount > allowed.maxFiles) {
          refuse(413, receiver.tooManyFilesMessage(allowed.maxFiles));
        }
        if (refusal || !allowed || 'status' in allowed) {
          await drain(stream, (bytes) => {
            fileBytes += bytes;
          });
          return undefined;
        }
        const { maxFileBytes } = allowed;
        const guarded = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            if (fileBytes > maxFileBytes) done(new OverLimit());
            else done(undefined, chunk);
          },
        });
        const source = stream.pipe(counted).pipe(guarded);
        stream.on('error', (error) => guarded.destroy(error));
        try {
          return await receiver.receive({ fieldName, fileName, mimeType, stream: source });
        } catch (error) {
          if (!(error instanceof OverLimit) && !guarded.errored) throw error;
          // The receiver removed what it wrote; the rest of this part is counted, not kept.
          stream.unpipe(counted);
          await drain(stream, (bytes) => {
            fileBytes += bytes;
          });
          refuse(413, receiver.tooLargeMessage(fileBytes, maxFileBytes));
          return undefined;
        }
      })(),
    );
  });
  let parsed = true;
  try {
    if (!request.body) throw new Error('no body');
    await pipeline(Readable.fromWeb(request.body as never), busboy);
  } catch {
    parsed = false;
    for (const stream of open) stream.destroy(new Error('The body broke off'));
  }
  const settled = await Promise.allSettled(stored);
  const files = settled.flatMap((result) =>
    result.status === 'fulfilled' && result.value !== undefined ? [result.value] : [],
  );
  const allowed = await limits;
  if (parsed && !refusal && allowed && !('status' in allowed) && fileBytes > allowed.maxFileBytes) {
    refuse(413, receiver.tooLargeMessage(fileBytes, allowed.maxFileBytes));
  }
  if (!parsed || refusal || settled.some((result) => result.status === 'rejected')) {
    await receiver.release(files);
    const failed = parsed && !refusal;
    return {
      ok: false,
      status: refusal?.status ?? (failed ? 503 : 400),
      message:
        refusal?.message ?? (failed ? multipartMessages.unavailable : multipartMessages.malformed),
      entries,
    };
  }
  return { ok: true, entries, files, bytes: textBytes + fileBytes };
}

/** Reads a stream to its end, throwing its bytes away after counting them. */
function drain(stream: Readable, count: (bytes: number) => void): Promise<void> {
  if (stream.readableEnded || stream.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    stream.on('data', (chunk: Buffer) => count(chunk.byteLength));
    stream.once('end', resolve);
    stream.once('error', () => resolve());
    stream.once('close', resolve);
    stream.resume();
  });
}
