import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/support/chromium.ts';
import { measureViewport, viewports } from '../tests/support/page-weight.ts';
import type { BenchContext, Benchmark, BenchOutcome } from './benchmark.ts';
import { checkTarget, formatKilobytes, formatLimit, targets } from './targets.ts';

/** The demo's pages: a contact form, and the Everything form with every field type (issue 15). */
const pages = [
  { name: 'home (no form)', path: '/' },
  { name: 'contact form', path: '/contact/' },
  { name: 'Everything form', path: '/everything-form/' },
] as const;

/**
 * What a visitor's browser loads, fully loaded and cold, for a page with a contact form and for
 * the Everything form's page, beyond what a page without a form loads (React, the site's own
 * code): the field types' views and libraries load only where forms use them, and a library
 * only once its field's page is shown (decision 0039). Sizes as sent (gzip).
 */
export const formFieldsWeight: Benchmark = {
  name: 'formFieldsWeight',
  async run(context: BenchContext): Promise<BenchOutcome> {
    const browser = await chromium.launch(chromiumLaunchOptions);
    const desktop = viewports[0]!;
    const measured = [];
    try {
      for (const page of pages) {
        context.log(`form fields weight: ${page.path}`);
        measured.push(
          await measureViewport(browser, context.site.url, page.path, page.name, desktop),
        );
      }
    } finally {
      await browser.close();
    }
    const [home, contact, everything] = measured;
    if (!home || !contact || !everything) throw new Error('A page was not measured');
    const scripts = (weight: typeof home) =>
      new Map(
        weight.resources
          .filter((resource) => resource.kind === 'js')
          .map((resource) => [
            new URL(resource.url, context.site.url).pathname,
            resource.bodyBytes,
          ]),
      );
    const homeScripts = scripts(home);
    const beyondHome = (weight: typeof home) =>
      [...scripts(weight)].filter(([path]) => !homeScripts.has(path));
    const sum = (files: [string, number][]) => files.reduce((total, [, bytes]) => total + bytes, 0);
    const contactFiles = beyondHome(contact);
    const everythingFiles = beyondHome(everything);
    const checks = [
      checkTarget(targets.formIslandJavaScript, 'contact form page', sum(contactFiles)),
      checkTarget(targets.everythingFormJavaScript, 'Everything form page', sum(everythingFiles)),
    ];
    const [contactCheck, everythingCheck] = checks;
    const list = (files: [string, number][]) =>
      files
        .map(([path, bytes]) => `${path.replace('/_astro/', '')} ${formatKilobytes(bytes)}`)
        .join(', ');
    return {
      results: {
        contact: { bytes: sum(contactFiles), files: Object.fromEntries(contactFiles) },
        everything: { bytes: sum(everythingFiles), files: Object.fromEntries(everythingFiles) },
      },
      detail: {
        title:
          'Form field code — Chromium, 1280×800, cold cache, JavaScript beyond a page without a form (as sent)',
        rows: [
          ['page', 'JS beyond the home page', 'files'],
          ['contact form', formatKilobytes(sum(contactFiles)), list(contactFiles)],
          ['Everything form', formatKilobytes(sum(everythingFiles)), list(everythingFiles)],
        ],
        notes: [
          'Files a page without a form also loads (React, the site’s code) are left out. The Everything form’s first page is shown; libraries of fields on later pages load when those pages show.',
        ],
      },
      summary: [
        {
          subject: 'contact form page',
          metric: 'JS beyond a page without a form (as sent)',
          value: formatKilobytes(sum(contactFiles)),
          target: formatLimit(contactCheck!),
          pass: contactCheck!.pass,
        },
        {
          subject: 'Everything form page',
          metric: 'JS beyond a page without a form (as sent)',
          value: formatKilobytes(sum(everythingFiles)),
          target: formatLimit(everythingCheck!),
          pass: everythingCheck!.pass,
        },
      ],
      checks,
      problems: measured.flatMap((weight) => [
        ...weight.failedRequests.map((url) => `${weight.path}: request failed: ${url}`),
        ...weight.pageErrors.map((message) => `${weight.path}: page error: ${message}`),
      ]),
    };
  },
};
