import { describe, expect, it } from 'vitest';
import { workerExecArgv, workerV8Flags } from './worker-flags.ts';

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
