import { expect, test } from '@playwright/test';
import { bumpContentVersion } from '../../src/platform/cache/content-version.ts';
import type { Db } from '../../src/platform/db/connect.ts';
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
 * export, told at once when a file is of the wrong kind, sees the waiting run, then the site's
 * import worker take it, the page following without a reload, and its report; the dry run is
 * then run for real, and the old post is on the site at its old address too. Desktop and phone,
 * axe-clean.
 */

watchPolicyViolations();
test.afterAll(closeSiteDatabase);

const postAt = (db: Db, slug: string) =>
  db.selectFrom('posts').select('title').where('slug', '=', slug).executeTakeFirst();

/** A small export of one old post (older than the demo's, so journeys opening the newest meet those). */
const wxrOf = (slug: string, oldSite: string) => `<?xml version="1.0" encoding="UTF-8" ?>
<rss version="2.0" xmlns:wp="http://wordpress.org/export/1.2/"
  xmlns:content="http://purl.org/rss/1.0/modules/content/">
<channel>
  <title>Old blog</title>
  <link>${oldSite}</link>
  <wp:wxr_version>1.2</wp:wxr_version>
  <wp:base_site_url>${oldSite}</wp:base_site_url>
  <item>
    <title>Hello from the old blog</title>
    <link>${oldSite}/2015/03/${slug}/</link>
    <content:encoded><![CDATA[First words on the new site. [su_box]Kept as text.[/su_box]]]></content:encoded>
    <wp:post_id>1</wp:post_id>
    <wp:post_date_gmt>2015-03-10 08:00:00</wp:post_date_gmt>
    <wp:post_name>${slug}</wp:post_name>
    <wp:status>publish</wp:status>
    <wp:post_type>post</wp:post_type>
  </item>
</channel>
</rss>
`;

test('uploads a WordPress export, follows the import as it goes, and reads its report', async ({
  page,
}) => {
  const slug = `hello-from-the-old-blog-${test.info().project.name}`;
  // An old site of this run's own: the import record remembers what an earlier run brought in
  // (and that its post was deleted since), and would not bring it in again.
  const stamp = Date.now().toString(36);
  const oldSite = `https://old-${stamp}.example.org`;
  const fileName = `old-blog-${stamp}.xml`;
  await signIn(page);
  await (await adminLink(page, 'Import')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import' })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  // Each kind asks only what it needs: a form for WPForms entries (no images), the old site's
  // address for a Ghost export whose images come from a folder.
  const images = page.getByRole('group', { name: 'Images and other media' });
  await page.getByLabel('WPForms entries (.csv)').check();
  await expect(page.getByLabel('Add them to the form')).toBeVisible();
  await expect(images).toBeHidden();
  await page.getByLabel('Ghost export (.json)').check();
  await expect(page.getByLabel('Add them to the form')).toBeHidden();
  await expect(page.getByLabel('The old site’s address (optional)')).toBeHidden();
  await page.getByLabel('Take them from a folder on this server').check();
  await expect(page.getByLabel('The old site’s address (optional)')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('WordPress export (.xml)').check();
  await page.getByLabel('Fetch them from the old site').check();
  await expect(page.getByLabel('The old site’s address (optional)')).toBeHidden();

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
    name: fileName,
    mimeType: 'text/xml',
    buffer: Buffer.from(wxrOf(slug, oldSite)),
  });
  await expect(page.getByRole('alert')).toHaveCount(0);
  // The old site's address, read from the export.
  await expect(page.getByLabel('The old site’s address', { exact: true })).toHaveValue(oldSite);
  await page.getByLabel('Try first (dry run): show what would happen, write nothing').check();
  await page.screenshot({ path: test.info().outputPath('import-form.png'), fullPage: true });
  // The run's page asks for its state every 2 s and reloads once the run has ended, which a dry
  // run soon does: axe needs the page to stay, so those requests fail until it has read the page
  // (the page asks again at its next tick).
  const runState = '**/admin/import/*/state.json';
  await page.route(runState, (route) => route.abort());
  await page.getByRole('button', { name: 'Upload and import' }).click();

  await expect(page).toHaveURL(/\/admin\/import\/\d+$/);
  await expect(
    page.getByRole('heading', { level: 1, name: `Import of ${fileName}` }),
  ).toBeVisible();
  const state = page.getByRole('status').filter({ hasText: /Waiting|Importing|Finished/ });
  await expect(state).toHaveText('Waiting to start');
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await page.unroute(runState);
  const id = Number(/\/admin\/import\/(\d+)$/.exec(page.url())?.[1]);
  expect(id).toBeGreaterThan(0);

  // The site's own import worker takes the run; the page follows it without a reload and
  // shows the whole report once it has ended.
  await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText('Dry run: nothing was written. This is what a real import would do.'),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Posts/ })).toContainText('1');
  await expect(page.getByText('[su_box]: 1 use')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download the report (JSON)' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('import-report.png'), fullPage: true });
  const { db } = siteDatabase();
  expect(await postAt(db, slug)).toBeUndefined();

  try {
    await page.getByRole('button', { name: 'Import it for real' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'A new import' })).toHaveText(
      'A new import of the same file was created.',
    );
    const realId = Number(/\/admin\/import\/(\d+)\?/.exec(page.url())?.[1]);
    expect(realId).toBeGreaterThan(id);
    await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByText('Dry run: nothing was written.')).toHaveCount(0);
    expect(await postAt(db, slug)).toMatchObject({ title: 'Hello from the old blog' });
    // The old address of the post leads to it.
    await page.goto(`/2015/03/${slug}/`);
    await expect(page).toHaveURL(new RegExp(`/${slug}/$`));
    await expect(
      page.getByRole('heading', { level: 1, name: 'Hello from the old blog' }),
    ).toBeVisible();
  } finally {
    await db.deleteFrom('posts').where('slug', '=', slug).execute();
    await db.deleteFrom('redirects').where('to_address', 'like', `%${slug}%`).execute();
    await bumpContentVersion(db);
  }

  await page.goto('/admin/import');
  await expect(page.getByRole('row', { name: new RegExp(fileName) })).toHaveCount(2);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('import-runs.png'), fullPage: true });
});
