import { expect, test } from '@playwright/test';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { expectNoAxeViolations, owner, waitForHydration } from './admin-support.ts';

/**
 * A clean start, on desktop and phone: the first-run page names the site and offers the demo
 * or an empty site; a site that kept the demo removes it from Settings → Site. Each journey
 * has a site of its own, since both take the demo away.
 */

let site: TestServer | undefined;
test.afterEach(async () => {
  await site?.stop();
  site = undefined;
});

test('the first-run page starts an empty site under the owner’s title', async ({ page }) => {
  site = await startTestServer();
  await site.waitForErrorOutput(/\/admin\/setup\/\S+/);
  const link = /(http:\/\/\S+\/admin\/setup\/\S+)/.exec(site.errorOutput())?.[1] ?? '';
  await page.goto(link);
  await expect(page.getByLabel('Site title')).toHaveValue('Field Notes');
  await expect(page.getByRole('radio', { name: 'The demo site' })).toBeChecked();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('first-run.png'), fullPage: true });
  await page.getByLabel('Site title').fill('Ada’s Workshop');
  await page.getByRole('radio', { name: 'An empty site' }).check();
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('The password again').fill(owner.password);
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.locator('#demo-still-here')).toHaveCount(0);

  await page.goto(`${site.url}/`);
  await expect(page.locator('header').getByText('Ada’s Workshop').first()).toBeVisible();
  await expect(page.locator('.site-footer')).toContainText('Ada’s Workshop');
  await expect(page.locator('body')).not.toContainText('Field Notes');
  await expect(page.locator('body')).not.toContainText('Walking the Coast Path');
});

test('Settings → Site removes the demo after asking, and keeps the owner’s title', async ({
  page,
}) => {
  site = await startTestServer({
    QUIRE_ADMIN_EMAIL: owner.email,
    QUIRE_ADMIN_PASSWORD: owner.password,
  });
  await page.goto(`${site.url}/admin/sign-in`);
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('#demo-still-here')).toContainText(
    'Your site still shows the demo’s posts, pages and forms',
  );
  await page.locator('#demo-still-here').getByRole('link').click();
  await waitForHydration(page);
  await page.getByLabel('Site title').fill('Ada’s Workshop');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByRole('status').first()).toHaveText(
    'Settings saved. The site shows them now.',
  );
  const box = page.getByRole('region', { name: 'Demo content' });
  await expect(box).toContainText(/The site still has the demo’s \d+ posts, \d+ pages/);
  await expectNoAxeViolations(page);
  await box.getByRole('button', { name: 'Remove demo content' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Remove the demo content?' });
  await expect(dialog).toContainText('It cannot be undone.');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('remove-demo.png') });
  // Cancel first: nothing happens.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await box.getByRole('button', { name: 'Remove demo content' }).click();
  await dialog.getByRole('button', { name: 'Remove demo content' }).click();
  await expect(box.getByRole('status')).toHaveText(
    /^The demo content is gone: \d+ posts, \d+ pages, \d+ forms, \d+ images, 1 coupon and \d+ settings\.$/,
  );
  await expect(box.getByRole('button', { name: 'Remove demo content' })).toHaveCount(0);

  await page.goto(`${site.url}/`);
  await expect(page.locator('.site-footer')).toContainText('Ada’s Workshop');
  await expect(page.locator('body')).not.toContainText('Walking the Coast Path');
  await page.goto(`${site.url}/admin`);
  await expect(page.locator('#demo-still-here')).toHaveCount(0);
});
