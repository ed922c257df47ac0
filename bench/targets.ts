import {
  adminFirstLoadJavaScriptGzipBytes,
  beaconGzipBytes,
  cachedInSmallMachinePercent,
  cachedPageRequestsPerSecond,
  cachedVersusStaticFilePercent,
  entriesListP95Ms,
  everythingFormJavaScriptGzipBytes,
  failedResponsesPerLoadRun,
  failuresInSmallMachine,
  formIslandJavaScriptGzipBytes,
  formSubmissionsPerSecond,
  fortyViewsPerSecondMegabytes,
  kilobyte,
  lostFormEntries,
  lostStatsHits,
  paymentFormSubmissionsPerSecond,
  postPageJavaScriptGzipBytes,
  postPageRequests,
  postPageTransferBytes,
  restartToFirstAnswerMs,
  serverMemoryMegabytes,
  shareIslandJavaScriptGzipBytes,
  spamFormEntries,
  statsHitsPerSecond,
  statsReport30DaysMs,
  uncachedAgainstBaselineTimes,
  uncachedCpuAgainstBaselinePercent,
  uncachedInSmallMachinePercent,
  uncachedPageRequestsPerSecond,
  uncachedViewCpuMs,
  wordPressImportMegabytes,
  wordPressImportSeconds,
} from '../tests/support/budgets.ts';

export type Target = {
  id: string;
  description: string;
  direction: 'atLeast' | 'atMost';
  limit: number;
  unit:
    | 'req/s'
    | 'submissions/s'
    | 'hits/s'
    | 'bytes'
    | 'requests'
    | 'responses'
    | 'entries'
    | 'hits'
    | 'ms'
    | 'MB'
    | 's'
    | 'times'
    | '%';
};

/**
 * What `npm run bench` checks its measurements against: each budget of
 * tests/support/budgets.ts (where the numbers and their decision records are), with the
 * words and unit the report shows it in.
 */
export const targets = {
  cachedThroughput: {
    id: 'cached-throughput',
    description: 'cached page, average requests per second',
    direction: 'atLeast',
    limit: cachedPageRequestsPerSecond,
    unit: 'req/s',
  },
  uncachedThroughput: {
    id: 'uncached-throughput',
    description: 'uncached page, average requests per second',
    direction: 'atLeast',
    limit: uncachedPageRequestsPerSecond,
    unit: 'req/s',
  },
  uncachedViewCpu: {
    id: 'uncached-view-cpu',
    description: 'uncached page, server CPU per view (every server process)',
    direction: 'atMost',
    limit: uncachedViewCpuMs,
    unit: 'ms',
  },
  cleanLoadRun: {
    id: 'clean-load-run',
    description: 'errors, timeouts and non-2xx responses during a load run',
    direction: 'atMost',
    limit: failedResponsesPerLoadRun,
    unit: 'responses',
  },
  postPageJavaScript: {
    id: 'post-page-js',
    description: 'post page JavaScript transferred (gzip), fully loaded',
    direction: 'atMost',
    limit: postPageJavaScriptGzipBytes,
    unit: 'bytes',
  },
  adminFirstLoadJavaScript: {
    id: 'admin-first-load-js',
    description:
      "admin's first load (the dashboard after signing in): JavaScript transferred (gzip), cold cache",
    direction: 'atMost',
    limit: adminFirstLoadJavaScriptGzipBytes,
    unit: 'bytes',
  },
  postPageRequests: {
    id: 'post-page-requests',
    description: 'post page requests, fully loaded',
    direction: 'atMost',
    limit: postPageRequests,
    unit: 'requests',
  },
  postPageTransfer: {
    id: 'post-page-transfer',
    description: 'post page bytes transferred, response headers included, fully loaded',
    direction: 'atMost',
    limit: postPageTransferBytes,
    unit: 'bytes',
  },
  formSubmissionThroughput: {
    id: 'form-submission-throughput',
    description: 'valid AJAX form submissions answered and stored as entries, per second',
    direction: 'atLeast',
    limit: formSubmissionsPerSecond,
    unit: 'submissions/s',
  },
  paymentFormSubmissionThroughput: {
    id: 'payment-form-submission-throughput',
    description: 'valid AJAX orders (the Workshop booking form) answered and stored, per second',
    direction: 'atLeast',
    limit: paymentFormSubmissionsPerSecond,
    unit: 'submissions/s',
  },
  lostFormEntries: {
    id: 'lost-form-entries',
    description: 'submissions answered with a confirmation but not stored as entries',
    direction: 'atMost',
    limit: lostFormEntries,
    unit: 'entries',
  },
  spamFormEntries: {
    id: 'spam-form-entries',
    description: 'valid bench submissions stored as spam',
    direction: 'atMost',
    limit: spamFormEntries,
    unit: 'entries',
  },
  formIslandJavaScript: {
    id: 'form-island-js',
    description: 'JavaScript only pages with a form load, beyond React (gzip -9)',
    direction: 'atMost',
    limit: formIslandJavaScriptGzipBytes,
    unit: 'bytes',
  },
  everythingFormJavaScript: {
    id: 'everything-form-js',
    description:
      'JavaScript the Everything form page loads beyond a page without a form (as sent): every field type, their code lazy',
    direction: 'atMost',
    limit: everythingFormJavaScriptGzipBytes,
    unit: 'bytes',
  },
  shareIslandJavaScript: {
    id: 'share-island-js',
    description: 'share bar, pop-up and copy link JavaScript, beyond React (gzip -9)',
    direction: 'atMost',
    limit: shareIslandJavaScriptGzipBytes,
    unit: 'bytes',
  },
  statsHitThroughput: {
    id: 'stats-hit-throughput',
    description: 'page-view hits answered and stored, per second',
    direction: 'atLeast',
    limit: statsHitsPerSecond,
    unit: 'hits/s',
  },
  lostStatsHits: {
    id: 'lost-stats-hits',
    description: 'hits answered but not stored after a clean shutdown',
    direction: 'atMost',
    limit: lostStatsHits,
    unit: 'hits',
  },
  lostStatsHitsAfterKill: {
    id: 'lost-stats-hits-after-kill',
    description: 'hits answered but not stored after kill -9 under load',
    direction: 'atMost',
    limit: lostStatsHits,
    unit: 'hits',
  },
  statsReport30Days: {
    id: 'stats-report-30-days',
    description:
      '30-day statistics report over 1,000,000 hits (complete days folded, today raw), SQLite, median of 10 runs',
    direction: 'atMost',
    limit: statsReport30DaysMs,
    unit: 'ms',
  },
  statsDashboard30Days: {
    id: 'stats-dashboard-30-days',
    description:
      "the admin's 30-day statistics screen's data (the report and the period before's totals) over 1,000,000 hits, SQLite, median of 10 runs",
    direction: 'atMost',
    limit: statsReport30DaysMs,
    unit: 'ms',
  },
  passwordBotsStaticStall: {
    id: 'password-bots-static-stall',
    description:
      'slowest answer to a static file while 40 posts with a password arrive at one process (issue 28, point 14: 3.2 s when they were hashed on the event loop)',
    direction: 'atMost',
    limit: 250,
    unit: 'ms',
  },
  entriesListP95: {
    id: 'entries-list-p95',
    description: 'admin entries list over 100,000 entries, SQLite, p95 of 200 requests',
    direction: 'atMost',
    limit: entriesListP95Ms,
    unit: 'ms',
  },
  beaconJavaScript: {
    id: 'beacon-js',
    description: 'qstat beacon, minified, gzip -9 (inlined into every page)',
    direction: 'atMost',
    limit: beaconGzipBytes,
    unit: 'bytes',
  },
  serverMemory: {
    id: 'server-memory',
    description:
      'every server process together (npm, primary, workers), PSS, peak under load, default workers and cache',
    direction: 'atMost',
    limit: serverMemoryMegabytes,
    unit: 'MB',
  },
  cachedVersusStaticFile: {
    id: 'cached-versus-static-file',
    description: 'cached post page req/s as a share of nginx serving the same bytes as a file',
    direction: 'atLeast',
    limit: cachedVersusStaticFilePercent,
    unit: '%',
  },
  wordPressImportTime: {
    id: 'wordpress-import-time',
    description:
      'import-wordpress of 10,000 posts with 20,000 images from a local uploads folder, SQLite, wall time',
    direction: 'atMost',
    limit: wordPressImportSeconds,
    unit: 's',
  },
  wordPressImportMemory: {
    id: 'wordpress-import-memory',
    description: 'the importing process during that import, PSS, peak',
    direction: 'atMost',
    limit: wordPressImportMegabytes,
    unit: 'MB',
  },
  smallMachineFailures: {
    id: 'small-machine-failures',
    description: 'OOM kills and failed answers with every site process in a 256 MB memory cgroup',
    direction: 'atMost',
    limit: failuresInSmallMachine,
    unit: 'responses',
  },
  smallMachineUncached: {
    id: 'small-machine-uncached',
    description: 'uncached post req/s in 256 MB as a share of the same build without a limit',
    direction: 'atLeast',
    limit: uncachedInSmallMachinePercent,
    unit: '%',
  },
  smallMachineCached: {
    id: 'small-machine-cached',
    description: 'cached post req/s in 256 MB as a share of the same build without a limit',
    direction: 'atLeast',
    limit: cachedInSmallMachinePercent,
    unit: '%',
  },
  uncachedAgainstBaseline: {
    id: 'uncached-against-baseline',
    description: "uncached post req/s as a multiple of the baseline build's, same run",
    direction: 'atLeast',
    limit: uncachedAgainstBaselineTimes,
    unit: 'times',
  },
  uncachedCpuAgainstBaseline: {
    id: 'uncached-cpu-against-baseline',
    description: "server CPU per uncached post view as a share of the baseline build's, same run",
    direction: 'atMost',
    limit: uncachedCpuAgainstBaselinePercent,
    unit: '%',
  },
  restartToFirstAnswer: {
    id: 'restart-to-first-answer',
    description: 'from a start (or a kill) to the first answer of the post',
    direction: 'atMost',
    limit: restartToFirstAnswerMs,
    unit: 'ms',
  },
  fortyViewsMemory: {
    id: 'forty-views-memory',
    description: 'every site process, PSS, peak at 40 uncached post views a second, no limit',
    direction: 'atMost',
    limit: fortyViewsPerSecondMegabytes,
    unit: 'MB',
  },
} as const satisfies Record<string, Target>;

export type TargetCheck = {
  target: string;
  subject: string;
  direction: Target['direction'];
  limit: number;
  measured: number;
  unit: Target['unit'];
  pass: boolean;
};

export function checkTarget(target: Target, subject: string, measured: number): TargetCheck {
  const pass = target.direction === 'atLeast' ? measured >= target.limit : measured <= target.limit;
  return {
    target: target.id,
    subject,
    direction: target.direction,
    limit: target.limit,
    measured,
    unit: target.unit,
    pass,
  };
}

export function formatQuantity(value: number, unit: Target['unit']): string {
  if (unit === 'bytes') return formatKilobytes(value);
  if (unit === 'req/s' || unit === 'submissions/s' || unit === 'hits/s')
    return `${formatInteger(value)} ${unit}`;
  if (unit === 'ms') return `${formatInteger(Math.round(value))} ms`;
  if (unit === 'MB' || unit === '%') return `${formatInteger(value)} ${unit}`;
  if (unit === 's') return `${value.toFixed(1)} s`;
  if (unit === 'times') return `${value}×`;
  return formatInteger(value);
}

export function formatLimit(check: Pick<TargetCheck, 'direction' | 'limit' | 'unit'>): string {
  return `${check.direction === 'atLeast' ? '≥' : '≤'} ${formatQuantity(check.limit, check.unit)}`;
}

export function formatKilobytes(bytes: number): string {
  return `${(bytes / kilobyte).toFixed(1)} KB`;
}

export function formatInteger(value: number): string {
  return Math.round(value).toLocaleString('en-US');
}
