import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { GhostExportError, readGhostExport } from '../ghost-export.ts';
import { ghostMessages as g, importMessages as m } from '../messages.ts';
import { importGhost } from './ghost-import.ts';
import { GhostMembersError, importGhostMembers } from './ghost-members-import.ts';
import type { ImportDependencies } from './import-dependencies.ts';
import { ImportLedger, ImportStopped, progressReporter } from './import-ledger.ts';
import {
  claimImportRun,
  emptyReport,
  findImportRun,
  finishImportRun,
  type ImportOptions,
  type ImportReport,
  type ImportSource,
  importedFormParts,
  isImportSource,
  latestImportedSite,
  nextClaimableRun,
  releaseImportRun,
  reportImportProgress,
} from './import-runs.ts';
import { importWordPress, readSiteAddress } from './wordpress-import.ts';
import { importWpformsEntries, importWpformsFile, WpformsFileError } from './wpforms-import.ts';
import { WxrReadError } from './wxr-reader.ts';

/** A file that is not what it should be: the owner's to fix, not the site's to log. */
const isReadError = (error: unknown): error is Error =>
  error instanceof WxrReadError ||
  error instanceof GhostExportError ||
  error instanceof GhostMembersError ||
  error instanceof WpformsFileError;

/** The reason an error gives the owner: the reader's own, or the file system's. */
function reasonOf(error: unknown): string {
  if (isReadError(error)) return error.message;
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') {
    return m.fileUnreadable(error.message);
  }
  return m.runFailed(error instanceof Error ? error.message : String(error));
}

/** An old site's address as a WordPress import records it: without the slashes at its end. */
function siteAddress(given: string | undefined): string | undefined {
  if (given === undefined || !URL.canParse(given)) return undefined;
  return given.trim().replace(/\/+$/, '');
}

type Progress = (phase: string, done: number, total: number) => Promise<void>;

async function importFile(
  deps: ImportDependencies,
  run: { id: number; source: ImportSource; file: string; options: ImportOptions },
  report: ImportReport,
  progress: Progress,
): Promise<void> {
  const path = isAbsolute(run.file) ? run.file : join(deps.dataDir, run.file);
  const dryRun = run.options.dryRun === true;
  const { db } = deps.database;
  const ledgerFor = (site: string, source: ImportSource = run.source) =>
    new ImportLedger(db, { source, site, runId: run.id, dryRun, report });
  if (run.source === 'wpforms') {
    const text = await readFile(path, 'utf8');
    // Forms are WordPress's: keyed with the site a WordPress export brought in, so either file
    // brings a form in once (a WordPress export of the site later takes them over).
    const site = siteAddress(run.options.siteUrl) ?? (await latestImportedSite(db, 'wordpress'));
    if (site !== '') report.notes.push(m.formsOfSite(site));
    const ledger = ledgerFor(site, 'wordpress');
    await importWpformsFile({ ledger, writers: deps.writers, dryRun, text, progress });
    return;
  }
  if (run.source === 'wpforms-entries') {
    const formId = run.options.formId ?? 0;
    const text = await readFile(path, 'utf8');
    await importWpformsEntries({
      ledger: ledgerFor(`form:${formId}`),
      writers: deps.writers,
      dryRun,
      text,
      formId,
      timeParts: await importedFormParts(db, formId),
      progress,
    });
    return;
  }
  if (run.source === 'ghost-members') {
    const text = await readFile(path, 'utf8');
    await importGhostMembers({ writers: deps.writers, dryRun, text, report, progress });
    return;
  }
  if (run.source === 'ghost') {
    await progress('reading', 0, 0);
    const siteUrl = run.options.siteUrl;
    let ghost = readGhostExport(await readFile(path, 'utf8'), siteUrl ? { siteUrl } : {});
    const mediaFrom = run.options.mediaFrom;
    if (ghost.site.url === undefined && mediaFrom !== undefined && URL.canParse(mediaFrom)) {
      // Ghost 4+ does not say its address; where the owner says the old site answers is it.
      const url = new URL(mediaFrom).origin;
      const notes = ghost.notes.filter((note) => note !== g.noSiteUrl);
      ghost = { ...ghost, site: { ...ghost.site, url }, notes };
    }
    const site = ghost.site.url ?? '';
    const hosts = URL.canParse(site) ? [new URL(site).host] : [];
    await importGhost({
      ledger: ledgerFor(site),
      writers: deps.writers,
      media: dryRun ? undefined : deps.mediaSource(run, hosts),
      dryRun,
      ghost,
      progress,
    });
    return;
  }
  const open = () => createReadStream(path);
  const { site, hosts } = await readSiteAddress(open);
  await importWordPress({
    ledger: ledgerFor(site),
    writers: deps.writers,
    media: dryRun ? undefined : deps.mediaSource(run, hosts),
    dryRun,
    open,
    progress,
  });
}

/**
 * Runs an import the caller has claimed for `worker`: reads its file and options, says how far
 * it got every 2 seconds (stopping at once when the run was taken over, or when `stopping`
 * answers true: then it is let go for another process to resume), and ends it done, or failed
 * with a reason the owner can read. Answers how it ended.
 */
export async function runImport(
  deps: ImportDependencies,
  runId: number,
  worker: string,
  options: { stopping?: () => boolean; onProgress?: Progress } = {},
): Promise<'done' | 'failed' | 'stopped'> {
  const { db } = deps.database;
  const run = await findImportRun(db, runId);
  if (!run) return 'stopped';
  const report = emptyReport(run.options.dryRun === true);
  // A run that said how far it got before is resumed: its import record holds what it did.
  if (run.phase !== '') report.notes.push(m.resumed);
  const progress = progressReporter(async (phase, done, total) => {
    await options.onProgress?.(phase, done, total);
    if (options.stopping?.()) return false;
    return reportImportProgress(db, runId, worker, { phase, done, total, report });
  });
  try {
    const { source } = run;
    if (!isImportSource(source)) {
      // A run a newer Quire made: left failed with its reason, for that version to run again.
      const error = m.notImportableYet(source);
      await finishImportRun(db, runId, worker, { status: 'failed', report, error });
      return 'failed';
    }
    await importFile(deps, { ...run, source }, report, progress);
  } catch (error) {
    if (error instanceof ImportStopped) {
      await releaseImportRun(db, runId, worker);
      return 'stopped';
    }
    const reason = reasonOf(error);
    if (!isReadError(error)) {
      deps.log.error('Import failed', { run: runId, error: (error as Error).stack ?? reason });
    }
    await finishImportRun(db, runId, worker, { status: 'failed', report, error: reason });
    return 'failed';
  }
  await finishImportRun(db, runId, worker, { status: 'done', report });
  return 'done';
}

/**
 * One turn of a process's import worker: claims the oldest run waiting (or abandoned by a
 * process that stopped) and runs it. Nothing when there is none, or another process got it.
 */
export async function runNextImport(
  deps: ImportDependencies,
  worker: string,
  stopping: () => boolean,
): Promise<void> {
  const id = await nextClaimableRun(deps.database.db);
  if (id === undefined || stopping()) return;
  if (!(await claimImportRun(deps.database.db, id, worker))) return;
  await runImport(deps, id, worker, { stopping });
}

/**
 * A dry run from the command line: the report of what an import would do, read from the file
 * and the import record alone. Nothing is written, not even a run.
 */
export async function previewImport(
  deps: ImportDependencies,
  run: { source: ImportSource; file: string; options: ImportOptions },
  onProgress: Progress,
): Promise<ImportReport> {
  const report = emptyReport(true);
  const options = { ...run.options, dryRun: true };
  await importFile(deps, { ...run, id: 0, options }, report, onProgress);
  return report;
}
