import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { runNextImport } from '../features/import/server/run-import.ts';
import type { AppContext } from './boot.ts';
import { importDependencies } from './import-wiring.ts';
import { startPeriodicTask } from './periodic-task.ts';

/** How often a serving process looks for an import to run. */
const importCheckMs = 5000;

/**
 * Every serving process runs imports (issue 30): each few seconds it claims the oldest run
 * waiting, or one whose process stopped saying how far it got, and runs it; the claim keeps a run
 * to one process. The stop function lets go of a run in flight, for another process to resume.
 */
export function startImportWorker(app: AppContext): () => Promise<void> {
  const deps = importDependencies({
    database: app.database,
    log: app.log,
    dataDir: app.config.dataDir,
  });
  const worker = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  let stopping = false;
  const stop = startPeriodicTask(
    app.log,
    'Import',
    () => runNextImport(deps, worker, () => stopping),
    importCheckMs,
    importCheckMs / 5,
  );
  return async () => {
    stopping = true;
    await stop();
  };
}
