import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { localMediaSource } from '../../src/features/import/server/local-media.ts';
import type { MediaSource } from '../../src/features/import/server/media-source.ts';

/**
 * The import's own local-folder source over a folder laid out as `wp-content/uploads`,
 * counting the files it was asked for, so a test can tell that a second run fetched nothing.
 */
export function folderMedia(folder: string): MediaSource & { asked: string[] } {
  const asked: string[] = [];
  const local = localMediaSource(folder);
  return {
    asked,
    get(wanted) {
      asked.push(wanted.url);
      return local.get(wanted);
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
