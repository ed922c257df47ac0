import { createHash } from 'node:crypto';
import type { Db } from '../../../platform/db/connect.ts';
import {
  adoptSitelessItems,
  countOutcome,
  findImportItem,
  type ImportCount,
  type ImportReport,
  type ImportSource,
  recordImportItem,
} from './import-runs.ts';

/** A hash of what was read (or of what it would become): equal means nothing changed. */
export function fingerprintOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 32);
}

export type LedgerDecision =
  /** Never imported: make it. */
  | { state: 'new' }
  /** Imported before and changed since: update `targetId` in place. */
  | { state: 'changed'; targetId: number | null; kept: Record<string, unknown> }
  /** Imported and unchanged (or done already by this very run before it was interrupted). */
  | { state: 'same'; targetId: number | null; kept: Record<string, unknown> };

/**
 * The import record of one old site (WordPress or Ghost), as a run consults and writes it (import_items, decision
 * 0063): each thing is keyed by its kind and old id; what it became and a fingerprint of what was
 * read decide between imported, updated and skipped. What a run did before it was interrupted is
 * counted by its recorded outcome when the run resumes, so a resumed run's report is whole and
 * nothing is made twice. A dry run reads the record and writes nothing.
 */
export class ImportLedger {
  readonly #db: Db;
  readonly #source: ImportSource;
  readonly #site: string;
  readonly #runId: number;
  readonly #dryRun: boolean;
  readonly report: ImportReport;

  constructor(
    db: Db,
    options: {
      source: ImportSource;
      site: string;
      runId: number;
      dryRun: boolean;
      report: ImportReport;
    },
  ) {
    this.#db = db;
    this.#source = options.source;
    this.#site = options.site;
    this.#runId = options.runId;
    this.#dryRun = options.dryRun;
    this.report = options.report;
  }

  count(kind: string, outcome: keyof ImportCount, by = 1): void {
    countOutcome(this.report, kind, outcome, by);
  }

  /** Counts a failure, with its reason for the owner. */
  fail(kind: string, sourceId: string, title: string, reason: string): void {
    this.count(kind, 'failed');
    this.report.problems.push({ kind, sourceId, title, reason });
  }

  async decide(kind: string, sourceId: string, fingerprint: string): Promise<LedgerDecision> {
    const item = await findImportItem(this.#db, {
      source: this.#source,
      site: this.#site,
      kind,
      sourceId,
    });
    if (!item) return { state: 'new' };
    const kept = (item.kept ? JSON.parse(item.kept) : {}) as Record<string, unknown>;
    const targetId = item.target_id === null ? null : Number(item.target_id);
    if (item.fingerprint !== fingerprint) return { state: 'changed', targetId, kept };
    const outcome = kept.outcome;
    if (Number(item.run_id) === this.#runId && (outcome === 'imported' || outcome === 'updated')) {
      this.count(kind, outcome);
    } else this.count(kind, 'skipped');
    return { state: 'same', targetId, kept };
  }

  /**
   * Takes over what was recorded of `kind` before this old site was known (WPForms forms from
   * their own export), so it is not made a second time.
   */
  async adoptSiteless(kind: string): Promise<void> {
    if (this.#dryRun || this.#site === '') return;
    await adoptSitelessItems(this.#db, { source: this.#source, site: this.#site, kind });
  }

  /** Records (and counts) what a thing became; a dry run only counts. */
  async record(
    kind: string,
    sourceId: string,
    entry: {
      targetId: number | null;
      fingerprint: string;
      outcome: 'imported' | 'updated';
      kept?: Record<string, unknown>;
    },
  ): Promise<void> {
    this.count(kind, entry.outcome);
    if (this.#dryRun) return;
    await recordImportItem(this.#db, {
      source: this.#source,
      site: this.#site,
      kind,
      sourceId,
      targetId: entry.targetId,
      fingerprint: entry.fingerprint,
      kept: { outcome: entry.outcome, ...entry.kept },
      runId: this.#runId,
    });
  }
}

/** Thrown inside a run when its process no longer holds it (taken over, or stopping). */
export class ImportStopped extends Error {
  override name = 'ImportStopped';
}

/**
 * Says how far a run got at most every `everyMs` (and at once for a new phase); throws
 * ImportStopped as soon as `report` answers false.
 */
export function progressReporter(
  report: (phase: string, done: number, total: number) => Promise<boolean>,
  everyMs = 2000,
): (phase: string, done: number, total: number) => Promise<void> {
  let last = 0;
  let lastPhase = '';
  return async (phase, done, total) => {
    const now = Date.now();
    if (phase === lastPhase && now - last < everyMs) return;
    last = now;
    lastPhase = phase;
    if (!(await report(phase, done, total))) throw new ImportStopped();
  };
}
