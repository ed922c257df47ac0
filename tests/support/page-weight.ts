import type { Browser, Page, Request } from '@playwright/test';
import { trackingParam } from '../../src/features/stats/hit-params.ts';

/**
 * What a visitor's Chromium downloads for a page: requests and bytes by type, at the load event
 * and fully loaded. The page-weight size test (tests/integration/page-weight.test.ts) and
 * `npm run bench` (bench/page-weight.ts) both measure with it.
 */

export type Viewport = {
  name: string;
  width: number;
  height: number;
  deviceScaleFactor: number;
  isMobile: boolean;
};

/** The two projects of playwright.config.ts. */
export const viewports: Viewport[] = [
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

/** Loads `path` in a fresh browser context at one viewport, scrolls to the bottom and waits for quiet. */
export async function measureViewport(
  browser: Browser,
  origin: string,
  path: string,
  pageName: string,
  viewport: Viewport,
  /** Cookies the browser has before it opens the page (an administrator's session). */
  cookies: { name: string; value: string }[] = [],
): Promise<ViewportWeight> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: viewport.deviceScaleFactor,
    isMobile: viewport.isMobile,
    hasTouch: viewport.isMobile,
  });
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: origin })));
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

/** What makes a measurement suspect: failed requests, page errors, error answers, a busy network. */
export function pageWeightProblems(weight: ViewportWeight): string[] {
  const label = `${weight.page} ${weight.path} at ${`${weight.viewport.width}×${weight.viewport.height}`}`;
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
