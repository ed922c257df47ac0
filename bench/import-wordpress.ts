import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, openAsBlob, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createSession } from '../src/features/admin/server/sessions.ts';
import { createAdmin } from '../src/features/admin/server/users.ts';
import type { ImportRunState } from '../src/features/import/import-run-view.ts';
import type { ImportReport } from '../src/features/import/server/import-runs.ts';
import { sessionCookieName } from '../src/platform/cookies.ts';
import { connectDatabase } from '../src/platform/db/connect.ts';
import { csrfOf } from '../tests/support/admin-site.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine } from './benchmark.ts';
import {
  type ProcessPeak,
  processRole,
  startMemorySampler,
  startProcessPeaks,
} from './process-memory.ts';
import { checkTarget, formatInteger, formatLimit, type TargetCheck, targets } from './targets.ts';
import { type GeneratedExport, generateWordPressExport } from './wordpress-export.ts';

const repoRoot = join(import.meta.dirname, '..');
const megabyte = 1024 * 1024;

/** `BENCH_IMPORT_POSTS` makes a smaller export for a quick look; the target is for 10,000. */
function postCount(): number {
  const raw = process.env.BENCH_IMPORT_POSTS;
  const posts = raw === undefined || raw === '' ? 10_000 : Number(raw);
  if (!Number.isInteger(posts) || posts < 1) {
    throw new Error(`BENCH_IMPORT_POSTS must be a whole number ≥ 1, not "${raw}"`);
  }
  return posts;
}

/**
 * Issue 30, point 9: `npm run quire -- import-wordpress` of a made-up export of 10,000 posts
 * with two images each (20,000 real JPEGs in a local uploads folder), into an empty SQLite
 * site, as an operator runs it: the wall time, and the importing process's peak memory sampled
 * from /proc every 200 ms (Linux only).
 */
export const importWordPress: Benchmark = {
  name: 'importWordPress',
  needsSite: false,
  async run(context: BenchContext): Promise<BenchOutcome> {
    const posts = postCount();
    const folder = mkdtempSync(join(tmpdir(), 'quire-bench-import-'));
    try {
      context.log(`import: writing an export of ${formatInteger(posts)} posts and their images`);
      const made = await generateWordPressExport(folder, posts, 2);
      context.log('import: import-wordpress');
      const started = performance.now();
      const child = spawn(
        process.execPath,
        [
          '--disable-warning=ExperimentalWarning',
          'src/cli/quire.ts',
          'import-wordpress',
          made.file,
          '--media',
          made.uploads,
          '--json',
        ],
        {
          cwd: repoRoot,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            DATA_DIR: join(folder, 'data'),
            DATABASE_URL: `sqlite:${join(folder, 'quire.db')}`,
            LOG_LEVEL: 'warn',
          },
        },
      );
      const stop = startMemorySampler(child.pid as number);
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk).slice(-4000);
      });
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      const seconds = (performance.now() - started) / 1000;
      const peak = stop();
      const problems: string[] = [];
      let report: ImportReport | undefined;
      try {
        report = JSON.parse(stdout) as ImportReport;
      } catch {
        problems.push(`import-wordpress printed no report (exit ${code}): ${stderr.trim()}`);
      }
      if (code !== 0) problems.push(`import-wordpress ended with ${code}: ${stderr.trim()}`);
      const counts = report?.counts ?? {};
      const imported = (kind: string) => counts[kind]?.imported ?? 0;
      if (imported('post') !== made.posts) {
        problems.push(`${imported('post')} of ${made.posts} posts imported`);
      }
      if (imported('attachment') !== made.images) {
        problems.push(`${imported('attachment')} of ${made.images} images imported`);
      }
      const memoryMb = peak.peakTotalBytes / megabyte;
      const checks =
        posts === 10_000
          ? [
              checkTarget(targets.wordPressImportTime, 'import-wordpress', seconds),
              checkTarget(targets.wordPressImportMemory, 'import-wordpress', memoryMb),
            ]
          : [];
      const limit = (target: (typeof checks)[number] | undefined) =>
        target ? formatLimit(target) : 'for 10,000 posts';
      return {
        results: {
          posts,
          images: made.images,
          seconds,
          peakMemoryBytes: peak.peakTotalBytes,
          counts,
        },
        detail: {
          title: 'WordPress import (local uploads folder, SQLite)',
          rows: [
            ['measure', 'value'],
            ['posts imported', formatInteger(imported('post'))],
            ['images imported', formatInteger(imported('attachment'))],
            ['redirects made', formatInteger(imported('redirect'))],
            ['wall time', `${seconds.toFixed(1)} s`],
            ['posts per second', formatInteger(imported('post') / seconds)],
            ['peak memory of the importing process', `${memoryMb.toFixed(1)} MB`],
          ],
          notes: [`${formatInteger(peak.samples)} memory samples`],
        },
        summary: [
          {
            subject: 'import-wordpress',
            metric: `${formatInteger(posts)} posts, ${formatInteger(made.images)} images: time`,
            value: `${seconds.toFixed(1)} s`,
            target: limit(checks[0]),
            pass: checks[0]?.pass,
          },
          {
            subject: 'import-wordpress',
            metric: 'peak memory',
            value: `${memoryMb.toFixed(1)} MB`,
            target: limit(checks[1]),
            pass: checks[1]?.pass,
          },
        ],
        checks,
        problems,
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};

/** The serving site's ports on a shared machine: 25000–25100. */
async function freePortBetween(first: number, last: number): Promise<number> {
  for (let port = first; port <= last; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`No free port between ${first} and ${last}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const loadAverage = () => loadavg().map((value) => value.toFixed(2));

type ServedImport = {
  workers: number;
  uploadSeconds: number;
  /** From the upload sent to the run seen done by polling its state, as the owner waits. */
  seconds: number;
  /** The run's own time, from its claim to its end (the import record's times). */
  runSeconds: number;
  counts: ImportReport['counts'];
  status: string;
  error: string | null;
  importer: (ProcessPeak & { role: string }) | undefined;
  processes: (ProcessPeak & { role: string })[];
  peakTotalRssBytes: number;
  peakTotalPssBytes: number | undefined;
  samples: number;
  loadBefore: string[];
  loadAfter: string[];
};

/**
 * One Admin → Import run on a freshly started site (`npm run serve`, its own data folder and
 * SQLite file, the import worker on): an administrator signed in uploads the export with the
 * folder of its images through `/admin/api/import`, as the screen's script does, and the
 * run's `state.json` is polled until it ends. Every process of the site is sampled; the one
 * whose worker claimed the run (its pid is in `claimed_by`) is the importing process.
 */
async function importInServedSite(
  context: BenchContext,
  made: GeneratedExport,
  workers: number,
): Promise<ServedImport> {
  const port = await freePortBetween(25000, 25100);
  const site = await context.startSite(
    { WEB_CONCURRENCY: String(workers), IMPORT_WORKER: 'on', PORT: String(port) },
    { via: 'npm' },
  );
  try {
    const group = site.processGroup as number;
    const database = connectDatabase({ kind: 'sqlite', file: join(site.dataDir, 'quire.db') });
    let cookie: string;
    try {
      const admin = await createAdmin(database.db, {
        name: 'Bench owner',
        email: 'owner@bench.example.org',
        password: 'a long and careful bench password',
      });
      cookie = `${sessionCookieName}=${await createSession(database.db, admin.id)}`;
    } finally {
      await database.db.destroy();
    }
    const page = await fetch(`${site.url}/admin/import`, { headers: { cookie } });
    const csrf = csrfOf(await page.text());
    if (!page.ok || csrf === '') throw new Error(`Admin → Import answered ${page.status}`);
    // Settled after the start, as a site is when its owner comes to import.
    await pause(2000);
    const loadBefore = loadAverage();
    const stop = startProcessPeaks(group);
    const form = new FormData();
    form.set('kind', 'wordpress');
    form.set('media', 'folder');
    form.set('mediaDir', made.uploads);
    form.set('file', await openAsBlob(made.file), 'wordpress-export.xml');
    const started = performance.now();
    const upload = await fetch(`${site.url}/admin/api/import`, {
      method: 'POST',
      headers: { cookie, origin: site.url, 'x-csrf-token': csrf },
      body: form,
    });
    const uploaded = (await upload.json()) as { ok: boolean; id?: number; message?: string };
    const uploadSeconds = (performance.now() - started) / 1000;
    if (upload.status !== 201 || uploaded.id === undefined) {
      stop();
      throw new Error(`The upload answered ${upload.status}: ${uploaded.message ?? ''}`);
    }
    const id = uploaded.id;
    context.log(
      `import (WEB_CONCURRENCY=${workers}): run ${id} uploaded in ${uploadSeconds.toFixed(1)} s`,
    );
    // The screen polls every 2 s; once a second here, so the time is closer.
    const deadline = Date.now() + 3 * targets.wordPressImportTime.limit * 1000;
    let state: ImportRunState | undefined;
    let lastPhase = '';
    for (;;) {
      const answer = await fetch(`${site.url}/admin/import/${id}/state.json`, {
        headers: { cookie },
      });
      state = ((await answer.json()) as { state?: ImportRunState }).state;
      if (state?.status === 'done' || state?.status === 'failed') break;
      if (state && state.phase !== lastPhase) {
        lastPhase = state.phase;
        context.log(`import (WEB_CONCURRENCY=${workers}): ${state.phase}`);
      }
      if (Date.now() > deadline) break;
      await pause(1000);
    }
    const seconds = (performance.now() - started) / 1000;
    const peaks = stop();
    const loadAfter = loadAverage();
    const reportAnswer = await fetch(`${site.url}/admin/import/${id}/report.json`, {
      headers: { cookie },
    });
    const { report } = (await reportAnswer.json()) as { report: ImportReport };
    const record = connectDatabase({ kind: 'sqlite', file: join(site.dataDir, 'quire.db') });
    let run: { claimed_by: string | null; started_at: number | null; finished_at: number | null };
    try {
      run = await record.db
        .selectFrom('import_runs')
        .select(['claimed_by', 'started_at', 'finished_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    } finally {
      await record.db.destroy();
    }
    // A worker's name is host:pid:random (src/server/import-worker.ts).
    const importerPid = Number(run.claimed_by?.split(':').at(-2));
    const processes = peaks.processes.map((entry) => ({
      ...entry,
      role: processRole(entry, peaks.processes),
    }));
    return {
      workers,
      uploadSeconds,
      seconds,
      runSeconds:
        run.started_at !== null && run.finished_at !== null
          ? (run.finished_at - run.started_at) / 1000
          : Number.NaN,
      counts: report.counts,
      status: state?.status ?? 'unknown',
      error: state?.error ?? (state ? null : 'no state'),
      importer: processes.find((entry) => entry.pid === importerPid),
      processes,
      peakTotalRssBytes: peaks.peakTotalRssBytes,
      peakTotalPssBytes: peaks.peakTotalPssBytes,
      samples: peaks.samples,
      loadBefore,
      loadAfter,
    };
  } finally {
    await site.stop();
  }
}

const megabytesOf = (bytes: number | undefined) =>
  bytes === undefined ? '–' : `${(bytes / megabyte).toFixed(1)} MB`;

/** What the target is checked against: PSS where it could be read, else RSS. */
const importerMemoryBytes = (run: ServedImport) =>
  run.importer?.peakPssBytes ?? run.importer?.peakRssBytes ?? 0;

/**
 * Issue 30, point 9, as an owner meets it: the same export and images as `importWordPress`,
 * imported through Admin → Import by the serving site itself (`npm run build`, then
 * `npm run serve`), once as one process (`WEB_CONCURRENCY=1`) and once with two workers: the
 * wall time and the peak memory (PSS and RSS) of the process that ran the import, sampled from
 * /proc every 200 ms with the rest of the site's processes (Linux only).
 */
export const importWordPressServed: Benchmark = {
  name: 'importWordPressServed',
  needsSite: false,
  async run(context: BenchContext): Promise<BenchOutcome> {
    const posts = postCount();
    const folder = mkdtempSync(join(tmpdir(), 'quire-bench-import-'));
    try {
      context.log(`import: writing an export of ${formatInteger(posts)} posts and their images`);
      const made = await generateWordPressExport(folder, posts, 2);
      // The site measured is the code as it is now.
      context.log('import: npm run build');
      await promisify(execFile)('npm', ['run', '--silent', 'build'], {
        cwd: repoRoot,
        maxBuffer: 64 * megabyte,
      });
      const runs: ServedImport[] = [];
      for (const workers of [1, 2]) {
        context.log(`import: Admin → Import on npm run serve, WEB_CONCURRENCY=${workers}`);
        runs.push(await importInServedSite(context, made, workers));
      }
      const problems: string[] = [];
      const checks: TargetCheck[] = [];
      const summary: SummaryLine[] = [];
      for (const run of runs) {
        const subject = `Admin → Import, WEB_CONCURRENCY=${run.workers}`;
        const imported = (kind: string) => run.counts[kind]?.imported ?? 0;
        if (run.status !== 'done') problems.push(`${subject}: the run ${run.status}: ${run.error}`);
        if (imported('post') !== made.posts) {
          problems.push(`${subject}: ${imported('post')} of ${made.posts} posts imported`);
        }
        if (imported('attachment') !== made.images) {
          problems.push(`${subject}: ${imported('attachment')} of ${made.images} images imported`);
        }
        if (!run.importer) problems.push(`${subject}: the importing process was not sampled`);
        const memoryMb = importerMemoryBytes(run) / megabyte;
        const measured =
          posts === 10_000
            ? [
                checkTarget(targets.wordPressImportTime, subject, run.seconds),
                checkTarget(targets.wordPressImportMemory, subject, memoryMb),
              ]
            : [];
        checks.push(...measured);
        const limit = (check: TargetCheck | undefined) =>
          check ? formatLimit(check) : 'for 10,000 posts';
        summary.push(
          {
            subject,
            metric: `${formatInteger(posts)} posts, ${formatInteger(made.images)} images: time`,
            value: `${run.seconds.toFixed(1)} s`,
            target: limit(measured[0]),
            pass: measured[0]?.pass,
          },
          {
            subject,
            metric: `peak memory of the importing process (${run.importer?.peakPssBytes === undefined ? 'RSS' : 'PSS'})`,
            value: `${memoryMb.toFixed(1)} MB`,
            target: limit(measured[1]),
            pass: measured[1]?.pass,
          },
        );
      }
      const column = (cell: (run: ServedImport) => string) => runs.map(cell);
      const imported = (kind: string) => (run: ServedImport) =>
        formatInteger(run.counts[kind]?.imported ?? 0);
      return {
        results: {
          posts,
          images: made.images,
          runs: runs.map((run) => ({
            ...run,
            importerPeakMemoryBytes: importerMemoryBytes(run),
          })),
        },
        detail: {
          title:
            'WordPress import through Admin → Import, run by npm run serve (local folder, SQLite)',
          rows: [
            ['measure', ...column((run) => `WEB_CONCURRENCY=${run.workers}`)],
            ['posts imported', ...column(imported('post'))],
            ['images imported', ...column(imported('attachment'))],
            ['redirects made', ...column(imported('redirect'))],
            ['upload', ...column((run) => `${run.uploadSeconds.toFixed(1)} s`)],
            ['wall time, upload to done', ...column((run) => `${run.seconds.toFixed(1)} s`)],
            ['the run itself, claim to end', ...column((run) => `${run.runSeconds.toFixed(1)} s`)],
            [
              'posts per second',
              ...column((run) => formatInteger((run.counts.post?.imported ?? 0) / run.seconds)),
            ],
            [
              'importing process, peak PSS',
              ...column((run) => megabytesOf(run.importer?.peakPssBytes)),
            ],
            [
              'importing process, peak RSS',
              ...column((run) => megabytesOf(run.importer?.peakRssBytes)),
            ],
            [
              'every process of the site, peak PSS',
              ...column((run) => megabytesOf(run.peakTotalPssBytes)),
            ],
            [
              'every process of the site, peak RSS',
              ...column((run) => megabytesOf(run.peakTotalRssBytes)),
            ],
            ['load average before', ...column((run) => run.loadBefore.join(' '))],
            ['load average after', ...column((run) => run.loadAfter.join(' '))],
          ],
          notes: [
            ...runs.map(
              (run) =>
                `WEB_CONCURRENCY=${run.workers}: importing process ${run.importer?.pid ?? '?'} (${run.importer?.role ?? '?'}): ${run.importer?.command ?? '?'}; ` +
                `others at their peaks: ${run.processes
                  .filter((entry) => entry !== run.importer)
                  .map(
                    (entry) =>
                      `${entry.role} ${megabytesOf(entry.peakPssBytes ?? entry.peakRssBytes)}`,
                  )
                  .join(', ')}; ${formatInteger(run.samples)} samples.`,
            ),
            'RSS peaks are the kernel’s own (VmHWM); PSS is sampled every 200 ms and counts shared pages (Node’s code, libraries) once across the processes sharing them.',
          ],
        },
        summary,
        checks,
        problems,
      };
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
