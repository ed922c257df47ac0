import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
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

const environOf = (pid: number): Record<string, string> =>
  Object.fromEntries(
    readFileSync(`/proc/${pid}/environ`, 'utf8')
      .split('\0')
      .filter(Boolean)
      .map((entry) => entry.split(/=(.*)/s, 2) as [string, string]),
  );

/** Sends a GET for `/` as soon as the port takes a connection; the moment it connected too. */
function firstConnection(port: number): Promise<{ connectedAt: number; answer: Promise<string> }> {
  return new Promise((resolve) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('error', () => setTimeout(attempt, 5));
      socket.once('connect', () => {
        const connectedAt = performance.now();
        socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
        let text = '';
        socket.on('data', (chunk: Buffer) => {
          text += chunk.toString('latin1');
        });
        resolve({
          connectedAt,
          answer: new Promise((done) => socket.once('close', () => done(text))),
        });
      });
    };
    attempt();
  });
}

describe.runIf(process.platform === 'linux')('a site starting (decision 0070)', () => {
  it('takes connections before it can answer, and answers them once it can', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quire-early-'));
    const port = await freePort();
    const site = spawnBuiltSite(dataDir, port, { WEB_CONCURRENCY: '2' });
    try {
      const { answer } = await firstConnection(port);
      // Connected while the first worker was still booting: it seeds the demo before it can answer.
      expect(site.output()).not.toContain('Seeded demo content');
      expect(await answer).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
      expect(site.output()).toContain('Seeded demo content');
    } finally {
      const exited = new Promise((resolve) => site.child.once('exit', resolve));
      site.child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

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
    const before = workersOf(child.pid!);
    const [victim] = before;
    process.kill(victim!, 'SIGKILL');
    await until(() => /is serving in place of the one that stopped/.test(output()), 30_000);
    expect(output()).toContain(`Worker ${victim} stopped (SIGKILL); starting another`);
    expect(output()).toMatch(
      /Worker \d+ is serving in place of the one that stopped, [\d.]+ s after it started/,
    );
    const workers = workersOf(child.pid!);
    expect(workers).toHaveLength(2);
    expect(workers).not.toContain(victim);
    // The replacement listened only once it could answer: the other worker served meanwhile.
    const replacement = workers.find((pid) => !before.includes(pid));
    expect(environOf(replacement!).QUIRE_LISTEN_EARLY).toBe('0');
    expect(environOf(before[1]!).QUIRE_LISTEN_EARLY).toBe('1');
    expect((await fetch(`${url}/`)).status).toBe(200);
  }, 60_000);
});
