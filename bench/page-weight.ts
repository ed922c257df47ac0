import { type Browser, chromium, type Page, type Request } from '@playwright/test';
import { trackingParam } from '../src/features/stats/hit-params.ts';
import { chromiumLaunchOptions as chromiumLaunch } from '../tests/support/chromium.ts';
import type { BenchContext, Benchmark, BenchOutcome, SummaryLine, TextTable } from './benchmark.ts';
import {
  checkTarget,
  formatInteger,
  formatKilobytes,
  formatLimit,
  type TargetCheck,
  targets,
} from './targets.ts';

type Viewport = {
  name: string;
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
};

/** The two projects of playwright.config.ts. */
const viewports: Viewport[] = [
  { name: 'desktop', width: 1280, height: 800, deviceScaleFactor: 1, isMobile: false },
  { name: 'phone', width: 390, height: 844, deviceScaleFactor: 2, isMobile: true },
];

const kinds = ['js', 'css', 'html', 'images', 'other'] as const;
type Kind = (typeof kinds)[number];

const kindOfResource: Record<string, Kind> = {
  script: 'js',
  stylesheet: 'css',
  document: 'html',
  image: 'images',
};

const idleQuietMs = 500;
const idleTimeoutMs = 15_000;

type Transfer = {
  url: string;
  kind: Kind;
  status: number;
  /** Response body as it came over the wire (gzip when the server compressed it). */
  bodyBytes: number;
  headerBytes: number;
  finishedBeforeLoad: boolean;
};

type Weight = {
  requests: number;
  /** Encoded body bytes per kind, and their total. */
  bytes: Record<Kind | 'total', number>;
  /** Everything received, response headers included. */
  transferredBytes: number;
};

export type ViewportWeight = {
  page: string;
  path: string;
  viewport: Viewport;
  loadEventMs: number;
  atLoad: Weight;
  fullyLoaded: Weight;
  networkWentIdle: boolean;
  resources: Transfer[];
  failedRequests: string[];
  pageErrors: string[];
  /** The statistics beacon's hits (`GET /?qstat=1…`): the measurement, not the page's load. */
  beaconHits: number;
};

/** A hit of the qstat beacon rather than something the page loads. */
function isBeaconHit(url: string, origin: string): boolean {
  const address = new URL(url);
  return (
    address.origin === new URL(origin).origin &&
    address.pathname === '/' &&
    address.searchParams.get(trackingParam) === '1'
  );
}

function weigh(transfers: Transfer[], failedRequests: number): Weight {
  const bytes = { js: 0, css: 0, html: 0, images: 0, other: 0, total: 0 };
  let transferredBytes = 0;
  for (const transfer of transfers) {
    bytes[transfer.kind] += transfer.bodyBytes;
    bytes.total += transfer.bodyBytes;
    transferredBytes += transfer.bodyBytes + transfer.headerBytes;
  }
  return { requests: transfers.length + failedRequests, bytes, transferredBytes };
}

async function describeTransfer(
  request: Request,
  origin: string,
  loadedBeforeLoadEvent: Set<string>,
): Promise<Transfer> {
  const sizes = await request.sizes().catch(() => undefined);
  const response = await request.response().catch(() => null);
  const url = request.url();
  return {
    url: url.startsWith(origin) ? url.slice(origin.length) : url,
    kind: kindOfResource[request.resourceType()] ?? 'other',
    status: response?.status() ?? 0,
    bodyBytes: sizes?.responseBodySize ?? 0,
    headerBytes: sizes?.responseHeadersSize ?? 0,
    finishedBeforeLoad: loadedBeforeLoadEvent.has(url),
  };
}

/**
 * The addresses the page had finished loading when its load event fired, from the Navigation
 * and Resource Timing entries (the browser's own clock, unlike the order of protocol events).
 */
async function loadedBeforeLoadEvent(page: Page): Promise<Set<string>> {
  const urls = await page.evaluate(() => {
    const navigation = performance.getEntriesByType('navigation')[0] as
      | PerformanceNavigationTiming
      | undefined;
    const loadAt = navigation?.loadEventStart || performance.now();
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    return [
      location.href,
      ...resources.filter((entry) => entry.responseEnd <= loadAt).map((entry) => entry.name),
    ];
  });
  return new Set(urls);
}

/** Scrolls a viewport at a time so that lazy images and `client:visible` islands load. */
async function scrollToBottom(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 120));
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo({ top: y, behavior: 'instant' });
      await pause();
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
    await pause();
  });
}

async function measureViewport(
  browser: Browser,
  origin: string,
  path: string,
  pageName: string,
  viewport: Viewport,
): Promise<ViewportWeight> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
  });
  try {
    const page = await context.newPage();
    const inFlight = new Set<Request>();
    const finished: Request[] = [];
    const failedRequests: string[] = [];
    const pageErrors: string[] = [];
    let lastActivity = Date.now();
    let beaconHits = 0;
    const overTheWire = (request: Request) => !request.url().startsWith('data:');
    page.on('request', (request) => {
      if (isBeaconHit(request.url(), origin)) beaconHits += 1;
    });

    page.on('request', (request) => {
      if (!overTheWire(request)) return;
      inFlight.add(request);
      lastActivity = Date.now();
    });
    page.on('requestfinished', (request) => {
      if (!overTheWire(request)) return;
      inFlight.delete(request);
      lastActivity = Date.now();
      if (!isBeaconHit(request.url(), origin)) finished.push(request);
    });
    page.on('requestfailed', (request) => {
      if (!overTheWire(request)) return;
      inFlight.delete(request);
      lastActivity = Date.now();
      if (isBeaconHit(request.url(), origin)) return;
      failedRequests.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`);
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console: ${message.text()}`);
    });

    const started = performance.now();
    await page.goto(`${origin}${path}`, { waitUntil: 'load' });
    const loadEventMs = Math.round(performance.now() - started);
    const failedBeforeLoad = failedRequests.length;
    const beforeLoadEvent = await loadedBeforeLoadEvent(page);

    await scrollToBottom(page);
    const deadline = Date.now() + idleTimeoutMs;
    while (inFlight.size > 0 || Date.now() - lastActivity < idleQuietMs) {
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const networkWentIdle = inFlight.size === 0;

    const resources = await Promise.all(
      finished.map((request) => describeTransfer(request, origin, beforeLoadEvent)),
    );
    return {
      page: pageName,
      path,
      viewport,
      loadEventMs,
      atLoad: weigh(
        resources.filter((resource) => resource.finishedBeforeLoad),
        failedBeforeLoad,
      ),
      fullyLoaded: weigh(resources, failedRequests.length),
      networkWentIdle,
      beaconHits,
      resources,
      failedRequests,
      pageErrors,
    };
  } finally {
    await context.close();
  }
}

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
      const pass = checks[index * 2]!.pass && checks[index * 2 + 1]!.pass;
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
    const js = checks[index * 2]!;
    const requests = checks[index * 2 + 1]!;
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
      { subject, metric: 'total transferred', value: formatKilobytes(full.transferredBytes) },
    ];
  });
}

function weightProblems(weight: ViewportWeight): string[] {
  const label = `${weight.page} ${weight.path} at ${viewportLabel(weight.viewport)}`;
  return [
    ...weight.failedRequests.map((failure) => `${label}: request failed: ${failure}`),
    ...weight.pageErrors.map((error) => `${label}: page error: ${error}`),
    ...weight.resources
      .filter((resource) => resource.status >= 400)
      .map((resource) => `${label}: ${resource.url} answered ${resource.status}`),
    ...(weight.networkWentIdle
      ? []
      : [`${label}: the network was still busy ${idleTimeoutMs / 1000} s after scrolling`]),
  ];
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
      ];
    });
    return {
      results: { browser: chromiumLaunch.executablePath, viewports: measured },
      detail: detail(measured, checks),
      summary: summarize(measured, checks),
      checks,
      problems: measured.flatMap(weightProblems),
    };
  },
};
