import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, signIn, waitForHydration } from './admin-support.ts';

/**
 * The owner's Forms screen (issue 16): every form with its entries and its embed code, copied
 * with a button. Desktop and phone.
 */

test('the Forms screen lists the forms and copies an embed code', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page);
  const menu = page.locator('details.admin-menu');
  if (await menu.isVisible()) await menu.locator('summary').click();
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Forms' })).toBeVisible();
  await waitForHydration(page);
  const row = page.getByRole('row', { name: /Workshop booking/ });
  await expect(row.getByRole('textbox', { name: 'Embed code of “Workshop booking”' })).toHaveValue(
    '[form id="3"]',
  );
  await row.getByRole('button', { name: 'Copy the embed code of “Workshop booking”' }).click();
  await expect(row.getByRole('status')).toHaveText('Copied.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('[form id="3"]');
  await expectNoAxeViolations(page);
});
