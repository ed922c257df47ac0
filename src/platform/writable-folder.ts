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
    const kind = statSync(path, { throwIfNoEntry: false });
    if (!kind) return undefined;
    if (!kind.isDirectory()) return path;
  }
  return undefined;
}

/** `folder`, or the deepest folder above it that exists: the one whose rights stand in the way. */
function nearestExisting(folder: string): string {
  let path = folder;
  while (!statSync(path, { throwIfNoEntry: false }) && dirname(path) !== path) path = dirname(path);
  return path;
}

function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return String(process.getuid?.() ?? 'unknown');
  }
}
