import { accessSync, constants, realpathSync, statSync } from 'node:fs';
import { open, realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { maxImageBytes } from '../../content/media-urls.ts';
import { mediaMessages as m } from '../messages.ts';
import type { MediaFound, MediaSource, MediaWanted } from './media-source.ts';

/** The media folder given for an import does not exist, cannot be read or is not a folder. */
export class MediaFolderError extends Error {}

/** Where an old site's uploads appear in its addresses: WordPress, then Ghost. */
const uploadFolders = [
  ['wp-content', 'uploads'],
  ['content', 'images'],
];

/**
 * A media source reading a local copy of the old site's uploads (decision 0064). The folder may
 * be `uploads` itself, `wp-content`, or the site's root (likewise Ghost's `images`, `content`):
 * a file is looked for under each. Nothing outside the folder is read, symbolic links included.
 */
export function localMediaSource(folder: string, maxBytes = maxImageBytes): MediaSource {
  const shown = resolve(folder);
  let root: string;
  try {
    root = realpathSync(shown);
  } catch {
    throw new MediaFolderError(m.folderUnreadable(shown));
  }
  if (!statSync(root).isDirectory()) throw new MediaFolderError(m.notAFolder(shown));
  try {
    accessSync(root, constants.R_OK | constants.X_OK);
  } catch {
    throw new MediaFolderError(m.folderUnreadable(shown));
  }
  return { get: (wanted) => readLocal(root, shown, wanted, maxBytes) };
}

type Candidates = { paths: string[][] } | { refused: string };

async function readLocal(
  root: string,
  shown: string,
  wanted: MediaWanted,
  maxBytes: number,
): Promise<MediaFound> {
  const candidates = candidatePaths(wanted);
  if ('refused' in candidates)
    return { ok: false, reason: m.outsideFolder(wanted.url, candidates.refused) };
  const [first] = candidates.paths;
  if (first === undefined) return { ok: false, reason: m.noPath(wanted.url) };
  for (const segments of candidates.paths) {
    const path = join(root, ...segments);
    let real: string;
    try {
      real = await realpath(path);
    } catch {
      continue;
    }
    const inside = relative(root, real);
    if (inside.startsWith('..') || isAbsolute(inside))
      return { ok: false, reason: m.outsideFolder(wanted.url, join(shown, ...segments)) };
    return readFile(wanted.url, real, join(shown, ...segments), segments, maxBytes);
  }
  return { ok: false, reason: m.missingFile(wanted.url, join(shown, ...first)) };
}

async function readFile(
  url: string,
  real: string,
  shownPath: string,
  segments: string[],
  maxBytes: number,
): Promise<MediaFound> {
  try {
    const file = await open(real, 'r');
    try {
      const stat = await file.stat();
      if (!stat.isFile()) return { ok: false, reason: m.notAFile(url, shownPath) };
      if (stat.size > maxBytes)
        return { ok: false, reason: m.tooLarge(url, maxBytes / 1024 / 1024) };
      const bytes = new Uint8Array(await file.readFile());
      return { ok: true, bytes, fileName: segments.at(-1) ?? '' };
    } finally {
      await file.close();
    }
  } catch {
    return { ok: false, reason: m.unreadableFile(url, shownPath) };
  }
}

/**
 * The paths (as segments under the folder) a wanted file may have, most likely first: the
 * export's relative path, then the address's part after the uploads folder; each also under
 * the folders the uploads folder sits in, for an owner who gave `wp-content` or the site root.
 */
function candidatePaths(wanted: MediaWanted): Candidates {
  const paths: string[][] = [];
  const relativePath = wanted.relativePath?.trim();
  if (relativePath !== undefined && relativePath !== '') {
    const segments = relativePath.split('/').filter((s) => s !== '');
    if (/^([/\\]|[a-z]:)/i.test(relativePath) || !segments.every(isPlainSegment))
      return { refused: relativePath };
    for (const [site, uploads] of uploadFolders) {
      paths.push(segments, [uploads ?? '', ...segments], [site ?? '', uploads ?? '', ...segments]);
    }
  }
  const fromUrl = urlSegments(wanted.url);
  if (fromUrl !== undefined) {
    if (!fromUrl.segments.every(isPlainSegment)) return { refused: fromUrl.segments.join('/') };
    const { segments, folders } = fromUrl;
    paths.push(segments, [folders[1], ...segments], [...folders, ...segments]);
  }
  const seen = new Set<string>();
  return {
    paths: paths.filter((p) => {
      const key = p.join('/');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    }),
  };
}

/** The decoded segments of an address after `/wp-content/uploads/` or `/content/images/`. */
function urlSegments(url: string): { segments: string[]; folders: [string, string] } | undefined {
  let pathname: string;
  try {
    pathname = new URL(url, 'http://relative.invalid/').pathname;
  } catch {
    return undefined;
  }
  for (const [site = '', uploads = ''] of uploadFolders) {
    const marker = `/${site}/${uploads}/`;
    const at = pathname.indexOf(marker);
    if (at === -1) continue;
    const segments = pathname
      .slice(at + marker.length)
      .split('/')
      .filter((s) => s !== '')
      .map(decodeSegment);
    return segments.length === 0 ? undefined : { segments, folders: [site, uploads] };
  }
  return undefined;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const isPlainSegment = (segment: string) =>
  segment !== '..' && segment !== '.' && !/[/\\\0]/.test(segment);
