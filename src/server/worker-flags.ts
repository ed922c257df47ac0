/**
 * V8 flags every worker starts with besides the primary's own (decision 0031).
 *
 * V8 sizes the young generation from the machine's memory: on a machine with many gigabytes a
 * worker's two semi-spaces grow to 64 MB each, and a burst of renders fills and keeps all
 * 128 MB of them (a third of a worker's peak). Capped at 16 MB each they hold 32 MB, for about
 * 0.2 ms more garbage collection per uncached page view (more, shorter scavenges); smaller caps
 * cost far more (1 MB: about 3 ms a view), as a render allocates over a megabyte.
 *
 * After a full collection V8 lets the old generation grow to several times what survived: a
 * worker with 26 MB of live objects held 77 MB of heap and 20 MB of dead buffers under load.
 * Letting it at most double before the next full collection keeps that garbage down (the peak
 * of all processes about 470 → 385 MB) for about 5 % more CPU per uncached view; growing by
 * half saved 40 MB more but cost 9–15 % (decision 0031). Unlike a heap limit, it can never end
 * a worker that needs more.
 */
export const workerV8Flags: readonly string[] = [
  '--max-semi-space-size=16',
  '--heap-growing-percent=100',
];

/** The flag's name, without its value: `--max-semi-space-size`. */
function flagName(flag: string): string {
  return flag.split('=')[0]!.replaceAll('_', '-');
}

/**
 * A worker's `execArgv`: the primary's, then each of `workerV8Flags` that the operator has not
 * set already (on the command line or in NODE_OPTIONS, which the worker inherits).
 */
export function workerExecArgv(primaryExecArgv: readonly string[], nodeOptions = ''): string[] {
  const given = new Set(
    [...primaryExecArgv, ...nodeOptions.split(/\s+/)].filter(Boolean).map(flagName),
  );
  return [...primaryExecArgv, ...workerV8Flags.filter((flag) => !given.has(flagName(flag)))];
}

/**
 * The command line (after Node's own path) that starts one serving process (`WEB_CONCURRENCY=1`)
 * again with the flags a worker would get, or undefined when it has them all already: set by
 * the operator on the command line or in NODE_OPTIONS, or given by that start. Without them an
 * import run by the one process peaked at 520–580 MB instead of the workers' 230–330 MB
 * (decision 0063, "Memory"); V8 reads them only when it starts.
 */
export function singleProcessArgv(
  execArgv: readonly string[],
  argv: readonly string[],
  nodeOptions = '',
): string[] | undefined {
  const withFlags = workerExecArgv(execArgv, nodeOptions);
  return withFlags.length === execArgv.length ? undefined : [...withFlags, ...argv.slice(1)];
}
