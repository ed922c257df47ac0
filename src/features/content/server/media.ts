import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type Sharp from 'sharp';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { Db } from '../../../platform/db/connect.ts';
import { slugify } from '../../../platform/slugify.ts';
import type { MediaWidth } from '../media-urls.ts';
import { ContentError } from './save-post.ts';

const acceptedFormats = new Map([
  ['jpeg', { mime: 'image/jpeg', extension: 'jpg' }],
  ['png', { mime: 'image/png', extension: 'png' }],
  ['webp', { mime: 'image/webp', extension: 'webp' }],
  ['gif', { mime: 'image/gif', extension: 'gif' }],
]);

export const maxImageBytes = 20 * 1024 * 1024;

/**
 * The image library, loaded when an image is first stored or resized: it adds about 20 MB to
 * a process, and most processes only ever serve sizes already made (from the disk cache).
 */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => {
  sharpModule ??= import('sharp').then((module) => module.default);
  return sharpModule;
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
): Promise<number> {
  if (bytes.byteLength > maxImageBytes)
    throw new ContentError(`${fileName}: images are limited to 20 MB.`);
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
      created_at: Date.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await bumpContentVersion(db);
  return row.id;
}

export type ImageVariant = { bytes: Uint8Array; mime: string };

/**
 * The image resized to `width` (never enlarged). Variants are kept in a local disk cache:
 * they can always be made again from the stored original, so an instance may lose them.
 */
export async function imageVariant(
  db: Db,
  id: number,
  width: MediaWidth,
  cacheDir: string,
): Promise<ImageVariant | undefined> {
  const cachedPath = join(cacheDir, `${id}-${width}`);
  const meta = await db
    .selectFrom('media')
    .select(['mime'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!meta) return undefined;
  try {
    return { bytes: await readFile(cachedPath), mime: meta.mime };
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
  const bytes =
    original.mime === 'image/jpeg'
      ? await pipeline.jpeg({ quality: 78, mozjpeg: true }).toBuffer()
      : original.mime === 'image/png'
        ? await pipeline.png({ compressionLevel: 9, palette: true }).toBuffer()
        : await pipeline.toBuffer();
  await mkdir(cacheDir, { recursive: true });
  const temporary = `${cachedPath}.${process.pid}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, cachedPath);
  return { bytes, mime: original.mime };
}
