import { readFileSync } from 'node:fs';
import { totalmem } from 'node:os';
import { posix } from 'node:path';

/** Where the memory a process may use was read from. */
export type MemorySource = 'cgroup v2' | 'cgroup v1' | 'physical memory';

export type MemoryLimit = { bytes: number; source: MemorySource };

/** Reads a file as text, or undefined when it cannot be read. */
export type ReadText = (path: string) => string | undefined;

function readText(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** cgroup v1 writes "no limit" as the largest page-aligned 64-bit number; anything near it is none. */
const noLimitAbove = 2 ** 60;

type Mount = { root: string; mountPoint: string; type: string; superOptions: string[] };

/** The cgroup mounts of /proc/self/mountinfo: `id parent dev root mountpoint opts… - type source superopts`. */
function cgroupMounts(mountinfo: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ');
    if (!before || !after) continue;
    const fields = before.split(' ');
    const [type = '', , superOptions = ''] = after.split(' ');
    if (type !== 'cgroup' && type !== 'cgroup2') continue;
    mounts.push({
      root: unescapeMountPath(fields[3] ?? '/'),
      mountPoint: unescapeMountPath(fields[4] ?? ''),
      type,
      superOptions: superOptions.split(','),
    });
  }
  return mounts;
}

/** mountinfo writes spaces and other awkward characters as octal escapes (`\040`). */
function unescapeMountPath(path: string): string {
  return path.replace(/\\([0-7]{3})/g, (_, octal: string) =>
    String.fromCharCode(Number.parseInt(octal, 8)),
  );
}

/**
 * The folders of a process's cgroup, its own first and then each parent up to the mount's top:
 * a limit set on any of them holds for the process. `path` is the process's cgroup as
 * /proc/self/cgroup names it; inside a container the mount's root is that cgroup itself.
 */
function groupFolders(mount: Mount, path: string): string[] {
  const relative =
    mount.root !== '/' && (path === mount.root || path.startsWith(`${mount.root}/`))
      ? path.slice(mount.root.length)
      : path;
  const folders: string[] = [];
  let current = posix.join(mount.mountPoint, relative);
  for (;;) {
    folders.push(current);
    if (current === mount.mountPoint || current === '/' || current === '.') break;
    current = posix.dirname(current);
  }
  return folders;
}

/** The smallest limit in `fileName` over the folders, or undefined when none is set. */
function smallestLimit(read: ReadText, folders: string[], fileName: string): number | undefined {
  let smallest: number | undefined;
  for (const folder of folders) {
    const text = read(posix.join(folder, fileName))?.trim();
    if (!text || text === 'max') continue;
    const bytes = Number(text);
    if (!Number.isFinite(bytes) || bytes <= 0 || bytes >= noLimitAbove) continue;
    smallest = smallest === undefined ? bytes : Math.min(smallest, bytes);
  }
  return smallest;
}

/**
 * The memory this process may use: the limit of its memory cgroup (v2 `memory.max`, v1
 * `memory.limit_in_bytes`, the smallest along its cgroup's parents, as a container or a systemd
 * `MemoryMax=` sets), else the machine's physical memory, whichever is smaller.
 */
export function readMemoryLimit(
  read: ReadText = readText,
  physicalBytes: number = totalmem(),
): MemoryLimit {
  const cgroups = read('/proc/self/cgroup') ?? '';
  const mounts = cgroupMounts(read('/proc/self/mountinfo') ?? '');
  let limit: MemoryLimit = { bytes: physicalBytes, source: 'physical memory' };
  const consider = (bytes: number | undefined, source: MemorySource) => {
    if (bytes !== undefined && bytes < limit.bytes) limit = { bytes, source };
  };
  for (const line of cgroups.split('\n')) {
    const match = /^(\d+):([^:]*):(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, hierarchy, controllers = '', path = '/'] = match;
    if (hierarchy === '0' && controllers === '') {
      for (const mount of mounts.filter((m) => m.type === 'cgroup2')) {
        consider(smallestLimit(read, groupFolders(mount, path), 'memory.max'), 'cgroup v2');
      }
    } else if (controllers.split(',').includes('memory')) {
      for (const mount of mounts.filter(
        (m) => m.type === 'cgroup' && m.superOptions.includes('memory'),
      )) {
        consider(
          smallestLimit(read, groupFolders(mount, path), 'memory.limit_in_bytes'),
          'cgroup v1',
        );
      }
    }
  }
  return limit;
}
