import { chromium } from '@playwright/test';
import { chromiumLaunchOptions as chromiumLaunch } from '../tests/support/chromium.ts';
import {
  measureViewport,
  pageWeightProblems,
  type Viewport,
  type ViewportWeight,
  viewports,
} from '../tests/support/page-weight.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine, TextTable } from './benchmark.ts';
import {
  checkTarget,
  formatInteger,
  formatKilobytes,
  formatLimit,
  type TargetCheck,
  targets,
} from './targets.ts';

function viewportLabel(viewport: Viewport): string {
  return `${viewport.width}×${viewport.height}`;
}

function detail(measured: ViewportWeight[], checks: TargetCheck[]): TextTable {
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const rows = [
    [
      'page',
      'viewport',
      'requests',
      'JS KB',
      'CSS KB',
      'HTML KB',
      'images KB',
      'other KB',
      'total KB',
      'with headers KB',
      'JS at load KB',
      'requests at load',
      'load ms',
      'result',
    ],
    ...measured.map((weight, index) => {
      const pass = checks.slice(index * 3, index * 3 + 3).every((check) => check.pass);
      const full = weight.fullyLoaded;
      return [
        weight.page,
        viewportLabel(weight.viewport),
        String(full.requests),
        kb(full.bytes.js),
        kb(full.bytes.css),
        kb(full.bytes.html),
        kb(full.bytes.images),
        kb(full.bytes.other),
        kb(full.bytes.total),
        kb(full.transferredBytes),
        kb(weight.atLoad.bytes.js),
        String(weight.atLoad.requests),
        formatInteger(weight.loadEventMs),
        pass ? 'PASS' : 'FAIL',
      ];
    }),
  ];
  const notes = [
    'Fresh browser profile per viewport; sizes are response bodies as sent (gzip where the server compresses), measured after the load event, scrolling to the bottom and 500 ms without network activity. "with headers" adds response headers.',
    'phone: device scale factor 2, touch, mobile (as the Playwright phone project).',
    `The statistics beacon's hit (GET /?qstat=1…, sent after the first scroll; the beacon itself is inline) is not counted as the page's: ${measured.map((weight) => `${viewportLabel(weight.viewport)} ${weight.beaconHits}`).join(', ')}.`,
  ];
  for (const weight of measured) {
    const files = weight.resources
      .map((resource) => `${resource.url} ${resource.kind} ${kb(resource.bodyBytes)}`)
      .join(', ');
    notes.push(`${viewportLabel(weight.viewport)} requests: ${files}`);
  }
  return {
    title: 'Page weight — Chromium, post page, cold cache',
    rows,
    notes,
  };
}

function summarize(measured: ViewportWeight[], checks: TargetCheck[]): SummaryLine[] {
  return measured.flatMap((weight, index) => {
    const js = checks[index * 3]!;
    const requests = checks[index * 3 + 1]!;
    const transfer = checks[index * 3 + 2]!;
    const subject = `${weight.page} ${weight.path} · ${viewportLabel(weight.viewport)}`;
    const full = weight.fullyLoaded;
    return [
      {
        subject,
        metric: 'JS transferred, fully loaded',
        value: formatKilobytes(full.bytes.js),
        target: formatLimit(js),
        pass: js.pass,
      },
      {
        subject,
        metric: 'requests, fully loaded',
        value: String(full.requests),
        target: formatLimit(requests),
        pass: requests.pass,
      },
      {
        subject,
        metric: 'JS transferred at load event',
        value: formatKilobytes(weight.atLoad.bytes.js),
      },
      {
        subject,
        metric: 'CSS / HTML / images / other',
        value: [full.bytes.css, full.bytes.html, full.bytes.images, full.bytes.other]
          .map(formatKilobytes)
          .join(' / '),
      },
      {
        subject,
        metric: 'total transferred, headers included',
        value: formatKilobytes(full.transferredBytes),
        target: formatLimit(transfer),
        pass: transfer.pass,
      },
    ];
  });
}

/**
 * What a visitor downloads for a post page in Chromium at the desktop and phone viewports:
 * requests and bytes by type.
 */
export const pageWeight: Benchmark = {
  name: 'pageWeight',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const post = context.pages.find((page) => page.name === 'post');
    if (!post) throw new Error('The page weight benchmark needs a post page');
    const browser = await chromium.launch(chromiumLaunch);
    const measured: ViewportWeight[] = [];
    try {
      for (const viewport of viewports) {
        context.log(`page weight: ${post.path} at ${viewportLabel(viewport)}`);
        measured.push(
          await measureViewport(browser, context.site.url, post.path, post.name, viewport),
        );
      }
    } finally {
      await browser.close();
    }
    const checks = measured.flatMap((weight) => {
      const subject = `${weight.page} ${weight.path} · ${viewportLabel(weight.viewport)}`;
      return [
        checkTarget(targets.postPageJavaScript, subject, weight.fullyLoaded.bytes.js),
        checkTarget(targets.postPageRequests, subject, weight.fullyLoaded.requests),
        checkTarget(targets.postPageTransfer, subject, weight.fullyLoaded.transferredBytes),
      ];
    });
    return {
      results: { browser: chromiumLaunch.executablePath, viewports: measured },
      detail: detail(measured, checks),
      summary: summarize(measured, checks),
      checks,
      problems: measured.flatMap(pageWeightProblems),
    };
  },
};
