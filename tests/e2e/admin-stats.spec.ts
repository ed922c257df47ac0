import { expect, type Page, test } from '@playwright/test';
import {
  adminLink,
  expectNoAxeViolations,
  signIn,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';
import { postPaths, waitForHydration as waitForSiteHydration } from './support.ts';

/**
 * The owner's Statistics screen (issue 16): after a few visits, the day's counts and the chart,
 * a period picked, a campaign and a top page clicked to filter the screen. Desktop and phone;
 * each project's visits carry a campaign of their own, so the filtered figures are exact
 * whatever else the suite has visited.
 */

watchPolicyViolations();

// Headless Chromium names itself HeadlessChrome, which the server counts as a bot: these
// visits are an ordinary visitor's.
test.use({
  userAgent: async ({ isMobile }, use) =>
    use(
      isMobile
        ? 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'
        : 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    ),
});

/** Opens a page as a visitor and scrolls, which sends its page view; waits for the hit's answer. */
async function visit(page: Page, path: string): Promise<void> {
  const hit = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/' && url.searchParams.get('qstat') === '1';
  });
  await page.goto(path);
  await waitForSiteHydration(page);
  await page.evaluate(() => window.scrollBy(0, 240));
  await hit;
}

const figure = (page: Page, name: string) => page.locator(`[data-figure="totals.${name}"]`);

test('the statistics dashboard after a few visits', async ({ page }) => {
  const campaign = `stats-journey-${test.info().project.name}-${Date.now().toString(36)}`;
  const [first, second] = await postPaths(page);
  if (!first || !second) throw new Error('The demo needs two posts');
  await visit(page, `${first}?utm_campaign=${campaign}`);
  await visit(page, `${second}?utm_campaign=${campaign}`);
  await visit(page, `${first}?utm_campaign=${campaign}&again=1`);

  await signIn(page);
  await (await adminLink(page, 'Statistics')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('link', { name: 'Today', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Today', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.locator('.admin-count')).toContainText('1 day');

  // The hits are written in batches (STATS_BATCH_MS): the campaign's row appears once they are.
  const campaigns = page.locator('#stats-utm-campaign');
  await expect(async () => {
    await page.reload();
    await expect(campaigns.getByRole('link', { name: campaign })).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const total = Number((await figure(page, 'pageViews').textContent())?.replace(/,/g, ''));
  expect(total).toBeGreaterThanOrEqual(3);

  await waitForHydration(page);
  const chart = page.getByRole('img', { name: /Chart of page views and visitors per day/ });
  await expect(chart).toBeVisible();
  await expect(chart.locator('canvas')).toHaveCount(1);
  await page.locator('summary', { hasText: 'Figures per day' }).click();
  await expect(page.locator('#stats-daily [data-figure="daily.0.pageViews"]')).toHaveText(
    total.toLocaleString('en-US'),
  );
  await expectNoAxeViolations(page);

  // A campaign's row filters the whole screen by it; then a top page narrows it further.
  await campaigns.getByRole('link', { name: campaign }).click();
  await expect(page.getByRole('heading', { name: 'Filtered by' })).toBeVisible();
  await expect(figure(page, 'pageViews')).toHaveText('3');
  await expect(figure(page, 'visitors')).toHaveText('1');
  const pages = page.locator('#stats-pages');
  await expect(pages.locator('tbody tr')).toHaveCount(2);
  await pages.getByRole('link', { name: first, exact: true }).click();
  await expect(figure(page, 'pageViews')).toHaveText('2');
  await expect(pages.locator('tbody tr')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'Today', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  // A custom period keeps the filters; a wrong one is explained and keeps what was typed.
  await page.getByLabel('From', { exact: true }).fill('2026-01-02');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('alert')).toContainText('The period starts after it ends');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('2026-01-02');
  await page.getByRole('link', { name: `Remove the filter Page: ${first}` }).click();
  await expect(page.getByRole('link', { name: /Remove the filter Page/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Remove the filter Campaign/ })).toHaveCount(1);
  await expectNoAxeViolations(page);
});
