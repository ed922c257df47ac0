import { type ChildProcess, spawn } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { builtSiteEnv } from '../tests/support/built-site.ts';
import { livingMembers } from '../tests/support/process-group.ts';
import { freePort } from '../tests/support/test-server.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { median } from './median.ts';
import { type ClientRun, fetchRawGzip, loadRun, startNginx } from './static-reference.ts';
import { checkTarget, formatInteger, formatLimit, type TargetCheck, targets } from './targets.ts';

const rounds = 3;
const repoRoot = resolve(import.meta.dirname, '..');

/** Linux's clock ticks (USER_HZ): CPU times in /proc are counted in hundredths of a second. */
const tickMs = 10;

/** CPU used so far by every process of a group, in ms, from /proc. */
function groupCpuMs(group: number): number {
  let ticks = 0;
  for (const pid of livingMembers(group)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // Gone meanwhile.
    }
  }
  return ticks * tickMs;
}

type Server = { url: string; group: number; child: ChildProcess };

/** `npm run serve` of the build in `dir`, on its own seeded database, detached in a group. */
async function serve(dir: string, dataDir: string, cached: boolean): Promise<Server> {
  const port = await freePort();
  const child = spawn('npm', ['run', '--silent', 'serve'], {
    cwd: dir,
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      ...builtSiteEnv(dataDir, port),
      LOG_LEVEL: 'warn',
      // Older builds counted the page cache in entries, newer ones in MB: both off, or both on.
      ...(cached ? {} : { CACHE_MAX_MB: '0', CACHE_MAX_ENTRIES: '0' }),
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/robots.txt`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`The build in ${dir} did not start (npm run serve)`);
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  return { url, group: child.pid!, child };
}

async function stop(server: Server): Promise<void> {
  if (livingMembers(server.group).length === 0) return;
  process.kill(-server.group, 'SIGTERM');
  for (let waited = 0; livingMembers(server.group).length > 0 && waited < 30_000; waited += 100) {
    await new Promise((done) => setTimeout(done, 100));
  }
}

type Measured = ClientRun & { cpuMsPerRequest: number | undefined };

async function measure(
  url: string,
  seconds: number,
  connections: number,
  group?: number,
): Promise<Measured> {
  const before = group === undefined ? 0 : groupCpuMs(group);
  const run = await loadRun(url, seconds, connections);
  const cpu = group === undefined ? undefined : groupCpuMs(group) - before;
  const requests = run.requestsPerSecond * seconds;
  return {
    ...run,
    cpuMsPerRequest: cpu === undefined || requests === 0 ? undefined : cpu / requests,
  };
}

/**
 * This build against another checkout's (`BENCH_BASELINE`, built), in one run with interleaved
 * rounds so that the ratios hold whatever else the machine does: the cached post (wrk, 50
 * connections) against nginx serving the same gzip bytes, and the post rendered on every request
 * (a second server of each build with its page cache off, 20 connections), with the server CPU
 * per view read from /proc (issue 31, decisions 0031 and 0069).
 */
export const sideBySide: Benchmark = {
  name: 'sideBySide',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const baselineDir = process.env.BENCH_BASELINE;
    const skip = (why: string): BenchOutcome => ({
      results: { skipped: why },
      detail: { title: 'Side by side — skipped', rows: [[why]], notes: [] },
      summary: [],
      checks: [],
      problems: [],
    });
    if (!baselineDir) return skip('BENCH_BASELINE (another checkout, built) is not set');
    if (!existsSync(join(baselineDir, 'dist')))
      return skip(`${baselineDir} has no dist/: build it`);
    if (!existsSync('/usr/sbin/nginx')) return skip('no nginx for the reference');
    const post = context.pages.find((page) => page.name === 'post');
    if (!post) throw new Error('No post page');
    const scratch = mkdtempSync(join(tmpdir(), 'quire-side-by-side-'));
    chmodSync(scratch, 0o755);
    const servers: Server[] = [];
    let nginx: ChildProcess | undefined;
    try {
      const builds = { this: repoRoot, baseline: resolve(baselineDir) };
      const started: Record<string, { cached: Server; uncached: Server }> = {};
      for (const [name, dir] of Object.entries(builds)) {
        const dataDir = join(scratch, name);
        mkdirSync(dataDir);
        const cached = await serve(dir, dataDir, true);
        const uncached = await serve(dir, dataDir, false);
        servers.push(cached, uncached);
        started[name] = { cached, uncached };
        const answer = await fetch(`${cached.url}${post.path}`);
        if (!answer.ok) throw new Error(`${name} does not serve ${post.path} (${answer.status})`);
      }
      // nginx serves the very gzip bytes this build's page cache sends.
      const files = join(scratch, 'nginx', 'files');
      mkdirSync(files, { recursive: true });
      mkdirSync(join(scratch, 'nginx', 'tmp'));
      const postUrl = `${started.this!.cached.url}${post.path}`;
      writeFileSync(
        join(files, 'post.html'),
        Buffer.from(await (await fetch(postUrl)).arrayBuffer()),
      );
      writeFileSync(join(files, 'post.html.gz'), await fetchRawGzip(postUrl));
      const nginxPort = await freePort();
      nginx = await startNginx(join(scratch, 'nginx'), nginxPort, cpus().length);
      const targetsToLoad = [
        {
          key: 'nginx',
          url: `http://127.0.0.1:${nginxPort}/post`,
          connections: 50,
          group: undefined,
        },
        ...(['this', 'baseline'] as const).flatMap((name) => [
          {
            key: `${name} cached`,
            url: `${started[name]!.cached.url}${post.path}`,
            connections: 50,
            group: started[name]!.cached.group,
          },
          {
            key: `${name} uncached`,
            url: `${started[name]!.uncached.url}${post.path}`,
            connections: 20,
            group: started[name]!.uncached.group,
          },
        ]),
      ];
      // A warm-up not counted: V8 optimises a render's code as it runs it, and without Maglev
      // (the workers' plan, decision 0068) the first 20 s or so at full load cost up to a
      // quarter more CPU per view. A site serves for days; the rounds measure it warm.
      context.log('side by side: warming up each server');
      for (const target of targetsToLoad) {
        if (target.group === undefined) continue;
        await measure(target.url, context.seconds, target.connections, target.group);
      }
      const runs = new Map<string, Measured[]>();
      for (let round = 1; round <= rounds; round++) {
        context.log(`side by side: round ${round} of ${rounds}`);
        for (const target of targetsToLoad) {
          const measured = await measure(
            target.url,
            context.seconds,
            target.connections,
            target.group,
          );
          runs.set(target.key, [...(runs.get(target.key) ?? []), measured]);
        }
      }
      const rate = (key: string) => median(runs.get(key)!.map((run) => run.requestsPerSecond));
      const cpu = (key: string) =>
        median(runs.get(key)!.map((run) => run.cpuMsPerRequest ?? Number.NaN));
      const failures = [...runs.entries()].flatMap(([key, list]) =>
        list
          .filter((run) => run.failures > 0)
          .map((run) => `${key}: ${run.failures} failed responses`),
      );
      const shareOfNginx = (key: string) => Math.round((rate(key) / rate('nginx')) * 100);
      const uncachedRatio =
        Math.round((rate('this uncached') / rate('baseline uncached')) * 100) / 100;
      const cpuShare = Math.round((cpu('this uncached') / cpu('baseline uncached')) * 100);
      const checks: TargetCheck[] = [
        checkTarget(
          targets.cachedVersusStaticFile,
          `post ${post.path} · cached, this build`,
          shareOfNginx('this cached'),
        ),
        checkTarget(
          targets.uncachedAgainstBaseline,
          `post ${post.path} · uncached req/s against the baseline`,
          uncachedRatio,
        ),
        checkTarget(
          targets.uncachedCpuAgainstBaseline,
          `post ${post.path} · CPU per uncached view against the baseline`,
          cpuShare,
        ),
      ];
      const row = (label: string, name: 'this' | 'baseline') => [
        label,
        formatInteger(rate(`${name} cached`)),
        `${shareOfNginx(`${name} cached`)} %`,
        formatInteger(rate(`${name} uncached`)),
        `${cpu(`${name} uncached`).toFixed(2)} ms`,
      ];
      return {
        results: { baseline: baselineDir, rounds: Object.fromEntries(runs) },
        detail: {
          title: `Side by side — medians of ${rounds} interleaved rounds, ${context.seconds} s each after a warm-up of each server, ${runs.get('nginx')![0]!.client}`,
          rows: [
            [
              'build',
              'cached post req/s',
              'share of nginx',
              'uncached post req/s',
              'server CPU per uncached view',
            ],
            row('this build', 'this'),
            row(`baseline ${baselineDir}`, 'baseline'),
            [
              'nginx serving the cached gzip bytes',
              formatInteger(rate('nginx')),
              '100 %',
              '—',
              '—',
            ],
          ],
          notes: [
            `This build: ${uncachedRatio}× the baseline's uncached throughput, ${cpuShare} % of its CPU per uncached view.`,
            'Cached: 50 connections; uncached: a second server of each build with its page cache off, 20 connections.',
          ],
        },
        summary: checks.map((check) => ({
          subject: check.subject,
          metric: check.unit === '%' ? 'percent' : 'times',
          value: check.unit === '%' ? `${check.measured} %` : `${check.measured}×`,
          target: formatLimit(check),
          pass: check.pass,
        })),
        checks,
        problems: failures,
      };
    } finally {
      for (const server of servers) await stop(server);
      if (nginx) {
        nginx.kill('SIGQUIT');
        await new Promise((done) => nginx!.once('exit', done));
      }
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
