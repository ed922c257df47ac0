import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Sharp from 'sharp';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { slugify } from '../../../platform/slugify.ts';
import { type MediaWidth, maxImageBytes, mediaWidths } from '../media-urls.ts';
import { refreshPostsShowing } from './media-uses.ts';
import { ContentError } from './save-post.ts';

const acceptedFormats = new Map([
  ['jpeg', { mime: 'image/jpeg', extension: 'jpg' }],
  ['png', { mime: 'image/png', extension: 'png' }],
  ['webp', { mime: 'image/webp', extension: 'webp' }],
  ['gif', { mime: 'image/gif', extension: 'gif' }],
]);

/**
 * The image library, loaded when an image is first stored or resized: it adds about 20 MB to
 * a process, and most processes only ever serve sizes already made (from the disk cache).
 */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
};

/** Who stored an image, and whether it stays while nothing uses it (decision 0056). */
export type StoredImageOrigin = {
  /** The signed-in user who uploaded it; none for imports and the demo. */
  uploadedBy?: number | null;
  /**
   * False for the editor's uploads: removed after a day unless a saved post or setting used
   * it. True (the default) for the library's uploads, imports and the demo.
   */
  keepUnused?: boolean;
};

/**
 * Stores an uploaded image in the database (so every instance of the site can serve it) and
 * returns its id. Anything that is not a JPEG, PNG, WebP or GIF is refused.
 */
export async function storeImage(
  db: Db,
  bytes: Uint8Array,
  fileName: string,
  alt = '',
  origin: StoredImageOrigin = {},
): Promise<number> {
  if (bytes.byteLength > maxImageBytes)
    throw new ContentError(`${fileName}: images are limited to ${maxImageBytes / 1024 / 1024} MB.`);
  const sharp = await loadSharp();
  let metadata: Awaited<ReturnType<ReturnType<typeof Sharp>['metadata']>>;
  try {
    metadata = await sharp(bytes).metadata();
  } catch {
    throw new ContentError(`${fileName}: not an image Quire can read.`);
  }
  const format = acceptedFormats.get(metadata.format ?? '');
  if (!format || !metadata.width || !metadata.height) {
    throw new ContentError(`${fileName}: use a JPEG, PNG, WebP or GIF image.`);
  }
  const stem = slugify(fileName.replace(/\.[a-z0-9]+$/i, '')) || 'image';
  const row = await db
    .insertInto('media')
    .values({
      file_name: `${stem}.${format.extension}`,
      mime: format.mime,
      width: metadata.width,
      height: metadata.height,
      alt,
      bytes,
      size: bytes.byteLength,
      created_at: Date.now(),
      uploaded_by: origin.uploadedBy ?? null,
      keep_unused: origin.keepUnused === false ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bumpContentVersion(db);
  return row.id;
}

/**
 * Describes a stored image for people who cannot see it: its `alt` as a cover, a logo, and
 * wherever a text placed it without words of its own (those texts are rendered again). Answers
 * whether the description changed; the pages show it at once on every instance.
 */
export async function describeImage(db: Db, id: number, alt: string): Promise<boolean> {
  const result = await db
    .updateTable('media')
    .set({ alt })
    .where('id', '=', id)
    .where('alt', '!=', alt)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await refreshPostsShowing(db, [id]);
  await bumpContentVersion(db);
  return true;
}

/** The names an image's resized copies have in the disk cache, in every width and format. */
export function variantFileNames(id: number): string[] {
  return mediaWidths.flatMap((width) => [
    `${id}-${width}`,
    `${id}-${width}.avif`,
    `${id}-${width}.webp`,
  ]);
}

/** Removes an image's resized copies from this instance's disk cache. */
export async function forgetVariants(cacheDir: string, id: number): Promise<void> {
  await Promise.all(variantFileNames(id).map((name) => rm(join(cacheDir, name), { force: true })));
}

export type ImageVariant = {
  bytes: Uint8Array;
  mime: string;
  /** Whether the format was chosen by the request's `Accept` header (answer `Vary: Accept`). */
  negotiated: boolean;
};

/** What a photo's variant is sent as: the smallest format the browser says it takes. */
export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

const photoFormatMime: Record<PhotoFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

function accepts(accept: string | null | undefined, mime: string): boolean {
  if (!accept) return false;
  return accept
    .toLowerCase()
    .split(',')
    .some((range) => {
      const [type = '', ...params] = range.split(';').map((part) => part.trim());
      const quality = params.find((param) => param.startsWith('q='));
      return type === mime && (quality === undefined || Number(quality.slice(2)) > 0);
    });
}

/**
 * The format a JPEG original's variants are sent in, from the request's `Accept` header: AVIF
 * (about a third of the JPEG's bytes at these sizes) or WebP (about half) when the browser names
 * it, as every current browser does for images; JPEG otherwise, e.g. to a crawler asking for
 * any image. Only formats named outright count, not wildcards.
 */
export function photoFormat(accept: string | null | undefined): PhotoFormat {
  if (accepts(accept, 'image/avif')) return 'avif';
  if (accepts(accept, 'image/webp')) return 'webp';
  return 'jpeg';
}

/**
 * The image resized to `width` (never enlarged); a JPEG original in the format `photoFormat`
 * picks from `accept`. Variants are kept in a local disk cache: they can always be made again
 * from the stored original, so an instance may lose them.
 */
export async function imageVariant(
  db: Db,
  id: number,
  width: MediaWidth,
  cacheDir: string,
  accept?: string | null,
): Promise<ImageVariant | undefined> {
  const meta = await db
    .selectFrom('media')
    .select(['mime'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!meta) return undefined;
  const negotiated = meta.mime === 'image/jpeg';
  const format = negotiated ? photoFormat(accept) : undefined;
  const mime = format ? photoFormatMime[format] : meta.mime;
  // JPEG variants keep the name they had before other formats were offered.
  const cachedPath = join(
    cacheDir,
    format && format !== 'jpeg' ? `${id}-${width}.${format}` : `${id}-${width}`,
  );
  try {
    return { bytes: await readFile(cachedPath), mime, negotiated };
  } catch {
    // Not made yet.
  }
  const original = await db
    .selectFrom('media')
    .select(['bytes', 'mime'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!original) return undefined;
  const sharp = await loadSharp();
  const pipeline = sharp(original.bytes, { animated: original.mime === 'image/gif' }).resize({
    width,
    withoutEnlargement: true,
  });
  // AVIF at effort 2 of 9, since a visitor's request waits for it: the default 4 took five times
  // as long for 6 % fewer bytes on a 960 px variant (decision 0005).
  const bytes =
    format === 'avif'
      ? await pipeline.avif({ quality: 45, effort: 2 }).toBuffer()
      : format === 'webp'
        ? await pipeline.webp({ quality: 75 }).toBuffer()
        : format === 'jpeg'
          ? await pipeline.jpeg({ quality: 78, mozjpeg: true }).toBuffer()
          : original.mime === 'image/png'
            ? await pipeline.png({ compressionLevel: 9, palette: true }).toBuffer()
            : await pipeline.toBuffer();
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${cachedPath}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, cachedPath);
  return { bytes, mime, negotiated };
}
