import { resolve } from 'node:path';
import {
  claimImportRun,
  createImportRun,
  emptyReport,
  findImportRun,
  type ImportReport,
  type ImportSource,
} from '../features/import/server/import-runs.ts';
import { mediaSourceFor } from '../features/import/server/media-sources.ts';
import { previewImport, runImport } from '../features/import/server/run-import.ts';
import { parseConfig } from '../platform/config.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import { createLogger } from '../platform/log.ts';
import { importDependencies } from '../server/import-wiring.ts';
import type { GhostImportCommand, ImportCommand } from './import-arguments.ts';
import { formatImportProgress, formatImportReport } from './import-text.ts';

type CliTools = {
  withDatabase: <T>(run: (handle: DatabaseHandle) => Promise<T>) => Promise<T>;
};

/** One report of several runs (a Ghost export, then its members): counts added up. */
function mergeReports(into: ImportReport, report: ImportReport): void {
  for (const [kind, count] of Object.entries(report.counts)) {
    into.counts[kind] ??= { imported: 0, updated: 0, skipped: 0, failed: 0 };
    const total = into.counts[kind];
    total.imported += count.imported;
    total.updated += count.updated;
    total.skipped += count.skipped;
    total.failed += count.failed;
  }
  into.problems.push(...report.problems);
  Object.assign(into.unknownShortcodes, report.unknownShortcodes);
  into.comments += report.comments;
  into.notes.push(...report.notes);
}

/**
 * Imports files one after another, each a run made, claimed and run in this process (a dry run
 * makes no run at all), with progress on standard error and one report on standard output
 * (text, or JSON). The first that fails stops the rest.
 */
async function runImportCommand(
  files: { source: ImportSource; file: string }[],
  command: ImportCommand,
  { withDatabase }: CliTools,
): Promise<number> {
  const config = parseConfig(process.env);
  const { options } = command;
  if (!options.dryRun) {
    // A folder that cannot be read or an address that is none stops the import before it starts.
    try {
      mediaSourceFor(options, []);
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
    const report = emptyReport(options.dryRun === true);
    for (const { source, file } of files) {
      if (options.dryRun) {
        mergeReports(report, await previewImport(deps, { source, file, options }, onProgress));
        continue;
      }
      const id = await createImportRun(database.db, {
        source,
        file,
        fileName: file.split('/').pop() ?? file,
        options,
        createdBy: null,
      });
      const worker = `cli:${process.pid}`;
      await claimImportRun(database.db, id, worker);
      await runImport(deps, id, worker, { onProgress });
      const run = await findImportRun(database.db, id);
      if (run) mergeReports(report, run.report);
      if (run?.status !== 'done') return { report, error: run?.error ?? '' };
    }
    return { report, error: null };
  });
  process.stdout.write(
    command.json
      ? `${JSON.stringify({ ...outcome.report, error: outcome.error }, null, 2)}\n`
      : formatImportReport(outcome.report),
  );
  if (outcome.error !== null) {
    if (!command.json) console.error(outcome.error);
    return 1;
  }
  return 0;
}

/** `import-wordpress`: the export, its media and its old addresses. */
export function runWordPressImport(command: ImportCommand, tools: CliTools): Promise<number> {
  return runImportCommand([{ source: 'wordpress', file: resolve(command.file) }], command, tools);
}

/** `import-ghost`: the export, its images and old addresses, then its members when given. */
export function runGhostImport(command: GhostImportCommand, tools: CliTools): Promise<number> {
  const files: { source: ImportSource; file: string }[] = [
    { source: 'ghost', file: resolve(command.file) },
  ];
  if (command.members !== undefined) {
    files.push({ source: 'ghost-members', file: resolve(command.members) });
  }
  return runImportCommand(files, command, tools);
}

/** `import-wpforms`: the forms of WPForms' Tools → Export. */
export function runWpformsImport(command: ImportCommand, tools: CliTools): Promise<number> {
  return runImportCommand([{ source: 'wpforms', file: resolve(command.file) }], command, tools);
}

/** `import-wpforms-entries`: WPForms' entries CSV added to a form here. */
export function runWpformsEntriesImport(command: ImportCommand, tools: CliTools): Promise<number> {
  const files = [{ source: 'wpforms-entries' as const, file: resolve(command.file) }];
  return runImportCommand(files, command, tools);
}
