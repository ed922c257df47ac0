import { sessionCookieName } from '../src/platform/cookies.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { type LoadRun, loadRun, runProblems } from './http-load.ts';
import { checkTarget, formatInteger, formatLimit, targets } from './targets.ts';

/** What a visitor (or a load script) might send: a session cookie the site never gave. */
const madeUpCookie = `${sessionCookieName}=${'x'.repeat(43)}.${'y'.repeat(43)}`;

/**
 * The cached post page with and without a made-up session cookie (decision 0046): the front
 * knows the cookie is not the site's without the database, so both are page cache hits and
 * should cost the same.
 */
export const madeUpSessionCookie: Benchmark = {
  name: 'madeUpSessionCookie',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const page = context.pages.find((candidate) => candidate.name === 'post') ?? context.pages[0]!;
    const measure = async (label: string, headers: Record<string, string>) => {
      context.log(`load: ${page.path} cached, ${label}, ${context.seconds} s`);
      const run = await loadRun(context.site.url, page, 'cached', context.seconds, headers);
      context.log(`      ${formatInteger(run.requestsPerSecond.average)} req/s`);
      return run;
    };
    const runs: [string, LoadRun][] = [
      ['no cookie', await measure('no cookie', {})],
      ['made-up session cookie', await measure('made-up session cookie', { cookie: madeUpCookie })],
    ];
    const [, madeUp] = runs[1]!;
    const subject = `${page.path} · cached · made-up session cookie`;
    const throughput = checkTarget(
      targets.cachedThroughput,
      subject,
      madeUp.requestsPerSecond.average,
    );
    const clean = checkTarget(targets.cleanLoadRun, subject, madeUp.errors + madeUp.non2xx);
    return {
      results: Object.fromEntries(runs.map(([label, run]) => [label, run])),
      detail: {
        title: `Cached post with and without a made-up session cookie — ${context.seconds} s per run`,
        rows: [
          ['request', 'X-Cache', 'req/s avg', 'p99 ms', 'server CPU ms/request', 'non-2xx'],
          ...runs.map(([label, run]) => [
            label,
            run.preflight.xCache.join(', '),
            formatInteger(run.requestsPerSecond.average),
            String(run.latencyMs.p99),
            run.serverCpuMsPerRequest === undefined ? '–' : String(run.serverCpuMsPerRequest),
            formatInteger(run.non2xx + run.errors),
          ]),
        ],
        notes: [
          'Before decision 0046 any session cookie made the front render the page (about 5× the CPU per request); a cookie the site did not sign is now a visitor’s.',
        ],
      },
      summary: [
        {
          subject,
          metric: 'requests/s (average)',
          value: formatInteger(madeUp.requestsPerSecond.average),
          target: formatLimit(throughput),
          pass: throughput.pass,
        },
      ],
      checks: [throughput, clean],
      problems: runs.flatMap(([, run]) => runProblems(run)),
    };
  },
};
