import { describe, expect, it } from 'vitest';
import { singleProcessRestart, workerEnv, workerExecArgv } from './worker-flags.ts';

/** A serving plan's flags where memory is plenty (serving-plan.ts). */
const workerV8Flags = ['--max-semi-space-size=8', '--heap-growing-percent=100'];
const plan = { v8Flags: workerV8Flags, mallocEnv: { MALLOC_MMAP_THRESHOLD_: '65536' } };

describe('workerExecArgv', () => {
  it("adds the young-generation cap and the old generation's growth after the primary's own flags", () => {
    expect(workerExecArgv(['--disable-warning=ExperimentalWarning'], '', workerV8Flags)).toEqual([
      '--disable-warning=ExperimentalWarning',
      '--max-semi-space-size=8',
      '--heap-growing-percent=100',
    ]);
  });

  it('leaves a size the operator set on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--max-semi-space-size=64'], '', workerV8Flags)).toEqual([
      '--max-semi-space-size=64',
      '--heap-growing-percent=100',
    ]);
    expect(
      workerExecArgv(
        [],
        '--enable-source-maps  --max_semi_space_size=2 --heap-growing-percent=10',
        workerV8Flags,
      ),
    ).toEqual([]);
    expect(workerExecArgv([], '--max-old-space-size=512', workerV8Flags)).toEqual(workerV8Flags);
  });
});

describe('workerEnv', () => {
  it("gives large malloc blocks back when freed, unless the operator set malloc's threshold", () => {
    expect(workerEnv({}, plan.mallocEnv)).toEqual({ MALLOC_MMAP_THRESHOLD_: '65536' });
    expect(workerEnv({ MALLOC_MMAP_THRESHOLD_: '131072' }, plan.mallocEnv)).toEqual({});
  });
});

describe('singleProcessRestart', () => {
  const argv = ['/usr/bin/node', '/srv/quire/dist/front/main.mjs'];

  it("starts the one serving process again with the workers' flags and malloc setting", () => {
    expect(
      singleProcessRestart(['--disable-warning=ExperimentalWarning'], argv, { HOME: '/srv' }, plan),
    ).toEqual({
      argv: [
        '--disable-warning=ExperimentalWarning',
        '--max-semi-space-size=8',
        '--heap-growing-percent=100',
        '/srv/quire/dist/front/main.mjs',
      ],
      env: { HOME: '/srv', MALLOC_MMAP_THRESHOLD_: '65536' },
    });
  });

  it('adds only what the operator left out', () => {
    const env = { NODE_OPTIONS: '--max-semi-space-size=32', MALLOC_MMAP_THRESHOLD_: '4096' };
    expect(singleProcessRestart([], argv, env, plan)).toEqual({
      argv: ['--heap-growing-percent=100', '/srv/quire/dist/front/main.mjs'],
      env,
    });
    // V8 takes --heap-growing-percent on the command line only.
    expect(
      singleProcessRestart(
        ['--heap-growing-percent=50', '--max-semi-space-size=8'],
        argv,
        {},
        plan,
      ),
    ).toEqual({
      argv: [
        '--heap-growing-percent=50',
        '--max-semi-space-size=8',
        '/srv/quire/dist/front/main.mjs',
      ],
      env: { MALLOC_MMAP_THRESHOLD_: '65536' },
    });
  });

  it('leaves a process that has them all as it is: set by the operator, or given by the new start', () => {
    expect(
      singleProcessRestart(
        ['--heap-growing-percent=50'],
        argv,
        {
          NODE_OPTIONS: '--max-semi-space-size=8',
          MALLOC_MMAP_THRESHOLD_: '131072',
        },
        plan,
      ),
    ).toBe(undefined);
    const again = singleProcessRestart([], argv, {}, plan);
    expect(again).toBeDefined();
    expect(
      singleProcessRestart(workerExecArgv([], '', workerV8Flags), argv, again?.env ?? {}, plan),
    ).toBe(undefined);
  });
});
