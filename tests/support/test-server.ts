import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectDatabase, type DatabaseHandle } from '../../src/platform/db/connect.ts';
import { builtSiteEnv } from './built-site.ts';
import { siteDatabase, type TestDatabase } from './databases.ts';
import { livingMembers, signalGroupAndWait } from './process-group.ts';
import { runQuire } from './quire-cli.ts';
import { serverEntry } from './server-entry.ts';

export type TestServer = {
  url: string;
  dataDir: string;
  /** Everything the server has written to standard error so far (it is also passed on). */
  errorOutput: () => string;
  /** Resolves once the server has written something matching `pattern` to standard error. */
  waitForErrorOutput: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
  /** With `via: 'npm'`: the process group of npm and everything it started. */
  processGroup: number | undefined;
  /** The server process, for tests that look at its memory. */
  pid: number;
  /** Ends the server as an operator would (SIGTERM) and waits; its data stays for reading. */
  shutDown: () => Promise<void>;
  /** Ends the server and deletes its data. */
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the built site on a free port (or `env.PORT`) with its own SQLite file and the demo
 * content, and waits until it answers. By default the server's own process is started;
 * `via: 'npm'` runs `npm run serve` in a process group of its own, as a site owner or a service
 * manager does.
 */
export async function startTestServer(
  env: Record<string, string> = {},
  options: { via?: 'node' | 'npm' } = {},
): Promise<TestServer> {
  if (!existsSync('dist/server/entry.mjs') || !existsSync(serverEntry)) {
    throw new Error('No build in dist/. Run "npm run build" first (npm test does it for you).');
  }
  // A port the caller chose (a shared machine may give a range to use), else any free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-test-'));
  const viaNpm = options.via === 'npm';
  const child: ChildProcess = spawn(
    viaNpm ? 'npm' : process.execPath,
    viaNpm ? ['run', '--silent', 'serve'] : ['--disable-warning=ExperimentalWarning', serverEntry],
    {
      detached: viaNpm,
      env: {
        ...process.env,
        ...builtSiteEnv(dataDir, port),
        CACHE_VERSION_CHECK_MS: '0',
        LOG_LEVEL: 'warn',
        // One process, so a test sees the cache its previous request filled.
        WEB_CONCURRENCY: '1',
        ...env,
      },
      stdio: ['ignore', 'inherit', 'pipe'],
    },
  );
  let errorOutput = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errorOutput += chunk.toString();
    process.stderr.write(chunk);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`The test server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/robots.txt`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error('The test server did not start within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const shutDown = async () => {
    if (viaNpm && child.pid !== undefined) {
      if (livingMembers(child.pid).length > 0) {
        await signalGroupAndWait(child.pid, 'SIGTERM', { timeoutMs: 90_000 });
      }
      return;
    }
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  };
  return {
    url,
    dataDir,
    processGroup: viaNpm ? child.pid : undefined,
    errorOutput: () => errorOutput,
    waitForErrorOutput: async (pattern, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!pattern.test(errorOutput)) {
        if (Date.now() > deadline) throw new Error(`The server never wrote ${pattern}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
    pid: child.pid as number,
    shutDown,
    stop: async () => {
      await shutDown();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestSite = {
  server: TestServer;
  /** The site's database, opened from the test as another instance would. */
  handle: DatabaseHandle;
  /** The site's DATABASE_URL, for the command line. */
  databaseUrl: string;
  /** Closes the test's connection, then ends the server and deletes its data. */
  stop: () => Promise<void>;
};

/**
 * The built site on an emptied test database (on SQLite, a new file in the server's data
 * folder), and that database opened from the test. `env` is added to the server's environment.
 */
export async function startTestSite(
  database: TestDatabase,
  env: Record<string, string> = {},
): Promise<TestSite> {
  const empty = await database.open();
  await empty.close();
  const postgresUrl =
    database.name === 'postgres' ? (process.env.TEST_DATABASE_URL as string) : undefined;
  const server = await startTestServer(postgresUrl ? { ...env, DATABASE_URL: postgresUrl } : env);
  const { url, config } = siteDatabase(database, server.dataDir);
  const handle = connectDatabase(config);
  return {
    server,
    handle,
    databaseUrl: url,
    stop: async () => {
      await handle.db.destroy();
      await server.stop();
    },
  };
}

/** Publishes a post through the CLI, a separate process, as another instance would. */
export async function publishPostFromOutside(server: TestServer, title: string): Promise<void> {
  const file = join(server.dataDir, 'import.json');
  const archive = {
    format: 'quire-content',
    version: 1,
    posts: [
      {
        title,
        body: 'Published from outside.',
        status: 'published',
        publishedAt: new Date().toISOString(),
      },
    ],
  };
  writeFileSync(file, JSON.stringify(archive));
  const imported = await runQuire(['import', file], {
    DATABASE_URL: `sqlite:${join(server.dataDir, 'quire.db')}`,
  });
  if (imported.code !== 0) throw new Error(`quire import failed: ${imported.stderr}`);
}
