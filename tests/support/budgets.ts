/**
 * Every size and speed budget of Quire, in one place: the size tests check the built site
 * against them and `npm run bench` reports its measurements against them (bench/targets.ts).
 * It lives in tests/support/ because bench/ imports from there and tests never import bench/.
 * Each name carries its unit; each number comes from the decision record it names.
 */

/** 1 KB in every budget and report is 1,024 bytes. */
export const kilobyte = 1024;

// What a visitor's browser loads.

/**
 * JavaScript a post page transfers, gzip, fully loaded (decision 0007; back from 77 KB, issue 31:
 * no top-level await in the browser build, Quire's own React client, decision 0007 amended
 * 2026-11-28).
 */
export const postPageJavaScriptGzipBytes = 75 * kilobyte;
/** Requests a post page makes, fully loaded (decision 0007; back from 11, issue 31). */
export const postPageRequests = 10;
/** All a post page transfers in Chromium, response headers included, fully loaded (decisions 0007, 0039). */
export const postPageTransferBytes = 122 * kilobyte;
/** Site, forms and share rules travel in one stylesheet (decisions 0007 and 0013). */
export const postPageStylesheets = 1;
/**
 * JavaScript a page with a contact form loads beyond React, gzip -9 (decision 0013): what it was
 * before Forms III (issue 15), which must not grow; the other field types' views and rules load
 * only on pages whose forms have them (decision 0039).
 */
export const formIslandJavaScriptGzipBytes = 17.6 * kilobyte;
/** What the demo's Everything form page loads beyond a page without a form, gzip (issue 15). */
export const everythingFormJavaScriptGzipBytes = 60 * kilobyte;
/** JavaScript the admin's first screen (the dashboard) transfers, gzip, cold cache (issue 13, decision 0033). */
export const adminFirstLoadJavaScriptGzipBytes = 150 * kilobyte;
/** Share bar, pop-up and copy link JavaScript beyond React, gzip -9 (decision 0015). */
export const shareIslandJavaScriptGzipBytes = 10 * kilobyte;
/** The qstat beacon, minified, gzip -9, inlined into every page: 1.2 KB in whole bytes (decision 0018). */
export const beaconGzipBytes = Math.floor(1.2 * kilobyte);

// Throughput on two cores, the server sharing them with the load generator.

/** Average for a cached page (decision 0003). */
export const cachedPageRequestsPerSecond = 3000;
/** Average for a page rendered on every request (decisions 0003, 0030). */
export const uncachedPageRequestsPerSecond = 800;
/** Server CPU (every process) per view of a page rendered on every request (decision 0030). */
export const uncachedViewCpuMs = 2;
/** Valid AJAX form submissions answered and stored as entries (the forms issue). */
export const formSubmissionsPerSecond = 500;
/** Valid AJAX orders of the demo's Workshop booking form, priced again and stored (issue 14). */
export const paymentFormSubmissionsPerSecond = 400;
/** Page-view hits answered and stored (decision 0016). */
export const statsHitsPerSecond = 5000;
/** 30-day statistics report over 1,000,000 hits on SQLite, median of 10 runs (decision 0017). */
export const statsReport30DaysMs = 200;
/** The admin's entries list over 100,000 entries on SQLite, p95 (decision 0040). */
export const entriesListP95Ms = 50;

// Nothing a visitor was told is done may go missing under load.

/** Errors, timeouts and non-2xx answers during a load run. */
export const failedResponsesPerLoadRun = 0;
/** Submissions answered with a confirmation but not stored as entries. */
export const lostFormEntries = 0;
/** Valid bench submissions stored as spam. */
export const spamFormEntries = 0;
/** Hits answered but not stored after a clean shutdown (decision 0016). */
export const lostStatsHits = 0;

// Moving in (issue 30, decision 0063): a WordPress export of 10,000 posts and 20,000 images
// from a local uploads folder.

/** The whole import, on 2 cores. */
export const wordPressImportSeconds = 600;
/** The importing process's peak memory (PSS). */
export const wordPressImportMegabytes = 300;

// Memory and the static-file reference (decision 0031).

/** Every server process together (npm's wrapper, primary, workers), PSS, peak under load, with the default workers and cache. */
export const serverMemoryMegabytes = 250;
/** Cached post page req/s as a share of nginx serving the same bytes as a file, same client and cores. */
export const cachedVersusStaticFilePercent = 70;

// Inside a memory limit (issue 31, decision 0068): every process of the site in one memory
// cgroup, the demo's post under wrk.

/** The smallest limit the site must serve in without the kernel killing a process. */
export const smallMachineMegabytes = 256;
/** OOM kills and failed answers at that limit, every load. */
export const failuresInSmallMachine = 0;
/** Uncached post req/s at 256 MB as a share of the same build without a limit. */
export const uncachedInSmallMachinePercent = 80;
/** Cached post req/s at 256 MB as a share of the same build without a limit. */
export const cachedInSmallMachinePercent = 90;
/** Every process's PSS at 40 uncached post views a second, no limit: WordPress's peak here. */
export const fortyViewsPerSecondMegabytes = 218;

/** A site or worker killed with SIGKILL under load answers again within this of starting (issue 31, decision 0070). */
export const restartToFirstAnswerMs = 2000;

// Side by side with an older build (issue 31, decisions 0031 and 0069): `BENCH_BASELINE`.

/** This build's uncached post req/s as a multiple of the baseline's, in the same run. */
export const uncachedAgainstBaselineTimes = 1.8;
/** This build's server CPU per uncached post view as a share of the baseline's, in the same run. */
export const uncachedCpuAgainstBaselinePercent = 50;
