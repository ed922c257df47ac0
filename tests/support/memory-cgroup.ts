import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A memory cgroup made for one run of the site, with what the kernel counted in it. */
export type MemoryCgroup = {
  version: 1 | 2;
  path: string;
  /** The file a process writes its pid into to join the group. */
  procsFile: string;
  /** Processes the kernel killed for want of memory in this group so far. */
  oomKills: () => number;
  /** The most memory the group held at once (pages the kernel could reclaim included). */
  peakBytes: () => number | undefined;
  members: () => number[];
  remove: () => void;
};

const readText = (path: string) => readFileSync(path, 'utf8');

/** `key value` lines (memory.events, memory.oom_control) as numbers. */
export function keyedCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    const [key, value] = line.trim().split(/\s+/);
    if (key && value !== undefined && Number.isFinite(Number(value)))
      counts.set(key, Number(value));
  }
  return counts;
}

/** The cgroup mount points of this machine, from /proc/self/mountinfo. */
export function cgroupMountPoints(mountinfo: string): { v1Memory?: string; v2?: string } {
  const found: { v1Memory?: string; v2?: string } = {};
  for (const line of mountinfo.split('\n')) {
    const [before, after] = line.split(' - ');
    if (!before || !after) continue;
    const mountPoint = before.split(' ')[4];
    const [type, , superOptions = ''] = after.split(' ');
    if (type === 'cgroup2') found.v2 ??= mountPoint;
    if (type === 'cgroup' && superOptions.split(',').includes('memory'))
      found.v1Memory ??= mountPoint;
  }
  return found;
}

function tryWrite(path: string, value: string): boolean {
  try {
    writeFileSync(path, value);
    return true;
  } catch {
    return false;
  }
}

function v2Group(root: string, name: string, limitBytes: number): MemoryCgroup | undefined {
  // The memory controller must be offered to the root's children (not in a hybrid set-up).
  if (!readText(join(root, 'cgroup.controllers')).split(/\s+/).includes('memory')) return undefined;
  if (!readText(join(root, 'cgroup.subtree_control')).includes('memory')) {
    if (!tryWrite(join(root, 'cgroup.subtree_control'), '+memory')) return undefined;
  }
  const path = join(root, name);
  mkdirSync(path);
  writeFileSync(join(path, 'memory.max'), String(limitBytes));
  tryWrite(join(path, 'memory.swap.max'), '0');
  return {
    version: 2,
    path,
    procsFile: join(path, 'cgroup.procs'),
    oomKills: () => keyedCounts(readText(join(path, 'memory.events'))).get('oom_kill') ?? 0,
    peakBytes: () =>
      existsSync(join(path, 'memory.peak'))
        ? Number(readText(join(path, 'memory.peak')))
        : undefined,
    members: () => readText(join(path, 'cgroup.procs')).split('\n').filter(Boolean).map(Number),
    remove: () => rmdirSync(path),
  };
}

function v1Group(root: string, name: string, limitBytes: number): MemoryCgroup {
  const path = join(root, name);
  mkdirSync(path);
  writeFileSync(join(path, 'memory.limit_in_bytes'), String(limitBytes));
  // With swap accounting the limit holds for memory and swap together: no swapping the peak away.
  tryWrite(join(path, 'memory.memsw.limit_in_bytes'), String(limitBytes));
  return {
    version: 1,
    path,
    procsFile: join(path, 'cgroup.procs'),
    oomKills: () => keyedCounts(readText(join(path, 'memory.oom_control'))).get('oom_kill') ?? 0,
    peakBytes: () => Number(readText(join(path, 'memory.max_usage_in_bytes'))),
    members: () => readText(join(path, 'cgroup.procs')).split('\n').filter(Boolean).map(Number),
    remove: () => rmdirSync(path),
  };
}

/**
 * A new memory cgroup limited to `limitBytes`: cgroup v2 where its memory controller can be
 * used, else v1's memory hierarchy; the reason as a string where neither can be written (not
 * root, a read-only /sys/fs/cgroup).
 */
export function createMemoryCgroup(name: string, limitBytes: number): MemoryCgroup | string {
  let mounts: { v1Memory?: string; v2?: string };
  try {
    mounts = cgroupMountPoints(readText('/proc/self/mountinfo'));
  } catch {
    return 'no /proc/self/mountinfo (not Linux)';
  }
  const problems: string[] = [];
  if (mounts.v2) {
    try {
      const group = v2Group(mounts.v2, name, limitBytes);
      if (group) return group;
      problems.push(`cgroup v2 at ${mounts.v2} offers no memory controller`);
    } catch (error) {
      problems.push(`cgroup v2 at ${mounts.v2}: ${(error as Error).message}`);
    }
  }
  if (mounts.v1Memory) {
    try {
      return v1Group(mounts.v1Memory, name, limitBytes);
    } catch (error) {
      problems.push(`cgroup v1 at ${mounts.v1Memory}: ${(error as Error).message}`);
    }
  }
  return problems.join('; ') || 'no memory cgroup is mounted';
}
