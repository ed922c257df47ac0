import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnBuiltSite } from '../support/built-site.ts';
import { freePort } from '../support/test-server.ts';

/** Waits until `done` holds, checking every 50 ms; throws after `timeoutMs`. */
async function until(done: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`Not done within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const workersOf = (primary: number) =>
  readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);

describe.runIf(process.platform === 'linux')('a worker killed (decision 0070)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'quire-replacement-'));
  let child: ChildProcess;
  let output: () => string;
  let url = '';

  beforeAll(async () => {
    ({ child, url, output } = spawnBuiltSite(dataDir, await freePort(), { WEB_CONCURRENCY: '2' }));
    await until(
      async () => (await fetch(`${url}/robots.txt`).catch(() => undefined))?.ok === true,
      60_000,
    );
    await until(() => workersOf(child.pid!).length === 2, 30_000);
  }, 90_000);

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('is replaced, and the primary says when the new one serves', async () => {
    // A worker that ran for ten seconds or more is replaced at once; sooner, after a second.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    const [victim] = workersOf(child.pid!);
    process.kill(victim!, 'SIGKILL');
    await until(() => /is serving in place of the one that stopped/.test(output()), 30_000);
    expect(output()).toContain(`Worker ${victim} stopped (SIGKILL); starting another`);
    expect(output()).toMatch(
      /Worker \d+ is serving in place of the one that stopped, [\d.]+ s after it started/,
    );
    const workers = workersOf(child.pid!);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    expect((await fetch(`${url}/`)).status).toBe(200);
  }, 60_000);
});
