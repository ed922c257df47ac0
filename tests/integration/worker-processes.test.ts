import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The command lines of a process's living children, from /proc. */
function childCommandLines(parent: number): string[][] {
  const lines: string[][] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(ppid) !== parent || state === 'Z') continue;
      lines.push(readFileSync(`/proc/${name}/cmdline`, 'utf8').split('\0').filter(Boolean));
    } catch {
      // Gone while we looked.
    }
  }
  return lines;
}

describe.runIf(process.platform === 'linux')('the serving processes (decision 0031)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ WEB_CONCURRENCY: '2' });
  });
  afterAll(() => server.stop());

  it('start each worker with a capped young generation and a slower-growing heap, the primary without', () => {
    const workers = childCommandLines(server.pid);
    expect(workers).toHaveLength(2);
    for (const args of workers) {
      expect(args).toContain('--max-semi-space-size=16');
      expect(args).toContain('--heap-growing-percent=100');
    }
    const primary = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0');
    expect(primary).not.toContain('--max-semi-space-size=16');
    expect(primary).not.toContain('--heap-growing-percent=100');
  });
});

describe.runIf(process.platform === 'linux')(
  'one serving process (decision 0063, "Memory")',
  () => {
    const commandLine = (pid: number) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);

    it("runs with the workers' flags: the same process, started again with them", async () => {
      const server = await startTestServer({ WEB_CONCURRENCY: '1' });
      try {
        const args = commandLine(server.pid);
        expect(args).toContain('--max-semi-space-size=16');
        expect(args).toContain('--heap-growing-percent=100');
        expect(args.at(-1)).toMatch(/dist\/front\/main\.mjs$/);
        expect(childCommandLines(server.pid)).toEqual([]);
      } finally {
        await server.stop();
      }
    });

    it('keeps the size the operator set in NODE_OPTIONS, adding only the flag left out', async () => {
      // V8 takes --heap-growing-percent on the command line only, not in NODE_OPTIONS.
      const server = await startTestServer({
        WEB_CONCURRENCY: '1',
        NODE_OPTIONS: '--max-semi-space-size=8',
      });
      try {
        const args = commandLine(server.pid);
        expect(args.some((arg) => arg.startsWith('--max-semi-space-size'))).toBe(false);
        expect(args).toContain('--heap-growing-percent=100');
      } finally {
        await server.stop();
      }
    });
  },
);
