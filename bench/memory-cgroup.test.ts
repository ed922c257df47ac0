import { describe, expect, it } from 'vitest';
import { cgroupMountPoints, keyedCounts } from '../tests/support/memory-cgroup.ts';

describe('memory cgroups for the bench', () => {
  it('finds the v2 mount and the v1 memory hierarchy in mountinfo', () => {
    const mountinfo = [
      '31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755',
      '32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu',
      '35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory',
      '41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw',
    ].join('\n');
    expect(cgroupMountPoints(mountinfo)).toEqual({
      v1Memory: '/sys/fs/cgroup/memory',
      v2: '/sys/fs/cgroup/unified',
    });
    expect(cgroupMountPoints('30 23 0:26 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw')).toEqual({
      v2: '/sys/fs/cgroup',
    });
  });

  it('reads the OOM kill count from memory.events and memory.oom_control', () => {
    expect(keyedCounts('low 0\nhigh 0\nmax 12\noom 3\noom_kill 2\n').get('oom_kill')).toBe(2);
    expect(keyedCounts('oom_kill_disable 0\nunder_oom 0\noom_kill 1\n').get('oom_kill')).toBe(1);
  });
});
