import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The pids of a process's living children, from /proc. */
function childPids(parent: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) === parent && state !== 'Z') pids.push(Number(name));
    } catch {
      // Gone while we looked.
    }
  }
  return pids;
}

const commandLine = (pid: number) =>
  readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

/** A process's environment as it started, from /proc (readable for the user's own processes). */
function environmentOf(pid: number): Record<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean);
  return Object.fromEntries(entries.map((entry) => entry.split(/=(.*)/s, 2) as [string, string]));
}

describe.runIf(process.platform === 'linux')('the serving processes (decision 0031)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_CONCURRENCY: '2' });
  });
  afterAll(() => server.stop());

  it('start each worker with a capped young generation, Maglev off and a slower-growing heap, the primary without', () => {
    const workers = childPids(server.pid);
    expect(workers).toHaveLength(2);
    for (const worker of workers) {
      expect(commandLine(worker)).toContain('--max-semi-space-size=4');
      expect(commandLine(worker)).toContain('--no-maglev');
      expect(commandLine(worker)).toContain('--heap-growing-percent=100');
    }
    const primary = commandLine(server.pid);
    expect(primary).not.toContain('--max-semi-space-size=4');
    expect(primary).not.toContain('--no-maglev');
    expect(primary).not.toContain('--heap-growing-percent=100');
  });

  it("start each worker with malloc's large blocks given back when freed (decision 0063)", () => {
    for (const worker of childPids(server.pid)) {
      expect(environmentOf(worker).MALLOC_MMAP_THRESHOLD_).toBe('65536');
    }
  });
});

describe.runIf(process.platform === 'linux')(
  'one serving process (decision 0063, "Memory")',
  () => {
    it("runs as a worker would: the same process, started again with the workers' flags and malloc setting", async () => {
      const server = await startTestServer({ WEB_CONCURRENCY: '1' });
      try {
        const args = commandLine(server.pid);
        expect(args).toContain('--max-semi-space-size=4');
        expect(args).toContain('--no-maglev');
        expect(args).toContain('--heap-growing-percent=100');
        expect(args.at(-1)).toMatch(/dist\/front\/main\.mjs$/);
        expect(environmentOf(server.pid).MALLOC_MMAP_THRESHOLD_).toBe('65536');
        expect(childPids(server.pid)).toEqual([]);
      } finally {
        await server.stop();
      }
    });

    it('keeps what the operator set, adding only what was left out', async () => {
      // V8 takes --heap-growing-percent on the command line only, not in NODE_OPTIONS.
      const server = await startTestServer({
        WEB_CONCURRENCY: '1',
        NODE_OPTIONS: '--max-semi-space-size=8',
        MALLOC_MMAP_THRESHOLD_: '131072',
      });
      try {
        const args = commandLine(server.pid);
        expect(args.some((arg) => arg.startsWith('--max-semi-space-size'))).toBe(false);
        expect(args).toContain('--heap-growing-percent=100');
        expect(environmentOf(server.pid).MALLOC_MMAP_THRESHOLD_).toBe('131072');
      } finally {
        await server.stop();
      }
    });
  },
);
