import { expect, test } from '@playwright/test';
import {
  claimImportRun,
  countOutcome,
  emptyReport,
  finishImportRun,
  reportImportProgress,
} from '../../src/features/import/server/import-runs.ts';
import {
  adminLink,
  expectNoAxeViolations,
  signIn,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';
import { closeSiteDatabase, siteDatabase } from './forms-support.ts';

/**
 * Moving in through Admin → Import (issue 30, point 1): the owner uploads a small WordPress
 * export, told at once when a file is of the wrong kind, sees the waiting run, then (the test
 * writing through the import record, as the import worker does) its progress without
 * reloading, and its report; a dry run is then run for real. Desktop and phone, axe-clean.
 */

watchPolicyViolations();
test.afterAll(closeSiteDatabase);

const wxr = `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Old blog</title>
  <link>https://old.example.org</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>https://old.example.org</wp:base_site_url>
  <item><title>Hello</title><wp:post_id>1</wp:post_id><wp:post_type>post</wp:post_type></item>
</channel>
</rss>
`;

test('uploads a WordPress export, follows the import as it goes, and reads its report', async ({
  page,
}) => {
  const worker = `e2e-${test.info().project.name}`;
  await signIn(page);
  await (await adminLink(page, 'Import')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  // A Ghost export chosen as a WordPress one is refused before anything is sent.
  await page.getByLabel('File').setInputFiles({
    name: 'ghost-export.json',
    mimeType: 'application/json',
    buffer: Buffer.from('{"db":[{"meta":{},"data":{}}]}'),
  });
  await expect(page.getByRole('alert')).toHaveText(
    'This is a JSON file, not a WordPress export. If it is a Ghost or WPForms export, choose that above.',
  );

  await page.getByLabel('File').setInputFiles({
    name: 'old-blog.xml',
    mimeType: 'text/xml',
    buffer: Buffer.from(wxr),
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The old site's address, read from the export.
  await expect(page.getByLabel('The old site’s address')).toHaveValue('https://old.example.org');
  await page.getByLabel('Try first (dry run): show what would happen, write nothing').check();
  await page.screenshot({ path: test.info().outputPath('import-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Upload and import' }).click();

  await expect(page).toHaveURL(/\/admin\/import\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: 'Import of old-blog.xml' }),
  ).toBeVisible();
  const state = page.getByRole('status').filter({ hasText: /Waiting|Importing|Finished/ });
  await expect(state).toHaveText('Waiting to start');
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  const id = Number(/\/admin\/import\/(\d+)$/.exec(page.url())?.[1]);

  const { db } = siteDatabase();
  expect(await claimImportRun(db, id, worker)).toBe(true);
  const report = emptyReport(true);
  countOutcome(report, 'post', 'imported', 3);
  await reportImportProgress(db, id, worker, { phase: 'posts', done: 3, total: 10, report });
  // Polled: no reload.
  await expect(state).toHaveText('Importing: posts and pages');
  await expect(page.getByText('3 of 10')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('import-running.png'), fullPage: true });

  countOutcome(report, 'post', 'imported', 7);
  countOutcome(report, 'page', 'imported', 2);
  countOutcome(report, 'attachment', 'failed', 1);
  report.problems = [
    {
      kind: 'attachment',
      sourceId: '41',
      title: 'harbour-at-dawn.jpg',
      reason: 'The old site answered 404 for this image.',
    },
  ];
  report.unknownShortcodes = { su_box: { count: 2, posts: ['Hello', 'Packing list'] } };
  report.comments = 5;
  report.notes = ['One author had no e-mail address; invite them from Users.'];
  await finishImportRun(db, id, worker, { status: 'done', report });

  // The page loads itself again for the whole report.
  await expect(page.getByRole('heading', { level: 2, name: 'Report' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible();
  await expect(
    page.getByText('Dry run: nothing was written. This is what a real import would do.'),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Posts/ })).toContainText('10');
  await expect(page.getByRole('row', { name: /harbour-at-dawn\.jpg/ })).toContainText(
    'The old site answered 404 for this image.',
  );
  await expect(page.getByText('[su_box]: 2 uses')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the report (JSON)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('import-report.png'), fullPage: true });

  await page.getByRole('button', { name: 'Import it for real' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'A new import' })).toHaveText(
    'A new import of the same file was created.',
  );
  await expect(state).toHaveText('Waiting to start');
  const realId = Number(/\/admin\/import\/(\d+)\?/.exec(page.url())?.[1]);
  expect(realId).toBeGreaterThan(id);
  // Ended as the worker would, so no run is left waiting on this site.
  expect(await claimImportRun(db, realId, worker)).toBe(true);
  await finishImportRun(db, realId, worker, { status: 'done', report: emptyReport() });
  await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible();

  await (await adminLink(page, 'Import')).click();
  await expect(page.getByRole('row', { name: /old-blog\.xml/ })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('import-runs.png'), fullPage: true });
});
