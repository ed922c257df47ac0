import { spawn } from 'node:child_process';
import { readMemoryLimit } from '../server/memory-limit.ts';
import { planServing } from '../server/serving-plan.ts';
import { workerExecArgv } from '../server/worker-flags.ts';

/**
 * `npm run quire -- …`. An import runs in a child started with the serving workers' V8 flags
 * (decision 0031): with V8's own sizing on a machine with many gigabytes the 10,000-post bench
 * peaked at 450 MB, mostly garbage V8 had not collected yet; with the flags at about 235 MB
 * (decision 0063, "Memory"). Flags cannot change a running heap, so the command starts itself
 * again; this entry imports nothing else, so the waiting parent stays small. Other commands run
 * here at once.
 */
const importCommands = new Set(['import-wordpress', 'import-ghost']);
const relaunched = 'QUIRE_CLI_RELAUNCHED';

if (importCommands.has(process.argv[2] ?? '') && process.env[relaunched] !== '1') {
  const child = spawn(
    process.execPath,
    [
      // Sized as one serving process would be in the memory this one may use (decision 0068).
      ...workerExecArgv(
        process.execArgv,
        process.env.NODE_OPTIONS,
        planServing(readMemoryLimit(), 1, 1).v8Flags,
      ),
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, [relaunched]: '1' } },
  );
  // The child gets the terminal's Ctrl-C itself; a SIGTERM sent to this process is passed on.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (signal !== 'SIGINT') child.kill(signal);
    });
  }
  child.on('exit', (code, signal) => {
    process.exitCode = code ?? (signal ? 128 : 1);
  });
} else {
  await import('./quire-commands.ts');
}
