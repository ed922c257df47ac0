import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { createSetupLink } from '../../src/features/admin/server/setup-link.ts';
import { closeSiteDatabase, siteDatabase } from './forms-support.ts';

/**
 * The admin's base in the browser, on desktop and phone: a first run's set-up link to the
 * dashboard, signing out and in again with the keyboard alone, and no accessibility
 * violation on any of its screens.
 */

const owner = {
  name: 'Ada Owner',
  email: 'ada@example.org',
  password: 'a long and careful password',
};

test.afterAll(closeSiteDatabase);

/** Starts the journey as a first run: no administrator, a fresh set-up link. */
async function firstRunLink(): Promise<string> {
  const { db } = siteDatabase();
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('users').execute();
  return `/admin/setup/${await createSetupLink(db)}`;
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`),
  ).toEqual([]);
}

test('a first run goes from the set-up link to the dashboard, and out and in again', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(await firstRunLink());
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Set up');
  await expectNoAxeViolations(page);
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('The password again').fill('not the same password');
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
  await expectNoAxeViolations(page);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('The password again').fill(owner.password);
  await page.getByRole('button', { name: 'Create the account' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Dashboard' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('heading', { name: 'Newest form entries' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?notice=signed-out$/);
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await expectNoAxeViolations(page);

  // Back in with the keyboard alone: Tab from the top of the page, type, Enter.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await page.keyboard.type(owner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('a wrong password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'The e-mail address or the password is not right.',
  );
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').focus();
  await page.keyboard.type(owner.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(errors).toEqual([]);
});
