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
 * The C library's settings every serving process starts with besides its V8 flags (decision
 * 0063, "Memory"); glibc reads them when a process starts, and other C libraries ignore them.
 *
 * Node reads a socket into a fresh 64 KB buffer from malloc, and V8 frees dead buffers only once
 * about 64 MB of them have gathered. A 47 MB export sent to Admin → Import (its reads and their
 * copies on the way to the route) grew glibc's main heap to about 75 MB, and glibc kept it after
 * the buffers were freed: 55–60 MB more for as long as the process lived, on top of the import
 * it then ran. Blocks of 64 KB and more, mapped on their own, go back to the system as soon as
 * they are freed; serving pages cost no measurable CPU more.
 */
export const workerMallocEnv: Readonly<Record<string, string>> = {
  MALLOC_MMAP_THRESHOLD_: '65536',
};

/** The variables of `workerMallocEnv` the operator has not set already. */
export function workerEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(workerMallocEnv).filter(([name]) => env[name] === undefined),
  );
}

/**
 * How one serving process (`WEB_CONCURRENCY=1`) starts again to run as a worker would: its
 * command line (after Node's own path) and environment with the flags and variables a worker
 * gets, or undefined when it has them all already (set by the operator on the command line, in
 * NODE_OPTIONS or the environment, or given by that start). Without them an import run by the
 * one process peaked at 520–600 MB (decision 0063, "Memory"); both are read only at start.
 */
export function singleProcessRestart(
  execArgv: readonly string[],
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
): { argv: string[]; env: Record<string, string | undefined> } | undefined {
  const withFlags = workerExecArgv(execArgv, env.NODE_OPTIONS);
  const added = workerEnv(env);
  if (withFlags.length === execArgv.length && Object.keys(added).length === 0) return undefined;
  return { argv: [...withFlags, ...argv.slice(1)], env: { ...env, ...added } };
}
