import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import type { MediaSource } from '../../src/features/import/server/media-source.ts';

/**
 * A media source for tests (the real ones are the import's local and remote sources): files of
 * a folder laid out as `wp-content/uploads`, found by the path the export gives. It counts the
 * files it was asked for, so a test can tell that a second run fetched nothing.
 */
export function folderMedia(folder: string): MediaSource & { asked: string[] } {
  const asked: string[] = [];
  return {
    asked,
    async get(wanted) {
      asked.push(wanted.url);
      const path =
        wanted.relativePath ??
        decodeURIComponent(wanted.url.split('/wp-content/uploads/')[1] ?? '');
      try {
        return {
          ok: true,
          bytes: await readFile(join(folder, path)),
          fileName: path.split('/').pop() ?? path,
        };
      } catch {
        return { ok: false, reason: `${path} is not in the media folder.` };
      }
    },
  };
}

/** Writes a small image of `width`×`height` at `path` under `folder` (JPEG or PNG by its name). */
export async function writeTestImage(
  folder: string,
  path: string,
  width: number,
  height: number,
): Promise<void> {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 90, b: 140 } },
  });
  const bytes = await (path.endsWith('.png') ? image.png() : image.jpeg()).toBuffer();
  mkdirSync(dirname(join(folder, path)), { recursive: true });
  writeFileSync(join(folder, path), bytes);
}
