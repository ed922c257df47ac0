import { describe, expect, it } from 'vitest';
import { describePlan, planServing } from './serving-plan.ts';

const megabytes = (n: number) => n * 1024 ** 2;
const cgroup = (mb: number) => ({ bytes: megabytes(mb), source: 'cgroup v1' as const });

describe('planServing', () => {
  it('gives each core a worker where memory is plenty, with the young generation capped, Maglev off and no heap limit', () => {
    const plan = planServing(
      { bytes: megabytes(24 * 1024), source: 'physical memory' },
      2,
      undefined,
    );
    expect(plan.workers).toBe(2);
    expect(plan.v8Flags).toEqual([
      '--max-semi-space-size=4',
      '--no-maglev',
      '--heap-growing-percent=100',
    ]);
    expect(plan.mallocEnv).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(plan.rendersInFlight).toBe(8);
    expect(planServing(cgroup(64 * 1024), 16, undefined).workers).toBe(4);
  });

  it('keeps two workers in 256 MB, each with a small young generation, a heap limit and two renders at a time', () => {
    const plan = planServing(cgroup(256), 2, undefined);
    expect(plan.workers).toBe(2);
    expect(plan.workerMb).toBe(104);
    expect(plan.v8Flags).toEqual([
      '--max-semi-space-size=4',
      '--no-maglev',
      '--heap-growing-percent=50',
      '--max-old-space-size=78',
    ]);
    expect(plan.mallocEnv).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(plan.rendersInFlight).toBe(2);
  });

  it('gives 512 MB to two workers with room to spare', () => {
    const plan = planServing(cgroup(512), 2, undefined);
    expect(plan.workers).toBe(2);
    expect(plan.v8Flags).toEqual([
      '--max-semi-space-size=4',
      '--no-maglev',
      '--heap-growing-percent=100',
      '--max-old-space-size=174',
    ]);
    expect(plan.rendersInFlight).toBe(4);
  });

  it('runs fewer workers rather than starving each, down to one process', () => {
    expect(planServing(cgroup(256), 4, undefined).workers).toBe(2);
    expect(planServing(cgroup(192), 2, undefined).workers).toBe(1);
    expect(planServing(cgroup(192), 2, undefined).workerMb).toBe(168);
    expect(planServing(cgroup(128), 2, undefined).workers).toBe(1);
  });

  it('takes WEB_CONCURRENCY as it is, sharing the memory among that many', () => {
    const plan = planServing(cgroup(512), 2, 3);
    expect(plan.workers).toBe(3);
    expect(plan.workerMb).toBe(154);
    expect(planServing(cgroup(256), 2, 1).workers).toBe(1);
  });
});

describe('describePlan', () => {
  it('says what memory was found, where, and what was chosen', () => {
    expect(describePlan(planServing(cgroup(256), 2, undefined))).toBe(
      'Memory: 256 MB (cgroup v1); 2 worker processes of about 104 MB each with a 78 MB heap limit, 2 renders at a time each (more wait in line)',
    );
    expect(
      describePlan(
        planServing({ bytes: megabytes(24 * 1024), source: 'physical memory' }, 2, undefined),
      ),
    ).toBe(
      'Memory: 24,576 MB (physical memory); 2 worker processes of about 12,264 MB each, 8 renders at a time each (more wait in line)',
    );
    expect(describePlan(planServing(cgroup(192), 2, undefined))).toBe(
      'Memory: 192 MB (cgroup v1); one process of about 168 MB with a 126 MB heap limit, 4 renders at a time (more wait in line)',
    );
  });
});
