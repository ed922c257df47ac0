import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createSetupLink } from '../features/admin/server/setup-link.ts';
import { countAdmins } from '../features/admin/server/users.ts';
import { ConfigError } from '../platform/config.ts';
import { registerAppContext } from './app-registry.ts';
import { type AppContext, boot } from './boot.ts';
import { startDailyBackups } from './daily-backups.ts';
import { startFileSweep } from './file-sweep.ts';
import { stopOnSignal } from './graceful-stop.ts';
import { type AstroHandler, createCachedAnswer, createRequestListener } from './http-front.ts';
import { startImportWorker } from './import-worker.ts';
import { listenProblem } from './listen-problem.ts';
import { startMediaSweep } from './media-sweep.ts';
import { startPaymentSweep } from './payment-sweep.ts';
import { startPostAnnouncer } from './post-announcer.ts';
import { RenderQueue } from './render-queue.ts';
import { uploadDeadlineMs } from './request-body.ts';
import { largestRequestBytes } from './routes.ts';
import type { ServingPlan } from './serving-plan.ts';
import type { SiteServer } from './site-server.ts';
import { reportStartFailure } from './start-failure.ts';
import { loadStaticFiles } from './static-files.ts';
import { startStatsMaintenance } from './stats-maintenance.ts';
import { startTrashSweep } from './trash-sweep.ts';

/** How long requests in flight may take to finish once a stop is asked for. */
const stopGraceMs = 10_000;
/** After this, a process that still cannot store what it holds gives up and says so. */
const stopLastResortMs = 60_000;

/** Printed by one process at start while the site has no administrator (decision 0032). */
function noAdministratorNotice(setupUrl: string): string {
  return [
    'No administrator account exists yet. Open this link within the hour to create one (it works once):',
    `  ${setupUrl}`,
    '  Or run: npm run quire -- admin create --email you@example.org',
    '  Until then form entries are stored, but their notifications reach nobody.',
  ].join('\n');
}

/**
 * One process that serves the site: boots Quire (the first to start on a database migrates it
 * and seeds the demo, under the startup lock), then answers HTTP, delivers mail, announces new
 * posts and folds statistics days until a stop signal. `sayNoAdministrator` is for one process
 * only, so the notice is printed once however many serve.
 */
export async function serveSite(options: {
  distDir: string;
  sayNoAdministrator: boolean;
  onListening: (app: AppContext) => void;
  plan: ServingPlan;
  /** Listening already when the process listened as it started (main.ts), else listened here. */
  site: SiteServer;
}): Promise<void> {
  const app = await bootOrExit();
  // The same one process says that mail reaches nobody, once.
  if (options.sayNoAdministrator) {
    const route = await app.mail.route();
    if (!route.reachesPeople) {
      app.log.warn(
        `No mail server is set (MAIL_URL, or Settings → Mail in the admin): mail is written to ${route.destination} and reaches nobody`,
      );
    }
  }
  if (options.sayNoAdministrator && (await countAdmins(app.database.db)) === 0) {
    const token = await createSetupLink(app.database.db);
    app.log.warn(noAdministratorNotice(`${app.config.siteUrl}/admin/setup/${token}`));
  }
  registerAppContext(app);
  const entry = join(options.distDir, 'server', 'entry.mjs');
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: AstroHandler };
  const { bodyTimeoutMs } = app.config;
  const { site } = options;
  // The front times bodies out itself (408 after REQUEST_BODY_TIMEOUT_MS; a form's files by
  // their size, decision 0038); this is the backstop for a whole request, checked every second
  // rather than Node's 30, long enough for the largest upload at the slowest rate.
  site.server.requestTimeout = 10_000 + uploadDeadlineMs(largestRequestBytes, bodyTimeoutMs) + 5000;
  const staticFiles = loadStaticFiles(join(options.distDir, 'client'));
  const listener = createRequestListener(app, handler, staticFiles, {
    bodyTimeoutMs,
    renders: new RenderQueue({
      inFlight: options.plan.rendersInFlight,
      waiting: options.plan.rendersWaiting,
    }),
  });
  // A worker replacing one listens only now (main.ts): a port it cannot have is said once.
  if (!site.listening) {
    await site.listen(app.config.host, app.config.port, (error) =>
      reportStartFailure(listenProblem(error, app.config.host, app.config.port)),
    );
  }
  site.serve(listener, createCachedAnswer(app, staticFiles));
  options.onListening(app);
  // Every serving process delivers mail; the outbox claim keeps them from sending one twice.
  app.mail.start();
  // So does every one mail new posts to subscribers; the announced_posts claim keeps it once.
  const stopAnnouncer = startPostAnnouncer(app);
  // And every one folds complete statistics days; the stat_rolled_days claim keeps it once.
  const stopStatsMaintenance = startStatsMaintenance(app);
  // And every one removes form files no entry took within the hour.
  const stopFileSweep = startFileSweep(app);
  // And every one ends card orders whose bank step was abandoned.
  const stopPaymentSweep = startPaymentSweep(app);
  // And every one deletes what has been in the Trash for 30 days.
  const stopTrashSweep = startTrashSweep(app);
  // And every one checks for the day's backup; the backup_runs claim keeps it to one.
  const stopDailyBackups = startDailyBackups(app);
  // And every one removes the editor's uploads no saved post used within a day.
  const stopMediaSweep = startMediaSweep(app);
  // And every one runs imports waiting; the import_runs claim keeps each to one process.
  const stopImportWorker = app.config.importWorker ? startImportWorker(app) : async () => {};
  stopOnSignal(
    async () => {
      app.log.info('Stopping: answering the requests in flight, then storing what is queued');
      await site.close(stopGraceMs);
      await Promise.all([
        stopAnnouncer(),
        stopStatsMaintenance(),
        stopFileSweep(),
        stopPaymentSweep(),
        stopTrashSweep(),
        stopDailyBackups(),
        stopMediaSweep(),
        stopImportWorker(),
      ]);
      await app.close();
    },
    app.log,
    { lastResortMs: stopLastResortMs },
  );
}

async function bootOrExit(): Promise<AppContext> {
  try {
    return await boot();
  } catch (error) {
    if (error instanceof ConfigError) return reportStartFailure(error.message);
    console.error(error);
    process.exit(1);
  }
}
