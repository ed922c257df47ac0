import { importScreenMessages as m } from './import-screen-messages.ts';

/**
 * An import run as Admin → Import shows it (the record itself is server-only): its state, which
 * the run's page polls every two seconds while it waits or runs, and its report.
 */

export type ImportRunState = {
  status: 'waiting' | 'running' | 'done' | 'failed';
  phase: string;
  done: number;
  total: number;
  error: string | null;
  /** Waiting longer than `waitingTooLongMs`: no process has picked it up, and the page says so. */
  waitingTooLong: boolean;
};

export type ImportRunView = ImportRunState & {
  id: number;
  source: string;
  fileName: string;
  createdAt: number;
  finishedAt: number | null;
  options: {
    mediaDir?: string;
    mediaFrom?: string;
    siteUrl?: string;
    formId?: number;
    dryRun?: boolean;
  };
  /** Whether the uploaded file is still on the server (a run for real needs it). */
  fileKept: boolean;
  /** The title of the form entries are added to, where the run's page shows it. */
  formTitle?: string | undefined;
};

export type ImportCountView = {
  imported: number;
  updated: number;
  skipped: number;
  failed: number;
};

export type ImportReportView = {
  dryRun: boolean;
  counts: [kind: string, count: ImportCountView][];
  /** The first `problemsShown` problems; `problemCount` says how many there are. */
  problems: { kind: string; sourceId: string; title: string; reason: string; place: number }[];
  problemCount: number;
  /** Each unknown shortcode with its uses and the first posts using it. */
  unknownShortcodes: { name: string; count: number; posts: string[]; morePosts: number }[];
  comments: number;
  notes: string[];
};

/** Problems the page lists; the downloaded report has every one. */
export const problemsShown = 200;
/** Posts named per unknown shortcode. */
export const shortcodePostsShown = 10;

/** A run that waited this long without a process picking it up is said to be stuck. */
export const waitingTooLongMs = 30_000;

/** How often the run's page asks how far the import got. */
export const importPollMs = 2000;

/** What the run's state island is given: the state alone. */
export function importRunState(run: ImportRunState): ImportRunState {
  const { status, phase, done, total, error, waitingTooLong } = run;
  return { status, phase, done, total, error, waitingTooLong };
}

export const isUnderway = (state: Pick<ImportRunState, 'status'>) =>
  state.status === 'waiting' || state.status === 'running';

/** A run's state in words: waiting to start, importing: phase, finished, failed with why. */
export function importStateText(state: ImportRunState): string {
  switch (state.status) {
    case 'waiting':
      return state.waitingTooLong ? m.waitingLong : m.waiting;
    case 'running': {
      const phase = state.phase === '' || state.phase === 'running' ? '' : state.phase;
      return phase === '' ? m.running : m.runningPhase(m.phaseNames[phase] ?? phase);
    }
    case 'done':
      return m.done;
    case 'failed':
      return state.error ? m.failedBecause(state.error) : m.failed;
  }
}

/** The kind of thing a report counts, as the owner calls it. */
export const importKindName = (kind: string) => m.kindNames[kind] ?? kind;

export const importSourceName = (source: string) => m.sourceNames[source] ?? source;

/** A run's options as its page lists them: only what applies to its kind. */
export function importOptionTexts(
  run: Pick<ImportRunView, 'source' | 'options' | 'formTitle'>,
): string[] {
  const { options } = run;
  const withMedia = run.source === 'wordpress' || run.source === 'ghost';
  return [
    ...(withMedia
      ? [
          options.mediaFrom
            ? m.optionMediaFrom(options.mediaFrom)
            : options.mediaDir
              ? m.optionMediaDir(options.mediaDir)
              : m.optionNoMedia,
        ]
      : []),
    ...(options.siteUrl ? [m.optionSiteUrl(options.siteUrl)] : []),
    ...(options.formId ? [m.optionForm(run.formTitle ?? m.formNumber(options.formId))] : []),
    ...(options.dryRun ? [m.optionDryRun] : []),
  ];
}
