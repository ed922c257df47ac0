import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { ImportDependencies } from '../features/import/server/import-dependencies.ts';
import { nextClaimableRun } from '../features/import/server/import-runs.ts';
import type { AppContext } from './boot.ts';
import { whileImporting } from './import-heap-growth.ts';
import { startPeriodicTask } from './periodic-task.ts';

/** How often a serving process looks for an import to run. */
const importCheckMs = 5000;

/**
 * Every serving process runs imports (issue 30): each few seconds it claims the oldest run
 * waiting, or one whose process stopped saying how far it got, and runs it; the claim keeps a run
 * to one process. The stop function lets go of a run in flight, for another process to resume.
 */
export function startImportWorker(app: AppContext): () => Promise<void> {
  const worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let stopping = false;
  let deps: ImportDependencies | undefined;
  // The importers (XML and HTML parsers, every source's mapping) load with the first run this
  // process takes: a serving process that never imports does not carry them (decision 0068).
  const runNext = async () => {
    if ((await nextClaimableRun(app.database.db)) === undefined) return;
    const [{ runNextImport }, { importDependencies }] = await Promise.all([
      import('../features/import/server/run-import.ts'),
      import('./import-wiring.ts'),
    ]);
    deps ??= importDependencies({
      database: app.database,
      log: app.log,
      dataDir: app.config.dataDir,
    });
    await whileImporting(() => runNextImport(deps as ImportDependencies, worker, () => stopping));
  };
  const stop = startPeriodicTask(app.log, 'Import', runNext, importCheckMs, importCheckMs / 5);
  return async () => {
    stopping = true;
    await stop();
  };
}
