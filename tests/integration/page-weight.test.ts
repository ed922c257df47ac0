import { type Browser, chromium } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  kilobyte,
  postPageJavaScriptGzipBytes,
  postPageRequests,
  postPageTransferBytes,
} from '../support/budgets.ts';
import { chromiumLaunchOptions } from '../support/chromium.ts';
import { firstPostPath } from '../support/first-post-path.ts';
import {
  measureViewport,
  pageWeightProblems,
  type ViewportWeight,
  viewports,
} from '../support/page-weight.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

const kb = (bytes: number) => `${(bytes / kilobyte).toFixed(1)} KB`;

function breakdown(weight: ViewportWeight): string {
  return weight.resources
    .map((resource) => `${resource.url} ${kb(resource.bodyBytes + resource.headerBytes)}`)
    .join(', ');
}

// What the newest post costs a visitor in Chromium, fully loaded (scrolled to the bottom, the
// lazy images and the next-post card's background included), at the two viewports of the
// browser journeys; `npm run bench` reports the same figures (decision 0007).
describe('a post page in Chromium', () => {
  let server: TestServer;
  let browser: Browser;
  const measured = new Map<string, ViewportWeight>();

  beforeAll(async () => {
    server = await startTestServer();
    const postPath = firstPostPath(await (await fetch(`${server.url}/`)).text());
    if (!postPath) throw new Error('The home page lists no post');
    browser = await chromium.launch(chromiumLaunchOptions);
    for (const viewport of viewports) {
      measured.set(
        viewport.name,
        await measureViewport(browser, server.url, postPath, 'post', viewport),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const viewport of viewports) {
    describe(`at ${viewport.width}×${viewport.height}`, () => {
      const weight = () => measured.get(viewport.name)!;

      it('loads without failed requests, errors or a network still busy', () => {
        expect(pageWeightProblems(weight())).toEqual([]);
      });

      it(`makes at most ${postPageRequests} requests`, () => {
        expect(weight().fullyLoaded.requests, breakdown(weight())).toBeLessThanOrEqual(
          postPageRequests,
        );
      });

      it(`transfers at most ${postPageTransferBytes / kilobyte} KB, response headers included`, () => {
        const transferred = weight().fullyLoaded.transferredBytes;
        expect(transferred, `${kb(transferred)}: ${breakdown(weight())}`).toBeLessThanOrEqual(
          postPageTransferBytes,
        );
      });

      it(`transfers at most ${postPageJavaScriptGzipBytes / kilobyte} KB of JavaScript (gzip)`, () => {
        const js = weight().fullyLoaded.bytes.js;
        expect(js, `${kb(js)}: ${breakdown(weight())}`).toBeLessThanOrEqual(
          postPageJavaScriptGzipBytes,
        );
      });
    });
  }
});
