import type { Selectable } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { ImportItemsTable, ImportRunsTable } from '../../../platform/db/schema.ts';
import { type ImportKind, importKinds } from '../import-upload.ts';

/**
 * The record of imports (migration 022, decision 0063): a run is created waiting, claimed by
 * one process, which says how far it got every few seconds (its heartbeat). A run whose
 * process stopped saying so is claimed again by another and resumes: what its items already
 * became is in `import_items`, so nothing is made twice.
 */

/** A run's kind: what the screen and the command line import (`importKinds`). */
export type ImportSource = ImportKind;

export const isImportSource = (value: string): value is ImportSource =>
  (importKinds as readonly string[]).includes(value);
export type ImportStatus = 'waiting' | 'running' | 'done' | 'failed';
export type ImportOptions = {
  mediaDir?: string;
  mediaFrom?: string;
  dryRun?: boolean;
  /**
   * The old site's address, when its export does not say it (Ghost 4+), or the WordPress site
   * a WPForms export's forms come from.
   */
  siteUrl?: string;
  /** The form WPForms entries are added to. */
  formId?: number;
};

/** What happened to each kind of thing, counted. */
export type ImportCount = { imported: number; updated: number; skipped: number; failed: number };

export type ImportReport = {
  dryRun: boolean;
  /** Per kind (post, page, attachment, author, tag, form, redirect, member, entry…). */
  counts: Record<string, ImportCount>;
  /** Each thing that failed or was skipped for a reason the owner should read. */
  problems: { kind: string; sourceId: string; title: string; reason: string }[];
  /** Shortcodes Quire does not know, with how often and in which posts (their titles). */
  unknownShortcodes: Record<string, { count: number; posts: string[] }>;
  /** Comments read and kept with the import record (Quire has no comments yet). */
  comments: number;
  /** Anything else worth saying, in the owner's words. */
  notes: string[];
};

export const emptyReport = (dryRun = false): ImportReport => ({
  dryRun,
  counts: {},
  problems: [],
  unknownShortcodes: {},
  comments: 0,
  notes: [],
});

/** Counts one outcome of one kind in a report. */
export function countOutcome(
  report: ImportReport,
  kind: string,
  outcome: keyof ImportCount,
  by = 1,
): void {
  report.counts[kind] ??= { imported: 0, updated: 0, skipped: 0, failed: 0 };
  report.counts[kind][outcome] += by;
}

export type ImportRun = Omit<Selectable<ImportRunsTable>, 'options' | 'report' | 'status'> & {
  status: ImportStatus;
  options: ImportOptions;
  report: ImportReport;
};

/** A process that has not said how far it got for this long is taken to have stopped. */
export const importHeartbeatStaleMs = 60_000;

function runOf(row: Selectable<ImportRunsTable>): ImportRun {
  return {
    ...row,
    status: row.status as ImportStatus,
    options: JSON.parse(row.options) as ImportOptions,
    report: { ...emptyReport(), ...(JSON.parse(row.report) as Partial<ImportReport>) },
  };
}

export async function createImportRun(
  db: Db,
  run: {
    source: ImportSource;
    file: string;
    fileName: string;
    options: ImportOptions;
    createdBy: number | null;
  },
  now = Date.now(),
): Promise<number> {
  const row = await db
    .insertInto('import_runs')
    .values({
      source: run.source,
      file: run.file,
      file_name: run.fileName,
      options: JSON.stringify(run.options),
      status: 'waiting',
      report: JSON.stringify(emptyReport(run.options.dryRun === true)),
      created_by: run.createdBy,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findImportRun(db: Db, id: number): Promise<ImportRun | undefined> {
  const row = await db
    .selectFrom('import_runs')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  return row && runOf(row);
}

/** The latest runs first, for the Import screen. */
export async function listImportRuns(db: Db, limit = 20): Promise<ImportRun[]> {
  const rows = await db
    .selectFrom('import_runs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(runOf);
}

/**
 * Claims a run for `worker`: one waiting, or one running whose process went quiet. Answers
 * whether this worker has it now (another process may have claimed it first).
 */
export async function claimImportRun(
  db: Db,
  id: number,
  worker: string,
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('import_runs')
    .set({ status: 'running', claimed_by: worker, heartbeat_at: now })
    .set((eb) => ({ started_at: eb.fn.coalesce('started_at', eb.val(now)) }))
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('status', '=', 'waiting'),
        eb.and([
          eb('status', '=', 'running'),
          eb.or([
            eb('heartbeat_at', 'is', null),
            eb('heartbeat_at', '<', now - importHeartbeatStaleMs),
          ]),
        ]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The oldest run waiting or abandoned, for a process with nothing to do; none when none. */
export async function nextClaimableRun(db: Db, now = Date.now()): Promise<number | undefined> {
  const row = await db
    .selectFrom('import_runs')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('status', '=', 'waiting'),
        eb.and([
          eb('status', '=', 'running'),
          eb.or([
            eb('heartbeat_at', 'is', null),
            eb('heartbeat_at', '<', now - importHeartbeatStaleMs),
          ]),
        ]),
      ]),
    )
    .orderBy('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Says how far the run got (and is the heartbeat). Answers false when this worker no longer
 * holds the run: it was taken over, and this worker should stop.
 */
export async function reportImportProgress(
  db: Db,
  id: number,
  worker: string,
  progress: { phase: string; done: number; total: number; report: ImportReport },
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('import_runs')
    .set({
      phase: progress.phase,
      done: progress.done,
      total: progress.total,
      report: JSON.stringify(progress.report),
      heartbeat_at: now,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Lets go of a run this worker holds without ending it (its process is stopping): another
 * process may claim it at once and resume it.
 */
export async function releaseImportRun(db: Db, id: number, worker: string): Promise<void> {
  await db
    .updateTable('import_runs')
    .set({ heartbeat_at: null })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .execute();
}

/** Ends the run, done or failed with a reason for the owner, keeping its report. */
export async function finishImportRun(
  db: Db,
  id: number,
  worker: string,
  outcome: { status: 'done' | 'failed'; report: ImportReport; error?: string },
  now = Date.now(),
): Promise<boolean> {
  const result = await db
    .updateTable('import_runs')
    .set({
      status: outcome.status,
      phase: outcome.status,
      report: JSON.stringify(outcome.report),
      error: outcome.error ?? null,
      heartbeat_at: now,
      finished_at: now,
    })
    .where('id', '=', id)
    .where('claimed_by', '=', worker)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type ImportItemKey = { source: string; site: string; kind: string; sourceId: string };
export type ImportItem = Selectable<ImportItemsTable>;

export async function findImportItem(db: Db, key: ImportItemKey): Promise<ImportItem | undefined> {
  return db
    .selectFrom('import_items')
    .selectAll()
    .where('source', '=', key.source)
    .where('site', '=', key.site)
    .where('kind', '=', key.kind)
    .where('source_id', '=', key.sourceId)
    .executeTakeFirst();
}

/** What a thing of the old site became: made, or changed since the last run. */
export async function recordImportItem(
  db: Db,
  item: ImportItemKey & {
    targetId: number | null;
    fingerprint: string;
    kept?: unknown;
    runId: number;
  },
  now = Date.now(),
): Promise<void> {
  const values = {
    target_id: item.targetId,
    fingerprint: item.fingerprint,
    kept: item.kept === undefined ? null : JSON.stringify(item.kept),
    run_id: item.runId,
    updated_at: now,
  };
  await db
    .insertInto('import_items')
    .values({
      source: item.source,
      site: item.site,
      kind: item.kind,
      source_id: item.sourceId,
      ...values,
    })
    .onConflict((c) => c.columns(['source', 'site', 'kind', 'source_id']).doUpdateSet(values))
    .execute();
}

/** The old site of `source` the record names last (the latest run's), '' when none. */
export async function latestImportedSite(db: Db, source: ImportSource): Promise<string> {
  const row = await db
    .selectFrom('import_items')
    .select('site')
    .where('source', '=', source)
    .where('site', '!=', '')
    .orderBy('run_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.site ?? '';
}

/**
 * Gives `site` what was recorded of `kind` without a site (WPForms forms imported before their
 * WordPress site was), where `site` has not recorded the same thing itself.
 */
export async function adoptSitelessItems(
  db: Db,
  key: { source: ImportSource; site: string; kind: string },
): Promise<void> {
  await db
    .updateTable('import_items')
    .set({ site: key.site })
    .where('source', '=', key.source)
    .where('site', '=', '')
    .where('kind', '=', key.kind)
    .where('source_id', 'not in', (eb) =>
      eb
        .selectFrom('import_items as own')
        .select('own.source_id')
        .where('own.source', '=', key.source)
        .where('own.site', '=', key.site)
        .where('own.kind', '=', key.kind),
    )
    .execute();
}

/** What the import of form `formId` kept (a Date / Time field's two parts); {} when none. */
export async function importedFormParts(db: Db, formId: number): Promise<Record<number, number>> {
  const row = await db
    .selectFrom('import_items')
    .select('kept')
    .where('kind', '=', 'form')
    .where('target_id', '=', formId)
    .orderBy('run_id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const kept = row?.kept ? (JSON.parse(row.kept) as { timeParts?: Record<number, number> }) : {};
  return kept.timeParts ?? {};
}
