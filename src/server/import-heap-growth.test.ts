import { describe, expect, it } from 'vitest';
import { whileImporting } from './import-heap-growth.ts';

describe('whileImporting', () => {
  const growing = '--heap-growing-percent=100';

  it('lets the heap grow by half while the import runs, then puts the process’s setting back', async () => {
    const set: string[] = [];
    const result = await whileImporting(
      async () => {
        expect(set).toEqual(['--heap-growing-percent=50']);
        return 'imported';
      },
      ['--max-semi-space-size=4', growing],
      (flags) => set.push(flags),
    );
    expect(result).toBe('imported');
    expect(set).toEqual(['--heap-growing-percent=50', growing]);
  });

  it('puts it back when the import fails too', async () => {
    const set: string[] = [];
    await expect(
      whileImporting(
        () => Promise.reject(new Error('the export is cut short')),
        [],
        (flags) => set.push(flags),
      ),
    ).rejects.toThrow('the export is cut short');
    // Without the flag V8 chooses (0), and it is V8's choice again after.
    expect(set).toEqual(['--heap-growing-percent=50', '--heap-growing-percent=0']);
  });

  it('leaves a tighter setting of the operator’s or the memory plan’s alone', async () => {
    const set: string[] = [];
    await whileImporting(
      async () => 'imported',
      ['--heap-growing-percent=30'],
      (flags) => set.push(flags),
    );
    expect(set).toEqual([]);
  });
});
