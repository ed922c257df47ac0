/** The flag's name, without its value: `--max-semi-space-size`. */
function flagName(flag: string): string {
  return flag.split('=')[0]!.replaceAll('_', '-');
}

/**
 * A worker's `execArgv`: the primary's, then each of `flags` (the serving plan's V8 flags) that
 * the operator has not set already (on the command line or in NODE_OPTIONS, which the worker
 * inherits).
 */
export function workerExecArgv(
  primaryExecArgv: readonly string[],
  nodeOptions = '',
  flags: readonly string[],
): string[] {
  const given = new Set(
    [...primaryExecArgv, ...nodeOptions.split(/\s+/)].filter(Boolean).map(flagName),
  );
  return [...primaryExecArgv, ...flags.filter((flag) => !given.has(flagName(flag)))];
}

/** The malloc variables of the plan (`mallocEnv`) the operator has not set already. */
export function workerEnv(
  env: Readonly<Record<string, string | undefined>>,
  mallocEnv: Readonly<Record<string, string>>,
): Record<string, string> {
  return Object.fromEntries(Object.entries(mallocEnv).filter(([name]) => env[name] === undefined));
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
  plan: { v8Flags: readonly string[]; mallocEnv: Readonly<Record<string, string>> },
): { argv: string[]; env: Record<string, string | undefined> } | undefined {
  const withFlags = workerExecArgv(execArgv, env.NODE_OPTIONS, plan.v8Flags);
  const added = workerEnv(env, plan.mallocEnv);
  if (withFlags.length === execArgv.length && Object.keys(added).length === 0) return undefined;
  return { argv: [...withFlags, ...argv.slice(1)], env: { ...env, ...added } };
}
