import { describe, expect, it } from 'vitest';
import { readMemoryLimit } from './memory-limit.ts';

const gigabytes = (n: number) => n * 1024 ** 3;
const megabytes = (n: number) => n * 1024 ** 2;

/** A file system of the given files; every other path cannot be read. */
const files =
  (contents: Record<string, string>) =>
  (path: string): string | undefined =>
    contents[path];

const hybridMounts = [
  '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
  '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
  '32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
  '41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
].join('\n');

describe('readMemoryLimit', () => {
  it("reads cgroup v2's memory.max, the smallest along the group's parents", () => {
    const read = files({
      '/proc/self/cgroup': '0::/system.slice/quire.service\n',
      '/proc/self/mountinfo': '30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw,nsdelegate',
      '/sys/fs/cgroup/system.slice/quire.service/memory.max': `${megabytes(256)}\n`,
      '/sys/fs/cgroup/system.slice/memory.max': 'max\n',
      '/sys/fs/cgroup/memory.max': undefined as unknown as string,
    });
    expect(readMemoryLimit(read, gigabytes(24))).toEqual({
      bytes: megabytes(256),
      source: 'cgroup v2',
    });
    const parentLimited = files({
      '/proc/self/cgroup': '0::/system.slice/quire.service\n',
      '/proc/self/mountinfo': '30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw',
      '/sys/fs/cgroup/system.slice/quire.service/memory.max': 'max\n',
      '/sys/fs/cgroup/system.slice/memory.max': `${megabytes(512)}\n`,
    });
    expect(readMemoryLimit(parentLimited, gigabytes(24)).bytes).toBe(megabytes(512));
  });

  it("reads cgroup v1's memory.limit_in_bytes, taking its huge 'no limit' for none", () => {
    const read = files({
      '/proc/self/cgroup': '4:memory:/process_api/abc\n1:cpu:/\n0::/\n',
      '/proc/self/mountinfo': hybridMounts,
      '/sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes': `${megabytes(384)}\n`,
      '/sys/fs/cgroup/memory/process_api/memory.limit_in_bytes': '9223372036854771712\n',
      '/sys/fs/cgroup/unified/memory.max': undefined as unknown as string,
    });
    expect(readMemoryLimit(read, gigabytes(24))).toEqual({
      bytes: megabytes(384),
      source: 'cgroup v1',
    });
    const unlimited = files({
      '/proc/self/cgroup': '4:memory:/\n0::/\n',
      '/proc/self/mountinfo': hybridMounts,
      '/sys/fs/cgroup/memory/memory.limit_in_bytes': '9223372036854771712\n',
    });
    expect(readMemoryLimit(unlimited, gigabytes(24))).toEqual({
      bytes: gigabytes(24),
      source: 'physical memory',
    });
  });

  it("finds a container's own group, mounted as the root of its cgroup file system", () => {
    const read = files({
      '/proc/self/cgroup': '9:memory:/docker/0123abcd\n',
      '/proc/self/mountinfo':
        '700 690 0:32 /docker/0123abcd /sys/fs/cgroup/memory ro,nosuid - cgroup cgroup rw,memory',
      '/sys/fs/cgroup/memory/memory.limit_in_bytes': `${megabytes(256)}\n`,
    });
    expect(readMemoryLimit(read, gigabytes(24)).bytes).toBe(megabytes(256));
  });

  it('takes physical memory where it is smaller than the limit, or where nothing can be read', () => {
    const read = files({
      '/proc/self/cgroup': '0::/user.slice\n',
      '/proc/self/mountinfo': '30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw',
      '/sys/fs/cgroup/user.slice/memory.max': `${gigabytes(64)}\n`,
    });
    expect(readMemoryLimit(read, gigabytes(2))).toEqual({
      bytes: gigabytes(2),
      source: 'physical memory',
    });
    expect(readMemoryLimit(files({}), gigabytes(2))).toEqual({
      bytes: gigabytes(2),
      source: 'physical memory',
    });
  });
});
