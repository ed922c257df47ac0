import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { countAdmins } from '../features/admin/server/users.ts';
import { ConfigError } from '../platform/config.ts';
import { registerAppContext } from './app-registry.ts';
import { type AppContext, boot } from './boot.ts';
import { closeServer, stopOnSignal } from './graceful-stop.ts';
import { type AstroHandler, createRequestListener } from './http-front.ts';
import { startPostAnnouncer } from './post-announcer.ts';
import { loadStaticFiles } from './static-files.ts';
import { startStatsMaintenance } from './stats-maintenance.ts';

/**
 * `npm run serve`: boots Quire once (configuration, migrations, demo content), then serves
 * the built site from one process per core (WEB_CONCURRENCY). Workers share the port and
 * the database; see docs/decisions/0009-one-worker-per-core.md.
 */
const distDir = process.env.QUIRE_DIST_DIR ?? 'dist';
const entry = join(distDir, 'server', 'entry.mjs');
/** How long requests in flight may take to finish once a stop is asked for. */
const stopGraceMs = 10_000;
/** After this, a process that still cannot store what it holds gives up and says so. */
const stopLastResortMs = 60_000;

async function bootOrExit(): Promise<AppContext> {
  try {
    return await boot();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

async function serve(app: AppContext, onListening: () => void): Promise<void> {
  registerAppContext(app);
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const { bodyTimeoutMs } = app.config;
  const server = createServer(
    {
      keepAliveTimeout: 5000,
      headersTimeout: 10_000,
      // The front times bodies out itself (408 after REQUEST_BODY_TIMEOUT_MS); this is the
      // backstop for a whole request, checked every second rather than Node's 30.
      requestTimeout: 10_000 + bodyTimeoutMs + 5000,
      connectionsCheckingInterval: 1000,
      // Room for a forged beacon hit's 100 KB query, so it is answered and counted as dropped
      // rather than refused by Node's parser; every other long address still gets a 414.
      maxHeaderSize: 128 * 1024,
    },
    createRequestListener(app, handler, loadStaticFiles(join(distDir, 'client')), {
      bodyTimeoutMs,
    }),
  );
  server.on('error', (error) => {
    app.log.error(`Cannot listen on ${app.config.host}:${app.config.port}: ${error.message}`);
    process.exit(1);
  });
  server.listen(app.config.port, app.config.host, onListening);
  // Every serving process delivers mail; the outbox claim keeps them from sending one twice.
  app.mail.start();
  // So does every one mail new posts to subscribers; the announced_posts claim keeps it once.
  const stopAnnouncer = startPostAnnouncer(app);
  // And every one folds complete statistics days; the stat_rolled_days claim keeps it once.
  const stopStatsMaintenance = startStatsMaintenance(app);
  stopOnSignal(
    async () => {
      app.log.info('Stopping: answering the requests in flight, then storing what is queued');
      await closeServer(server, stopGraceMs);
      await Promise.all([stopAnnouncer(), stopStatsMaintenance()]);
      await app.close();
    },
    app.log,
    { lastResortMs: stopLastResortMs },
  );
}

const noAdministratorNotice = [
  'No administrator account exists yet, so form entries are stored but their notifications reach nobody.',
  '  Create one: npm run quire -- admin create --email you@example.org',
  '  or start with QUIRE_ADMIN_EMAIL and QUIRE_ADMIN_PASSWORD set.',
  '  Read entries meanwhile: npm run quire -- entries list',
].join('\n');

function announce(app: AppContext, workers: number): void {
  const processes = workers === 1 ? 'one process' : `${workers} worker processes`;
  app.log.info(
    `Quire is serving ${app.config.siteUrl} (listening on http://${app.config.host}:${app.config.port}, ${processes})`,
  );
}

async function primary(): Promise<void> {
  if (!existsSync(entry)) {
    console.error(
      `No built site at ${entry}. Run "npm run build" first (or "npm start", which builds).`,
    );
    process.exit(1);
  }
  const app = await bootOrExit();
  if ((await countAdmins(app.database.db)) === 0) app.log.warn(noAdministratorNotice);
  const workers = app.config.workers;
  if (workers === 1) {
    await serve(app, () => announce(app, 1));
    return;
  }
  await app.close();
  let listening = 0;
  let stopping = false;
  const fork = () => {
    if (stopping) return;
    cluster.fork().on('listening', () => ++listening === workers && announce(app, workers));
  };
  for (let i = 0; i < workers; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      // The primary waits for every worker to have stored what it holds.
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    app.log.error(`Worker ${worker.process.pid} stopped (${signal ?? code}); starting another`);
    setTimeout(fork, 1000);
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    app.log.info('Shutting down');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (cluster.isPrimary) await primary();
else {
  const app = await bootOrExit();
  await serve(app, () => {});
}
