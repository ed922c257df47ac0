import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type {
  FilePart,
  UploadLimits,
  UploadReceiver,
  UploadRefusal,
} from '../../../platform/ajax/multipart-body.ts';
import type { Db } from '../../../platform/db/connect.ts';
import type { FileBackend } from '../../../platform/db/schema.ts';
import { fill } from '../../../platform/fill-message.ts';
import type { FormField } from '../form-definition.ts';
import { moreMessages } from '../more-messages.ts';
import { extensionOf, imageExtensions, uploadTotalError } from '../rules/files.ts';
import type { FileStorages } from './files-storage.ts';
import { serverMessages } from './server-messages.ts';

/** A file part of a submission as the server received it: stored, or only described. */
export type ReceivedFile = {
  fieldId: number;
  /** The visitor's name for it, sanitised. */
  name: string;
  size: number;
  /** False when its bytes were not kept: a type the field does not take, or content that is not what its name says. */
  stored: boolean;
  /** False when its content is not what its extension says (a .png that is a ZIP). */
  contentMatches: boolean;
  /** Set when stored. */
  id: number;
  key: string;
  backend: FileBackend;
  bucket: string;
  mime: string;
};

const maxNameLength = 150;

/**
 * A file name a visitor sent, as the server keeps it (metadata only; the bytes are stored under
 * a random key): no folders (`../../etc/passwd` is `passwd`, `C:\x\y.png` is `y.png`), no
 * control or direction-changing characters, no leading dots, at most 150 characters with the
 * extension kept.
 */
export function sanitiseFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/^[\s.]+/, '')
    .trim();
  const name = clean === '' ? 'file' : clean;
  if (name.length <= maxNameLength) return name;
  const extension = extensionOf(name);
  const kept = extension.length > 0 && extension.length < 12 ? `.${extension}` : '';
  return `${Array.from(name)
    .slice(0, maxNameLength - kept.length)
    .join('')
    .trimEnd()}${kept}`.slice(0, maxNameLength + 2);
}

/** Extensions whose files file-type finds by content under another name. */
const contentNames: Record<string, string> = { jpeg: 'jpg', jpe: 'jpg', tiff: 'tif', heif: 'heic' };

/** Text formats, which carry no magic number: taken when nothing binary is found in them. */
const textExtensions: readonly string[] = ['txt', 'csv', 'tsv', 'md', 'log', 'json', 'ics', 'vcf'];

/**
 * Whether what a file holds is what its name says: the type found by its content must be the
 * extension's (a .png must be a PNG, never a ZIP, an executable or HTML); a text extension
 * takes only content in which no binary format is found.
 */
export function contentMatchesName(name: string, found: { ext: string } | undefined): boolean {
  const extension = extensionOf(name);
  if (!found) return textExtensions.includes(extension);
  return (contentNames[extension] ?? extension) === found.ext;
}

/** Types a download may be served as; anything a browser could run or render as a page is not. */
const servedTypes =
  /^(?:image\/(?:png|jpeg|gif|webp|heic|heif|avif|bmp|tiff)|application\/pdf|audio\/[\w.+-]+|video\/[\w.+-]+|text\/plain)$/;

/** The type a download is served as: the content's own when harmless, else a plain download. */
export const safeContentType = (mime: string) =>
  servedTypes.test(mime)
    ? mime === 'text/plain'
      ? 'text/plain; charset=utf-8'
      : mime
    : 'application/octet-stream';

/** The extensions a file field takes. */
export function acceptedExtensions(field: FormField): readonly string[] | undefined {
  if (field.type === 'file-upload') return field.extensions;
  if (field.type === 'camera') return imageExtensions;
  if (field.type === 'signature') return ['png'];
  return undefined;
}

/** How many files a form's fields take together: each upload field's most, one per camera or signature. */
export function mostFilesOf(fields: readonly FormField[]): number {
  let most = 0;
  for (const field of fields) {
    if (field.type === 'file-upload') most += field.maxFiles;
    else if (field.type === 'camera' || field.type === 'signature') most += 1;
  }
  return most;
}

const fieldPartName = /^qforms\[fields\]\[(\d{1,4})\](?:\[\])?$/;

const bytesPerMb = 1024 * 1024;

/** Reads a stream to its end, keeping nothing: the size of what was not stored. */
async function countRest(stream: AsyncIterable<Uint8Array>): Promise<number> {
  let size = 0;
  for await (const chunk of stream) size += chunk.byteLength;
  return size;
}

/**
 * The forms' upload receiver for one request: the form named before the first file says how
 * many files it takes; the site's upload limit, how large they may be together. Each file of a
 * file field with an accepted name and matching content is streamed to storage under a random
 * key, as a row no entry has yet; the submission claims its files in the entry's transaction,
 * and `release` removes the rest.
 */
export function formUploadReceiver(deps: {
  db: Db;
  storages: FileStorages;
  uploadLimitMb: () => Promise<number>;
  formFields: (formId: number) => Promise<readonly FormField[] | undefined>;
  now?: () => number;
}): UploadReceiver<ReceivedFile> {
  let fields = new Map<number, FormField>();
  let formId = 0;
  return {
    async limits(entries): Promise<UploadLimits | UploadRefusal> {
      const sent = entries.find(([name]) => name === 'qforms[id]')?.[1] ?? '';
      const found = /^\d{1,9}$/.test(sent) ? await deps.formFields(Number(sent)) : undefined;
      if (!found) return { status: 400, message: serverMessages.formNotFound };
      formId = Number(sent);
      fields = new Map(found.map((field) => [field.id, field]));
      const maxFiles = mostFilesOf(found);
      if (maxFiles === 0) return { status: 413, message: moreMessages.noFilesTaken };
      return { maxFiles, maxFileBytes: (await deps.uploadLimitMb()) * bytesPerMb };
    },
    tooManyFilesMessage: (maxFiles) => fill(moreMessages.fileCount, { max: maxFiles }),
    tooLargeMessage: (totalBytes, maxFileBytes) =>
      uploadTotalError([totalBytes], maxFileBytes / bytesPerMb) ?? moreMessages.uploadTooLarge,
    async receive(part: FilePart): Promise<ReceivedFile> {
      const fieldId = Number(fieldPartName.exec(part.fieldName)?.[1] ?? 0);
      const field = fields.get(fieldId);
      const extensions = field && acceptedExtensions(field);
      const name = sanitiseFileName(part.fileName);
      const facts = {
        fieldId: extensions ? fieldId : 0,
        name,
        stored: false,
        contentMatches: true,
        id: 0,
        key: '',
        backend: 'database' as const,
        bucket: '',
        mime: '',
      };
      // An empty file input sends a part without a name: no file was chosen.
      if (!extensions || part.fileName === '' || !extensions.includes(extensionOf(name))) {
        const size = await countRest(part.stream);
        return { ...facts, fieldId: part.fileName === '' && size === 0 ? 0 : facts.fieldId, size };
      }
      const { fileTypeStream } = await import('file-type');
      const sniffed = await fileTypeStream(Readable.toWeb(part.stream) as never, {
        sampleSize: 4100,
      });
      if (!contentMatchesName(name, sniffed.fileType)) {
        return {
          ...facts,
          contentMatches: false,
          size: await countRest(sniffed as AsyncIterable<Uint8Array>),
        };
      }
      const storage = await deps.storages.current();
      const key = randomBytes(16).toString('hex');
      const mime = sniffed.fileType?.mime ?? 'text/plain';
      const row = await deps.db
        .insertInto('form_files')
        .values({
          entry_id: null,
          form_id: formId,
          field_id: fieldId,
          storage_key: key,
          backend: storage.backend,
          bucket: storage.bucket,
          name,
          mime,
          size: 0,
          created_at: deps.now?.() ?? Date.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const stored = { id: row.id, key };
      try {
        const size = await storage.write({ ...stored, mime }, Readable.fromWeb(sniffed as never));
        await deps.db
          .updateTable('form_files')
          .set({ size, complete: 1 })
          .where('id', '=', row.id)
          .execute();
        return {
          ...facts,
          ...stored,
          stored: true,
          size,
          mime,
          backend: storage.backend,
          bucket: storage.bucket,
        };
      } catch (error) {
        await removeFiles(deps, [{ ...stored, backend: storage.backend, bucket: storage.bucket }]);
        throw error;
      }
    },
    async release(files) {
      await releaseUnclaimed(deps, files);
    },
  };
}

type Removable = { id: number; key: string; backend: FileBackend; bucket: string };

/**
 * Removes files' bytes, then their rows. A row whose bytes could not be removed (the bucket
 * unreachable) stays for the sweep to try again.
 */
export async function removeFiles(
  deps: { db: Db; storages: FileStorages },
  files: readonly Removable[],
): Promise<void> {
  for (const file of files) {
    try {
      const storage = await deps.storages.of(file);
      await storage.remove(file);
    } catch {
      continue;
    }
    await deps.db.deleteFrom('form_files').where('id', '=', file.id).execute();
  }
}

/** Removes those of a submission's stored files that no entry claimed. */
export async function releaseUnclaimed(
  deps: { db: Db; storages: FileStorages },
  files: readonly ReceivedFile[],
): Promise<void> {
  const ids = files.filter((file) => file.stored).map((file) => file.id);
  if (ids.length === 0) return;
  const unclaimed = await deps.db
    .selectFrom('form_files')
    .select(['id', 'storage_key as key', 'backend', 'bucket'])
    .where('id', 'in', ids)
    .where('entry_id', 'is', null)
    .execute();
  await removeFiles(deps, unclaimed);
}
