import { describe, expect, it } from 'vitest';
import { singleProcessArgv, workerExecArgv, workerV8Flags } from './worker-flags.ts';

describe('workerExecArgv', () => {
  it("adds the young-generation cap and the old generation's growth after the primary's own flags", () => {
    expect(workerExecArgv(['--disable-warning=ExperimentalWarning'])).toEqual([
      '--disable-warning=ExperimentalWarning',
      '--max-semi-space-size=16',
      '--heap-growing-percent=100',
    ]);
    expect(workerV8Flags).toEqual(['--max-semi-space-size=16', '--heap-growing-percent=100']);
  });

  it('leaves a size the operator set on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv(['--max-semi-space-size=64'])).toEqual([
      '--max-semi-space-size=64',
      '--heap-growing-percent=100',
    ]);
    expect(
      workerExecArgv([], '--enable-source-maps  --max_semi_space_size=2 --heap-growing-percent=10'),
    ).toEqual([]);
    expect(workerExecArgv([], '--max-old-space-size=512')).toEqual(workerV8Flags);
  });
});

describe('singleProcessArgv', () => {
  const argv = ['/usr/bin/node', '/srv/quire/dist/front/main.mjs'];

  it("starts the one serving process again with the workers' flags, before its script", () => {
    expect(singleProcessArgv(['--disable-warning=ExperimentalWarning'], argv)).toEqual([
      '--disable-warning=ExperimentalWarning',
      '--max-semi-space-size=16',
      '--heap-growing-percent=100',
      '/srv/quire/dist/front/main.mjs',
    ]);
    // Only the flag the operator left out is added.
    expect(singleProcessArgv([], argv, '--max-semi-space-size=32')).toEqual([
      '--heap-growing-percent=100',
      '/srv/quire/dist/front/main.mjs',
    ]);
  });

  it('leaves a process that has every flag as it is: set by the operator, or given by the new start', () => {
    // V8 takes --heap-growing-percent on the command line only.
    expect(singleProcessArgv(['--heap-growing-percent=50'], argv, '--max-semi-space-size=8')).toBe(
      undefined,
    );
    expect(singleProcessArgv(['--max-semi-space-size=64', '--heap-growing-percent=20'], argv)).toBe(
      undefined,
    );
    expect(singleProcessArgv(workerExecArgv([]), argv)).toBe(undefined);
  });
});
