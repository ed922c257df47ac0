import { setFlagsFromString } from 'node:v8';

/** How far V8 lets the heap grow past what survived a full collection while an import runs. */
const importHeapGrowingPercent = 50;

/**
 * Runs an import with the heap growing by half, not doubling, after each full collection, then
 * puts the process's own setting back (decision 0063): an import keeps tens of megabytes of live
 * objects for a long while, and doubling them took the importing process past 300 MB once Node's
 * compile cache (decision 0070) sat beside them: 300–323 MB, now 245 MB, in as long (34.8 against
 * 35.1 s for the bench's 10,000 posts).
 */
export async function whileImporting<T>(
  run: () => Promise<T>,
  execArgv: readonly string[] = process.execArgv,
  setFlags: (flags: string) => void = setFlagsFromString,
): Promise<T> {
  const own = execArgv.findLast((flag) => flag.startsWith('--heap-growing-percent='));
  // 0 is V8's own choice, which grows the heap further still.
  const percent = Number(own?.split('=')[1] ?? 0);
  if (percent > 0 && percent <= importHeapGrowingPercent) return run();
  setFlags(`--heap-growing-percent=${importHeapGrowingPercent}`);
  try {
    return await run();
  } finally {
    setFlags(`--heap-growing-percent=${percent}`);
  }
}
