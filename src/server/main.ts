import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '../platform/config-error.ts';
import { createLogger, type Logger } from '../platform/log.ts';
import { readServingSettings, type ServingSettings } from '../platform/serving-settings.ts';
import { listenProblem } from './listen-problem.ts';
import { readMemoryLimit } from './memory-limit.ts';
import { serveMessages } from './serve-messages.ts';
import { describePlan, planServing, type ServingPlan } from './serving-plan.ts';
import { isServing, isStartFailure, reportStartFailure, type Serving } from './start-failure.ts';
import { singleProcessRestart, workerEnv, workerExecArgv } from './worker-flags.ts';

/**
 * `npm run serve`: serves the built site from one process per core (WEB_CONCURRENCY). The
 * primary reads only where to listen and how many workers, and keeps the workers running; it
 * never loads the app (nor the configuration's schema), so it costs little more than a bare
 * Node process (decisions 0031, 0068). Each worker boots Quire itself: the
 * first to start on a database migrates it and seeds the demo, under the startup lock, while
 * the others wait. See docs/decisions/0009-one-worker-per-core.md.
 */
const distDir = process.env.QUIRE_DIST_DIR ?? 'dist';
/** A worker that stops within this of starting is replaced only after `restartDelayMs`. */
const crashLoopMs = 10_000;
/** The wait before replacing a worker that stopped soon after it started. */
const restartDelayMs = 1000;

/**
 * What this process needs to listen and supervise. The rest of the configuration is read by the
 * process that serves, as it boots (a bad value is reported as its start failure, once): the
 * primary never loads the schema library it is read with (serving-settings.ts).
 */
function settingsOrExit(): ServingSettings {
  try {
    return readServingSettings(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

function announce(config: ServingSettings, log: Logger, workers: number): void {
  const processes =
    workers === 1 ? serveMessages.oneProcess : serveMessages.workerProcesses(workers);
  log.info(
    serveMessages.serving(config.siteUrl, `http://${config.host}:${config.port}`, processes),
  );
}

/** The plan for the memory and cores this process has (the same in the primary and each worker). */
function servingPlan(config: ServingSettings): ServingPlan {
  return planServing(readMemoryLimit(), availableParallelism(), config.workers);
}

/**
 * Set by the primary for the workers it starts with the site, not for one replacing a worker
 * that stopped: the others serve meanwhile, and a worker still loading would hold its share.
 */
const listenEarlyVariable = 'QUIRE_LISTEN_EARLY';

/**
 * Serves the site from this process. With `listenEarly` it listens before it loads the app
 * (site-server.ts): requests that come meanwhile wait for it rather than being refused, and a
 * port it cannot have ends the start with one line before anything else is done or printed.
 */
async function serveHere(
  config: ServingSettings,
  onListening: () => void,
  sayNoAdministrator: boolean,
  listenEarly: boolean,
  onListen: () => void = () => {},
): Promise<void> {
  // Loaded here, not by the primary, which never serves (decision 0031).
  const { SiteServer } = await import('./site-server.ts');
  const site = new SiteServer();
  if (listenEarly) {
    await site.listen(config.host, config.port, (error) =>
      reportStartFailure(listenProblem(error, config.host, config.port)),
    );
    onListen();
  }
  const { serveSite } = await import('./serving-process.ts');
  await serveSite({ distDir, sayNoAdministrator, onListening, plan: servingPlan(config), site });
}

function superviseWorkers(config: ServingSettings, plan: ServingPlan, log: Logger): void {
  const { workers } = plan;
  let serving = 0;
  let started = false;
  let stopping = false;
  let failedToStart = false;
  // A smaller young generation than V8 gives a worker by default, and malloc's large blocks
  // given back when freed (worker-flags.ts).
  cluster.setupPrimary({
    execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS, plan.v8Flags),
  });
  const env = workerEnv(process.env, plan.mallocEnv);
  // Said once the port is the site's: a port in use is then the start's one line (decision 0052).
  cluster.once('listening', () => log.info(describePlan(plan)));
  /** The reasons workers gave for not starting, each printed once. */
  const startFailures = new Set<string>();
  /** When each worker was forked, and whether it replaces one that stopped. */
  const forkedAt = new Map<number, { at: number; replacing: boolean }>();
  const fork = (replacing = false) => {
    if (stopping) return;
    const worker = cluster.fork({ ...env, [listenEarlyVariable]: replacing ? '0' : '1' });
    forkedAt.set(worker.id, { at: performance.now(), replacing });
    // A message to a worker that has just gone (the cluster telling it that its listen failed,
    // after another worker's failure stopped them all) fails with EPIPE: its exit is handled
    // below, and the primary must not die of it.
    worker.on('error', (error) => {
      if (!stopping) log.warn(`Worker ${worker.process.pid}: ${error.message}`);
    });
    worker.on('message', (message: unknown) => {
      if (isServing(message)) {
        const forked = forkedAt.get(worker.id);
        if (forked?.replacing) {
          const seconds = ((performance.now() - forked.at) / 1000).toFixed(1);
          log.info(serveMessages.workerReplaced(worker.process.pid ?? 0, seconds));
        }
        if (++serving !== workers || started) return;
        started = true;
        announce(config, log, workers);
        return;
      }
      if (started || !isStartFailure(message)) return;
      if (!startFailures.has(message.startFailure)) console.error(message.startFailure);
      startFailures.add(message.startFailure);
      failedToStart = true;
      // However the primary then ends, a start that failed ends with 1 (one fresh-clone run
      // under load saw this start's failure printed and the primary end with 0).
      process.exitCode = 1;
      stop();
    });
  };
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // A start that failed has said why, in its one line.
    if (!failedToStart) log.info('Shutting down');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // The primary waits for every worker to have stored what it holds.
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failedToStart ? 1 : 0);
      return;
    }
    if (!started) {
      // It said why (a database it cannot reach, a failed migration): starting the same way
      // again would fail again, so the start fails, as a single process's would.
      log.error(`Worker ${worker.process.pid} could not start (${signal ?? code}); stopping`);
      failedToStart = true;
      stop();
      return;
    }
    log.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    // At once, unless it keeps stopping as soon as it starts.
    const ranMs = performance.now() - (forkedAt.get(worker.id)?.at ?? 0);
    forkedAt.delete(worker.id);
    setTimeout(() => fork(true), ranMs < crashLoopMs ? restartDelayMs : 0);
  });
  for (let i = 0; i < workers; i++) fork();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Set in the environment of a serving process that started itself again as a worker would. */
const restarted = 'QUIRE_SERVE_RESTARTED';

/**
 * One serving process takes the workers' V8 flags and malloc setting too (worker-flags.ts),
 * unless the operator set them: both are read only when a process starts, so it replaces
 * itself with a start that has them (`execve`: the same process id, nothing loaded yet but the
 * configuration), and systemd, npm and a process manager keep watching the same process.
 */
function startLikeAWorker(plan: ServingPlan): void {
  if (process.env[restarted] === '1' || typeof process.execve !== 'function') return;
  const start = singleProcessRestart(process.execArgv, process.argv, process.env, plan);
  if (!start) return;
  try {
    process.execve(process.execPath, [process.execPath, ...start.argv], {
      ...start.env,
      [restarted]: '1',
    });
  } catch (error) {
    // The process was not replaced (the system refused): it serves as it was started.
    console.error(
      `Serving without the workers' V8 flags and malloc setting: ${(error as Error).message}`,
    );
  }
}

async function primary(): Promise<void> {
  if (!existsSync(join(distDir, 'server', 'entry.mjs'))) {
    console.error(
      `No built site in ${distDir}/. Run "npm run build" first (or "npm start", which builds).`,
    );
    process.exit(1);
  }
  const config = settingsOrExit();
  const plan = servingPlan(config);
  if (plan.workers === 1) startLikeAWorker(plan);
  const log = createLogger(config.logLevel);
  if (plan.workers === 1) {
    await serveHere(
      config,
      () => announce(config, log, 1),
      true,
      true,
      () => log.info(describePlan(plan)),
    );
  } else superviseWorkers(config, plan, log);
}

// V8's compiled code for the app's modules is kept on disk (the system's temporary folder, or
// NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a process started again, a
// worker replaced after a crash, loads them without compiling them again (decision 0070).
enableCompileCache();

if (cluster.isPrimary) await primary();
// The first worker alone says that no administrator exists; a replacement has a higher id.
else {
  await serveHere(
    settingsOrExit(),
    () => process.send?.({ serving: true } satisfies Serving),
    cluster.worker?.id === 1,
    process.env[listenEarlyVariable] === '1',
  );
}
