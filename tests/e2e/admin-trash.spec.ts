import { expect, type Page, test } from '@playwright/test';
import { savePost } from '../../src/features/content/server/save-post.ts';
import { bumpContentVersion } from '../../src/platform/cache/content-version.ts';
import { expectNoAxeViolations, signIn, waitForHydration } from './admin-support.ts';
import { closeSiteDatabase, siteDatabase, uniqueName } from './forms-support.ts';

/**
 * Bulk work and the Trash as an owner does them (issue 29, point 3), desktop and phone, by
 * keyboard where a person would: tick posts, move them to the Trash, Undo, select all on a
 * filtered page, open the Trash from its count, restore one there and one from its editor, and
 * empty the Trash once it has said how many it holds. Each state is checked with axe.
 */

// The journey's posts go at the end (the restored ones are published, and newest): the journeys
// after it open the demo's newest post and expect its images.
test.afterAll(async () => {
  const { db } = siteDatabase();
  await db.deleteFrom('posts').where('title', 'like', 'Bulk %').execute();
  await bumpContentVersion(db);
  await closeSiteDatabase();
});

const shot = (page: Page, name: string) =>
  page.screenshot({
    path: test.info().outputPath(`${test.info().project.name}-${name}.png`),
    fullPage: true,
  });

test('select, move to the Trash, undo, select all, restore from the Trash and empty it', async ({
  page,
}) => {
  const { db } = siteDatabase();
  // The Trash starts empty, whatever journeys before this one left there.
  await db.deleteFrom('posts').where('trashed_at', 'is not', null).execute();
  const prefix = uniqueName('Bulk');
  const titles = ['one', 'two', 'three'].map((n) => `${prefix} ${n}`);
  for (const title of titles) {
    await savePost(siteDatabase(), { title, body: 'Kept for the journey.', status: 'published' });
  }
  const slug = (title: string) => title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await signIn(page);
  await page.goto(`/admin/posts?q=${encodeURIComponent(prefix)}`);
  await waitForHydration(page);
  await expect(page.getByText('0 selected')).toBeVisible();

  // Two ticked by keyboard, then Bulk actions → Move to Trash → Apply.
  for (const title of titles.slice(0, 2)) {
    await page.getByRole('checkbox', { name: `Select “${title}”` }).focus();
    await page.keyboard.press('Space');
  }
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByLabel('Bulk actions').selectOption('trash');
  await shot(page, '1-selected');
  await page.getByRole('button', { name: 'Apply' }).click();
  const notice = page.locator('.admin-list-notice');
  await expect(notice).toContainText('2 posts moved to the Trash.');
  await expect(page.getByRole('link', { name: titles[0] as string, exact: true })).toHaveCount(0);
  expect((await page.request.get(`/${slug(titles[0] as string)}/`)).status()).toBe(404);
  await expectNoAxeViolations(page);
  await shot(page, '2-trashed');

  // Undo brings them back as they were: published.
  await notice.getByRole('button', { name: 'Undo' }).focus();
  await page.keyboard.press('Enter');
  await expect(notice).toContainText('2 posts restored from the Trash, as they were.');
  await expect(page.getByRole('link', { name: titles[0] as string, exact: true })).toBeVisible();
  expect((await page.request.get(`/${slug(titles[0] as string)}/`)).status()).toBe(200);

  // Select all on this (filtered) page: all three go.
  await page.getByLabel('Select all on this page').check();
  await expect(page.getByText('3 selected')).toBeVisible();
  await page.getByLabel('Bulk actions').selectOption('trash');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(notice).toContainText('3 posts moved to the Trash.');

  // The Trash, from its count in the views.
  await page
    .getByRole('navigation', { name: 'Views of the list' })
    .getByRole('link', { name: 'Trash (3)' })
    .click();
  await expect(page).toHaveURL(/\/admin\/posts\?state=trash$/);
  await waitForHydration(page);
  for (const title of titles)
    await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expect(page.getByText(/deleted permanently 30 days after/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, '3-trash');

  // Restore one by its own button.
  await page.getByRole('button', { name: `Restore “${titles[1]}”` }).click();
  await expect(notice).toContainText('1 post restored from the Trash, as it was.');
  await expect(page.getByRole('link', { name: titles[1] as string, exact: true })).toHaveCount(0);
  expect((await page.request.get(`/${slug(titles[1] as string)}/`)).status()).toBe(200);

  // One opened from the Trash offers to restore it, which opens its editor.
  await page.getByRole('link', { name: titles[2] as string, exact: true }).click();
  await expect(page.getByText(/is deleted permanently on .* Restore it to edit it/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, '4-trashed-editor');
  await page.getByRole('button', { name: 'Restore' }).click();
  await waitForHydration(page);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(titles[2] as string);
  expect((await page.request.get(`/${slug(titles[2] as string)}/`)).status()).toBe(200);

  // Empty Trash asks first, and says how many.
  await page.goto('/admin/posts?state=trash');
  await page.getByRole('link', { name: 'Empty Trash' }).click();
  const question = page.locator('.admin-confirm');
  await expect(question).toContainText(
    'Empty the Trash? The post in it is deleted permanently. This cannot be undone.',
  );
  await expectNoAxeViolations(page);
  await shot(page, '5-empty-question');
  await question.getByRole('button', { name: 'Empty Trash' }).click();
  await expect(notice).toContainText('The Trash is emptied: 1 post deleted permanently.');
  await expect(page.getByText('The Trash is empty.')).toBeVisible();
  await shot(page, '6-emptied');
  const left = await db
    .selectFrom('posts')
    .select('title')
    .where('title', 'like', `${prefix}%`)
    .execute();
  expect(left.map((row) => row.title).sort()).toEqual([titles[1], titles[2]].sort());
});
