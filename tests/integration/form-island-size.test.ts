import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formIslandJavaScriptGzipBytes, kilobyte } from '../support/budgets.ts';
import { fetchPageScripts, islandWeight, type PageScripts } from '../support/client-scripts.ts';
import { firstPostPath } from '../support/first-post-path.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';

/** The demo's Contact page embeds the Contact form. */
const formPagePath = '/contact/';
const formIsland = /\/_astro\/QForm\.[\w-]+\.js$/;

// What a page with a form loads on top of the rest of the site, React's chunk excluded; the
// same budget `npm run bench` reports.
describe('the form island', () => {
  let server: TestServer;
  let formPage: PageScripts;
  let pagesWithoutForm: PageScripts[];

  beforeAll(async () => {
    server = await startTestServer();
    const home = await (await fetch(`${server.url}/`)).text();
    const postPath = firstPostPath(home);
    if (!postPath) throw new Error('The home page lists no post');
    formPage = await fetchPageScripts(server.url, formPagePath);
    pagesWithoutForm = await Promise.all(
      ['/', postPath].map((path) => fetchPageScripts(server.url, path)),
    );
  });

  afterAll(async () => {
    await server?.stop();
  });

  it(`adds at most ${formIslandJavaScriptGzipBytes / kilobyte} KB of JavaScript beyond React (gzip -9) to a page with a form`, () => {
    expect(formPage.islands.some((island) => formIsland.test(island.componentUrl))).toBe(true);
    expect(formPage.missing, 'scripts the page refers to that are not in dist/client').toEqual([]);

    const weight = islandWeight(formPage, pagesWithoutForm);
    expect(weight.files.some((file) => formIsland.test(file.path))).toBe(true);
    const breakdown = weight.files
      .map((file) => `${file.path} ${(file.gzipBytes / kilobyte).toFixed(1)} KB`)
      .join(', ');
    expect(
      weight.gzipBytes,
      `form island ${(weight.gzipBytes / kilobyte).toFixed(1)} KB gzip: ${breakdown}`,
    ).toBeLessThanOrEqual(formIslandJavaScriptGzipBytes);
  });

  it('is not loaded by pages without a form', () => {
    for (const page of pagesWithoutForm) {
      expect([...page.files.keys()].filter((path) => formIsland.test(path))).toEqual([]);
    }
  });
});
