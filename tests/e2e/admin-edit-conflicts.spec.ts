import { expect, type Page, test } from '@playwright/test';
import { saveForm } from '../../src/features/forms/server/forms-store.ts';
import { bumpContentVersion } from '../../src/platform/cache/content-version.ts';
import {
  expectNoAxeViolations,
  signIn,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';
import { siteDatabase } from './forms-support.ts';

/**
 * One post and one form open in two tabs (issue 28, point 10): the later save is told that
 * the item changed since it was opened, by whom and when, and chooses: save anyway over it,
 * or reload the newer version. Nothing is overwritten without that choice.
 */

watchPolicyViolations();

const conflict = (page: Page) => page.getByRole('alert').filter({ hasText: 'after you opened it' });

test('a post saved in one tab is not overwritten from the other without asking', async ({
  page,
  context,
}) => {
  await signIn(page);
  const title = `Two tabs ${test.info().project.name}`;
  await page.goto('/admin/posts/new');
  await waitForHydration(page);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  const address = new URL(page.url()).pathname;
  const id = Number(/(\d+)$/.exec(address)?.[1]);
  try {
    const other = await context.newPage();
    await other.goto(address);
    await waitForHydration(other);

    await page.getByLabel('Title', { exact: true }).fill(`${title}, first tab`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.locator('#admin-toasts')).toContainText('Draft saved.');

    await other.getByLabel('Title', { exact: true }).fill(`${title}, second tab`);
    await other.getByRole('button', { name: 'Save draft' }).click();
    await expect(conflict(other)).toContainText(
      'This post was saved by you, in another tab or window, on',
    );
    await expect(conflict(other)).toBeFocused();
    await expectNoAxeViolations(other);
    const stored = async () =>
      (
        await siteDatabase()
          .db.selectFrom('posts')
          .select('title')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).title;
    expect(await stored()).toBe(`${title}, first tab`);
    // What the second tab holds is still there, and can be saved over the first on purpose.
    await expect(other.getByLabel('Title', { exact: true })).toHaveValue(`${title}, second tab`);
    await conflict(other).getByRole('button', { name: 'Save anyway' }).click();
    await expect(other.locator('#admin-toasts')).toContainText('Draft saved.');
    await expect(conflict(other)).toHaveCount(0);
    expect(await stored()).toBe(`${title}, second tab`);

    // Now the first tab is the stale one: it reloads to the newer version instead.
    await page.getByLabel('Title', { exact: true }).fill(`${title}, first tab again`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    await conflict(page).getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByLabel('Title', { exact: true })).toHaveValue(`${title}, second tab`);
    expect(await stored()).toBe(`${title}, second tab`);
  } finally {
    const { db } = siteDatabase();
    await db.deleteFrom('posts').where('id', '=', id).execute();
    await bumpContentVersion(db);
  }
});

test('a form saved in one tab is not overwritten from the other without asking', async ({
  page,
  context,
}) => {
  await signIn(page);
  const title = `Form in two tabs ${test.info().project.name}`;
  const form = await saveForm(siteDatabase(), {
    title,
    fields: [{ id: 1, type: 'text', label: 'Your name' }],
  });
  try {
    await page.goto(`/admin/forms/${form.id}`);
    await waitForHydration(page);
    const other = await context.newPage();
    await other.goto(`/admin/forms/${form.id}`);
    await waitForHydration(other);

    await page.getByRole('textbox', { name: 'Form title' }).fill(`${title}, first tab`);
    await page.getByRole('button', { name: 'Save form' }).click();
    await expect(page.locator('.admin-save-message')).toHaveText('The form is saved.');

    await other.getByRole('textbox', { name: 'Form title' }).fill(`${title}, second tab`);
    await other.getByRole('button', { name: 'Save form' }).click();
    await expect(conflict(other)).toContainText(
      'This form was saved by you, in another tab or window, on',
    );
    await expectNoAxeViolations(other);
    await conflict(other).getByRole('button', { name: 'Reload' }).click();
    await waitForHydration(other);
    await expect(other.getByRole('textbox', { name: 'Form title' })).toHaveValue(
      `${title}, first tab`,
    );

    // And from the other side: the first tab, stale now, saves over it on purpose.
    await other.getByRole('textbox', { name: 'Form title' }).fill(`${title}, reloaded`);
    await other.getByRole('button', { name: 'Save form' }).click();
    await expect(other.locator('.admin-save-message')).toHaveText('The form is saved.');
    await page.getByRole('textbox', { name: 'Form title' }).fill(`${title}, anyway`);
    await page.getByRole('button', { name: 'Save form' }).click();
    await conflict(page).getByRole('button', { name: 'Save anyway' }).click();
    await expect(page.locator('.admin-save-message')).toHaveText('The form is saved.');
    const stored = await siteDatabase()
      .db.selectFrom('forms')
      .select('title')
      .where('id', '=', form.id)
      .executeTakeFirstOrThrow();
    expect(stored.title).toBe(`${title}, anyway`);
  } finally {
    const { db } = siteDatabase();
    await db.deleteFrom('forms').where('id', '=', form.id).execute();
    await bumpContentVersion(db);
  }
});
