import { createRequire } from 'node:module';
import { expect, type Page, test } from '@playwright/test';
import type * as Axe from 'axe-core';
import { createSession } from '../../src/features/admin/server/sessions.ts';
import { createSetupLink } from '../../src/features/admin/server/setup-link.ts';
import { createAdmin } from '../../src/features/admin/server/users.ts';
import { bumpContentVersion } from '../../src/platform/cache/content-version.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { closeSiteDatabase, siteDatabase } from './forms-support.ts';

/** What the admin's journeys share: the owner, signing in, and the checks every screen passes. */

export const owner = {
  name: 'Ada Owner',
  email: 'ada@example.org',
  password: 'a long and careful password',
};

/**
 * Admin pages run under their own strict Content-Security-Policy: nothing may break it. Called
 * at the top of a spec, it checks each of its tests, and closes the site's database after them.
 */
export function watchPolicyViolations(): void {
  let policyViolations: string[] = [];
  test.afterAll(closeSiteDatabase);
  test.beforeEach(({ page }) => {
    policyViolations = [];
    page.on('console', (message) => {
      if (/Content.Security.Policy/i.test(message.text())) policyViolations.push(message.text());
    });
  });
  test.afterEach(() => {
    expect(policyViolations).toEqual([]);
  });
}

/** Starts the journey as a first run: no administrator, a fresh set-up link. */
export async function firstRunLink(): Promise<string> {
  const { db } = siteDatabase();
  await db.deleteFrom('sessions').execute();
  await db.deleteFrom('users').execute();
  return `/admin/setup/${await createSetupLink(db)}`;
}

/** A link of the admin's navigation: in the sidebar, or on a phone in the menu, opened first. */
export async function adminLink(page: Page, name: string) {
  const menu = page.locator('summary', { hasText: 'Menu' });
  if (await menu.isVisible()) {
    if ((await page.locator('details.admin-menu').getAttribute('open')) === null) {
      await menu.click();
      await expect(page.locator('details.admin-menu')).toHaveAttribute('open', '');
    }
    return page.locator('details.admin-menu').getByRole('link', { name, exact: true });
  }
  return page.locator('nav.admin-nav').getByRole('link', { name, exact: true });
}

/** axe-core's own script, put into a page as it is checked. */
const axeSource: string = createRequire(import.meta.url)('axe-core').source;

/**
 * WCAG 2.2 A and AA, with the two rules axe leaves off by default that issue 28 found broken: a
 * control's name must contain its visible text (label-content-name-mismatch), and every target
 * must be 24 by 24 px or spaced (target-size).
 */
const axeOptions: Axe.RunOptions = {
  runOnly: {
    type: 'tag',
    values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
  },
  rules: {
    'label-content-name-mismatch': { enabled: true },
    'target-size': { enabled: true },
  },
};

/**
 * Runs axe on the page as it is. axe-core is put into the document once and run there
 * (decision 0074): @axe-core/playwright put it in twice per check and gathered the results in a
 * new blank page, five times the cost, which took journeys of many screens past their budget
 * on a busy machine.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: typeof Axe };
    const results = await axe.run(document, options);
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  }, axeOptions);
  expect(violations).toEqual([]);
}

/** Waits until the screen's islands have hydrated (the admin's bundle marks them). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('[data-admin-island][data-hydrated]').first().waitFor({ state: 'attached' });
}

/** The owner's account, created when a journey runs alone. */
async function ownerId(): Promise<number> {
  const { db } = siteDatabase();
  const exists = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', owner.email)
    .executeTakeFirst();
  return exists ? exists.id : (await createAdmin(db, owner)).id;
}

/**
 * Signs the owner in with a session made in the database, as the sign-in form would (the
 * first admin screen signs its cookie): a suite that signed in through the form for every
 * journey would spend a scrypt check on each, and meet the sign-in limits whenever a journey
 * types a wrong password, which is right for a person and wrong for a test.
 * The form itself is driven by the journeys that test it (signInThroughForm).
 */
export async function signIn(page: Page): Promise<void> {
  const token = await createSession(siteDatabase().db, await ownerId());
  const baseURL = test.info().project.use.baseURL ?? '';
  await page.context().addCookies([{ name: sessionCookieName, value: token, url: baseURL }]);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Signs the owner in through the sign-in form. */
export async function signInThroughForm(page: Page): Promise<void> {
  await ownerId();
  await page.goto('/admin/sign-in');
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * Runs a journey that changes a settings group (`site`, `share`), then puts the group back as
 * the demo had it and refreshes the pages, so the journeys after it meet the demo's site.
 */
export async function keepingSettings(key: string, journey: () => Promise<void>): Promise<void> {
  const { db } = siteDatabase();
  const before = await db
    .selectFrom('settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  try {
    await journey();
  } finally {
    if (before) {
      await db
        .updateTable('settings')
        .set({ value: before.value })
        .where('key', '=', key)
        .execute();
    } else {
      // A group never saved before goes back to its defaults.
      await db.deleteFrom('settings').where('key', '=', key).execute();
    }
    await bumpContentVersion(db);
  }
}
