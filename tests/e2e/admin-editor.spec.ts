import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { bumpContentVersion } from '../../src/platform/cache/content-version.ts';
import {
  adminLink,
  expectNoAxeViolations,
  firstRunLink,
  owner,
  signIn,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';
import { siteDatabase } from './forms-support.ts';

/**
 * The post editor in the browser, on desktop and phone: from a first run's set-up link to a
 * first post seen on the site, the whole editor with the keyboard alone, and images by
 * button, drop and paste.
 */

watchPolicyViolations();

const toasts = (page: Page) => page.locator('#admin-toasts');

/** Presses Tab until the element matching `selector` has focus; fails after `limit` presses. */
async function tabTo(page: Page, selector: string, limit = 40): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${selector}`);
}

test('a first run goes from the set-up link to a first post seen on the site', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(await firstRunLink());
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('The password again').fill(owner.password);
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  await (await adminLink(page, 'Posts')).click();
  await page.getByRole('link', { name: 'New post' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New post' })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  const title = `First light ${test.info().project.name}`;
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.type('The first post, written in the **admin**.');
  await expect(page.locator('.admin-preview strong')).toHaveText('admin');
  await page.getByLabel('Publish now').check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toasts(page)).toContainText('Published. Visitors see it now.');
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Edit post' })).toBeVisible();
  await expectNoAxeViolations(page);

  try {
    await page.getByRole('link', { name: 'View it on the site' }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.locator('article strong')).toHaveText('admin');
    expect(errors).toEqual([]);
  } finally {
    // Other journeys open the newest post of the demo: this one must not take its place.
    const { db } = siteDatabase();
    await db.deleteFrom('posts').where('title', '=', title).execute();
    await bumpContentVersion(db);
  }
});

test('the editor works with the keyboard alone, from title to the Trash', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/posts/new');
  await waitForHydration(page);
  await page.locator('body').focus();
  await tabTo(page, '#post-title');
  const title = `Typed by keyboard ${test.info().project.name}`;
  await page.keyboard.type(title);
  await tabTo(page, '.cm-content');
  await page.keyboard.type('First paragraph.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('## A heading');
  // Tab leaves the text: the editor never keeps the keyboard.
  await page.keyboard.press('Tab');
  await expect(page.locator('.cm-content')).not.toBeFocused();
  await expect(page.locator('.admin-preview h2')).toHaveText('A heading');

  // Schedule: the radio group by arrow keys, the date and time typed.
  await tabTo(page, 'input[name="publish"]');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(page.getByLabel('Schedule')).toBeChecked();
  await tabTo(page, '#post-date');
  await page.keyboard.type('04012031');
  await tabTo(page, '#post-time');
  await page.keyboard.type('0930AM');
  await expect(page.locator('#post-date')).toHaveValue('2031-04-01');
  await expect(page.locator('#post-time')).toHaveValue('09:30');
  await tabTo(page, 'button[type="submit"]');
  await page.keyboard.press('Enter');
  await expect(toasts(page)).toContainText(
    'Scheduled: visitors see it from 2031-04-01 09:30 (UTC).',
  );
  await expect(page.locator('.admin-editor__state')).toContainText(
    'Scheduled for 2031-04-01 09:30',
  );

  // An unsaved change is warned about before leaving.
  await page.locator('#post-title').focus();
  await page.keyboard.type(' (changed)');
  let warned = false;
  page.once('dialog', async (dialog) => {
    warned = dialog.type() === 'beforeunload';
    await dialog.dismiss();
  });
  await page.locator('nav.admin-breadcrumb').getByRole('link', { name: 'Posts' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => warned).toBe(true);
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);

  // Move to Trash with a change not saved: it asks first (on Cancel; Escape closes it), then
  // moves the saved version, and the list offers Undo.
  await page.locator('#post-title').focus();
  await tabTo(page, '.admin-button--danger');
  await expect(page.locator('.admin-button--danger')).toHaveText('Move to Trash');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('What you changed here since the last save is lost');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.admin-button--danger')).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Move to Trash' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/posts\?done=trash&n=1&undo=/);
  await expect(page.locator('.admin-list-notice')).toContainText('1 post moved to the Trash.');
  await expect(page.getByRole('link', { name: title, exact: true })).toHaveCount(0);
  await page.locator('.admin-list-notice').getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('.admin-list-notice')).toContainText('1 post restored');
  await expect(page.getByRole('link', { name: title, exact: true })).toBeVisible();
  // Its saved version, scheduled as it was; gone from the list for the journeys after this one.
  const { db } = siteDatabase();
  await db.deleteFrom('posts').where('title', '=', title).execute();
});

test('images come in by button, drop and paste, each described; a disguised file is refused', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/posts/new');
  await waitForHydration(page);
  await page.getByLabel('Title', { exact: true }).fill('Pictures');
  const png = await sharp({
    create: { width: 300, height: 200, channels: 3, background: { r: 40, g: 120, b: 90 } },
  })
    .png()
    .toBuffer();
  const describeImage = async (alt: string) => {
    const field = page.getByLabel('Description, for people who cannot see it');
    await expect(field).toBeFocused();
    await field.fill(alt);
    await field.press('Enter');
    await expect(field).toBeHidden();
  };

  await page
    .locator('.admin-editor__toolbar input[type="file"]')
    .setInputFiles({ name: 'button.png', mimeType: 'image/png', buffer: png });
  await expectNoAxeViolations(page);
  await describeImage('Added by button');

  const base64 = png.toString('base64');
  await page.evaluate((data) => {
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'dropped.png', { type: 'image/png' }));
    const content = document.querySelector('.cm-content');
    const box = content?.getBoundingClientRect();
    content?.dispatchEvent(
      new DragEvent('drop', {
        dataTransfer: transfer,
        bubbles: true,
        cancelable: true,
        clientX: (box?.left ?? 0) + 5,
        clientY: (box?.bottom ?? 0) - 5,
      }),
    );
  }, base64);
  await describeImage('Added by drop');

  await page.evaluate((data) => {
    const bytes = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'pasted.png', { type: 'image/png' }));
    document
      .querySelector('.cm-content')
      ?.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: transfer, bubbles: true, cancelable: true }),
      );
  }, base64);
  await describeImage('Added by paste');

  const text = await page.locator('.cm-content').textContent();
  expect(text).toMatch(/!\[Added by button\]\(\/media\/\d+\/\d+\/button\.png\)/);
  expect(text).toMatch(/!\[Added by drop\]\(\/media\/\d+\/\d+\/dropped\.png\)/);
  expect(text).toMatch(/!\[Added by paste\]\(\/media\/\d+\/\d+\/pasted\.png\)/);
  await expect(page.locator('.admin-preview img')).toHaveCount(3);
  await expect(page.locator('.admin-preview img[alt="Added by drop"]')).toBeVisible();

  await page.locator('.admin-editor__toolbar input[type="file"]').setInputFiles({
    name: 'holiday.png',
    mimeType: 'image/png',
    buffer: Buffer.from('<html><script>alert(1)</script></html>'),
  });
  await expect(toasts(page)).toContainText(
    'The image could not be uploaded: holiday.png: not an image Quire can read.',
  );
  await expect(page.getByLabel('Description, for people who cannot see it')).toHaveCount(0);
});
