import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { dirname, sep } from 'node:path';

/** Makes `folder` when missing and checks this process may write in it; throws what stands in the way. */
export function ensureWritableFolder(folder: string): void {
  mkdirSync(folder, { recursive: true });
  accessSync(folder, constants.W_OK);
}

/**
 * What `ensureWritableFolder` met, in words naming what to change: a file where a folder of
 * the path should be, or a folder this process's user may not write. Undefined for anything
 * else, which the caller words itself.
 */
export function folderProblem(folder: string, error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    const blocker = firstFileOnPath(folder);
    if (blocker) return `"${blocker}" is a file where a folder should be`;
  }
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `the folder "${nearestExisting(folder)}" cannot be written by this process (user ${userName()})`;
  }
  return undefined;
}

/** The first part of `folder`, from the root, that exists but is not a folder. */
function firstFileOnPath(folder: string): string | undefined {
  let path = '';
  for (const part of folder.split(sep)) {
    path =
      path === '' ? part || sep : path.endsWith(sep) ? `${path}${part}` : `${path}${sep}${part}`;
    const kind = kindOf(path);
    if (!kind) return undefined;
    if (!kind.isDirectory()) return path;
  }
  return undefined;
}

/**
 * `folder`, or the deepest folder above it this process can see: the one whose rights stand in
 * the way (a folder it may not search hides what lies below it).
 */
function nearestExisting(folder: string): string {
  let path = folder;
  while (!kindOf(path) && dirname(path) !== path) path = dirname(path);
  return path;
}

/** What is at `path`, or undefined when nothing is there or this process may not look. */
function kindOf(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return String(process.getuid?.() ?? 'unknown');
  }
}
