import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { siteDatabase, type TestDatabase } from './databases.ts';

/** How a process ended: its exit code (null when a signal ended it) and what it wrote. */
export type ProcessOutcome = { code: number | null; stdout: string; stderr: string };

/**
 * A file of the project run with the project's Node (`args` starts with its path), in a process
 * of its own, with this process's environment and `env` over it. `input` is its standard input,
 * closed after it (empty by default, so a command that asks gets the end of the input rather
 * than waiting); `uid` runs it as another user. It resolves whatever the exit code: the test
 * says which code it expects. It does not block, so a server the test started keeps answering,
 * and connections that server closes meanwhile are seen closed.
 */
export function runWithNode(
  args: readonly string[],
  env: Record<string, string> = {},
  options: { input?: string; uid?: number } = {},
): Promise<ProcessOutcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', ...args], {
      env: { ...process.env, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(options.uid === undefined ? {} : { uid: options.uid }),
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    // A process that ends without reading its input closes the pipe: that is no failure here.
    child.stdin.on('error', () => {});
    child.stdin.end(options.input ?? '');
  });
}

/** `npm run quire -- …args`, as `runWithNode` runs a file. */
export function runQuire(
  args: readonly string[],
  env: Record<string, string> = {},
  options: { input?: string } = {},
): Promise<ProcessOutcome> {
  return runWithNode(['src/cli/quire.ts', ...args], env, options);
}

export type CliSite = {
  /** The site's data folder (DATA_DIR), deleted by `remove`. */
  dataDir: string;
  /** `quire …args` on this site: its DATABASE_URL and DATA_DIR, LOG_LEVEL warn. */
  quire: (...args: string[]) => Promise<ProcessOutcome>;
  /** The site's database, opened from the test as another process would; destroy it after. */
  connect: () => DatabaseHandle;
  /** Deletes the data folder. */
  remove: () => void;
};

/**
 * A site only the command line works on, with no server: a new data folder, and the test
 * database emptied on PostgreSQL (on SQLite the site's database is a new file in that folder).
 * The first command migrates the database, as it does on a new site.
 */
export async function startCliSite(database: TestDatabase): Promise<CliSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-cli-site-'));
  const emptied = await database.open();
  await emptied.close();
  const { url, config } = siteDatabase(database, dataDir);
  return {
    dataDir,
    quire: (...args) => runQuire(args, { DATABASE_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn' }),
    connect: () => connectDatabase(config),
    remove: () => rmSync(dataDir, { recursive: true, force: true }),
  };
}
