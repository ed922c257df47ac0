import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { serverEntry } from './server-entry.ts';

/** What a built site is started with here: production, on loopback, its SQLite in `dataDir`. */
export function builtSiteEnv(dataDir: string, port: number): Record<string, string> {
  return {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: `sqlite:${join(dataDir, 'quire.db')}`,
  };
}

export type SpawnedSite = { child: ChildProcess; url: string; output: () => string };

/**
 * The built site as production starts it (`node dist/front/main.mjs`, its own workers as the
 * serving plan chooses), on `port` with its SQLite file in `dataDir`, its log collected. With
 * `cgroupProcsFile` every process of it runs in that memory cgroup: a shell joins it and then
 * becomes Node. `detached` puts it in a process group of its own, to signal as a whole.
 */
export function spawnBuiltSite(
  dataDir: string,
  port: number,
  env: Record<string, string> = {},
  options: { cgroupProcsFile?: string; detached?: boolean } = {},
): SpawnedSite {
  const node = [process.execPath, '--disable-warning=ExperimentalWarning', serverEntry];
  const [command, ...args] = options.cgroupProcsFile
    ? ['/bin/sh', '-c', `echo $$ > '${options.cgroupProcsFile}' && exec "$0" "$@"`, ...node]
    : node;
  const child = spawn(command!, args, {
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...builtSiteEnv(dataDir, port),
      LOG_LEVEL: 'info',
      WEB_CONCURRENCY: 'auto',
      ...env,
    },
  });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
  }
  return { child, url: `http://127.0.0.1:${port}`, output: () => output };
}
