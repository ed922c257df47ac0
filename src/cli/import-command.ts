import { resolve } from 'node:path';
import {
  claimImportRun,
  createImportRun,
  findImportRun,
} from '../features/import/server/import-runs.ts';
import { mediaSourceFor } from '../features/import/server/media-sources.ts';
import { previewImport, runImport } from '../features/import/server/run-import.ts';
import { parseConfig } from '../platform/config.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import { createLogger } from '../platform/log.ts';
import { importDependencies } from '../server/import-wiring.ts';
import type { ImportCommand } from './import-arguments.ts';
import { formatImportProgress, formatImportReport } from './import-text.ts';

type CliTools = {
  withDatabase: <T>(run: (handle: DatabaseHandle) => Promise<T>) => Promise<T>;
};

/**
 * `import-wordpress`: a run made, claimed and run in this process, with its progress on standard
 * error and its report on standard output (text, or JSON). A dry run makes no run at all.
 */
export async function runWordPressImport(
  command: ImportCommand,
  { withDatabase }: CliTools,
): Promise<number> {
  const config = parseConfig(process.env);
  const file = resolve(command.file);
  if (!command.options.dryRun) {
    // A folder that cannot be read or an address that is none stops the import before it starts.
    try {
      mediaSourceFor(command.options, []);
    } catch (error) {
      console.error((error as Error).message);
      return 1;
    }
  }
  const onProgress = async (phase: string, done: number, total: number) => {
    process.stderr.write(`${formatImportProgress(phase, done, total)}\n`);
  };
  const outcome = await withDatabase(async (database) => {
    const deps = importDependencies({
      database,
      log: createLogger(config.logLevel),
      dataDir: config.dataDir,
    });
    if (command.options.dryRun) {
      return { report: await previewImport(deps, file, onProgress), error: null };
    }
    const fileName = file.split('/').pop() ?? file;
    const source = 'wordpress';
    const id = await createImportRun(database.db, {
      source,
      file,
      fileName,
      options: command.options,
      createdBy: null,
    });
    const worker = `cli:${process.pid}`;
    await claimImportRun(database.db, id, worker);
    await runImport(deps, id, worker, { onProgress });
    const run = await findImportRun(database.db, id);
    return { report: run?.report, error: run?.status === 'done' ? null : (run?.error ?? '') };
  });
  if (outcome.report) {
    process.stdout.write(
      command.json
        ? `${JSON.stringify({ ...outcome.report, error: outcome.error }, null, 2)}\n`
        : formatImportReport(outcome.report),
    );
  }
  if (outcome.error !== null) {
    if (!command.json) console.error(outcome.error);
    return 1;
  }
  return 0;
}
