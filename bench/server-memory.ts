import autocannon, { type Options, type RequestParams } from 'autocannon';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import {
  type MemoryPeak,
  type ProcessMemory,
  processRole,
  startMemorySampler,
} from './process-memory.ts';
import { checkTarget, formatInteger, formatLimit, targets } from './targets.ts';

const megabyte = 1024 * 1024;
const requestHeaders = { 'accept-encoding': 'gzip, deflate, br' };

/** Fetches `urls` with `parallel` requests in flight, reading every body. */
async function fetchAll(urls: string[], parallel: number): Promise<number> {
  let next = 0;
  let failed = 0;
  const worker = async () => {
    while (next < urls.length) {
      const url = urls[next++]!;
      const response = await fetch(url, { headers: requestHeaders });
      await response.arrayBuffer();
      if (response.status >= 500) failed++;
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return failed;
}

async function sitemapUrls(siteUrl: string): Promise<string[]> {
  const xml = await (await fetch(`${siteUrl}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => {
    const path = new URL(loc!).pathname;
    return `${siteUrl}${path}`;
  });
}

function megabytes(bytes: number): number {
  return Math.round((bytes / megabyte) * 10) / 10;
}

function processRows(peak: MemoryPeak, idle: ProcessMemory[]): string[][] {
  return peak.atPeak.map((entry) => [
    processRole(entry, peak.atPeak),
    String(entry.pid),
    String(megabytes(idle.find((before) => before.pid === entry.pid)?.pssBytes ?? 0)),
    String(megabytes(entry.pssBytes)),
  ]);
}

/**
 * Peak memory of every process the site runs as `npm run serve` starts it (npm's wrapper,
 * the primary, one worker per core), with the default cache, while it is loaded as hard as
 * this machine can: the cached post and home pages under 50 connections, every page of the
 * sitemap, and a stream of distinct searches and missing pages that each render and fill the
 * side cache. Linux only (/proc/<pid>/smaps_rollup).
 */
export const serverMemory: Benchmark = {
  name: 'serverMemory',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const site = await context.startSite({}, { via: 'npm' });
    try {
      const group = site.processGroup;
      if (group === undefined) throw new Error('The site was not started through npm');
      const [post] = context.pages.filter((page) => page.name === 'post');
      if (!post) throw new Error('No post page to load');
      await new Promise((resolve) => setTimeout(resolve, 2000));
      const idle = startMemorySampler(group)().atPeak;
      const stop = startMemorySampler(group);
      const seconds = context.seconds;
      // Missing pages are meant to answer 404; anything else counts as a failure.
      const load = async (label: string, options: Options, expect404 = false) => {
        context.log(`memory: ${label}`);
        const result = await autocannon({
          connections: 50,
          headers: requestHeaders,
          timeout: 10,
          duration: seconds,
          ...options,
        });
        const unexpected = expect404
          ? result.requests.total - (result.statusCodeStats['404']?.count ?? 0)
          : result.non2xx;
        return { label, requests: result.requests.total, errors: result.errors + unexpected };
      };
      const runs = [];
      runs.push(
        await load(`cached post, 50 connections, ${seconds} s`, { url: `${site.url}${post.path}` }),
      );
      context.log('memory: every page of the sitemap, 4 times');
      const pages = await sitemapUrls(site.url);
      const failedPages = await fetchAll([...pages, ...pages, ...pages, ...pages], 20);
      let counter = 0;
      runs.push(
        await load(`distinct searches, 20 connections, ${seconds} s`, {
          url: site.url,
          connections: 20,
          requests: [
            {
              setupRequest: (request: RequestParams) => ({
                ...request,
                path: `/search?q=coast${counter++}`,
              }),
            },
          ],
        }),
      );
      runs.push(
        await load(
          `missing pages, 20 connections, ${seconds} s`,
          {
            url: site.url,
            connections: 20,
            requests: [
              {
                setupRequest: (request: RequestParams) => ({
                  ...request,
                  path: `/no-such-page-${counter++}/`,
                }),
              },
            ],
          },
          true,
        ),
      );
      runs.push(await load(`cached home, 50 connections, ${seconds} s`, { url: `${site.url}/` }));
      const peak = stop();
      const measuredMb = megabytes(peak.peakTotalBytes);
      const check = checkTarget(
        targets.serverMemory,
        'site as npm run serve starts it',
        measuredMb,
      );
      const idleTotal = megabytes(idle.reduce((sum, entry) => sum + entry.pssBytes, 0));
      const problems = [
        ...runs
          .filter((run) => run.errors > 0)
          .map((run) => `memory load "${run.label}": ${run.errors} errors or non-2xx answers`),
        ...(failedPages > 0 ? [`memory: ${failedPages} sitemap pages answered 5xx`] : []),
      ];
      return {
        results: {
          idle,
          peak,
          idleTotalMb: idleTotal,
          peakTotalMb: measuredMb,
          sitemapPages: pages.length,
          runs,
        },
        detail: {
          title: 'Server memory — PSS of every process of npm run serve, default workers and cache',
          rows: [
            ['process', 'pid', 'idle MB', 'at peak MB'],
            ...processRows(peak, idle),
            ['all', '', String(idleTotal), String(measuredMb)],
          ],
          notes: [
            `Load, one after another: ${runs.map((run) => `${run.label} (${formatInteger(run.requests)} requests)`).join('; ')}; every page of the sitemap (${pages.length}) 4 times between the first two.`,
            `Sampled every 200 ms (${peak.samples} samples); PSS counts shared pages (Node's code, libraries) once across the processes that share them.`,
          ],
        },
        summary: [
          {
            subject: 'server, all processes',
            metric: 'memory (PSS), peak under load',
            value: `${measuredMb} MB`,
            target: formatLimit(check),
            pass: check.pass,
          },
        ],
        checks: [check],
        problems,
      };
    } finally {
      await site.stop();
    }
  },
};
