import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations, signIn, waitForHydration } from './admin-support.ts';
import { closeSiteDatabase, siteDatabase, uniqueName } from './forms-support.ts';

/**
 * The media library as an owner uses it (issue 29, point 4), desktop and phone: several images
 * added at once, each with its progress and a refused file with its reason; a description
 * written and saved; an image a post uses is not deleted, and the library says which post
 * uses it; an unused image is deleted after the question. Each state is checked with axe.
 */

test.afterAll(closeSiteDatabase);

const png = (red: number) =>
  sharp({ create: { width: 480, height: 320, channels: 3, background: { r: red, g: 140, b: 90 } } })
    .png()
    .toBuffer();

test('adds images, describes one, refuses to delete one in use and deletes an unused one', async ({
  page,
}) => {
  const stem = uniqueName('harbour')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');
  await signIn(page);
  await page.goto('/admin/media');
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);

  // Two images and a file that is not one, chosen together.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Add images' }).click();
  await (await chooser).setFiles([
    { name: `${stem}-a.png`, mimeType: 'image/png', buffer: await png(20) },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Not a picture') },
    { name: `${stem}-b.png`, mimeType: 'image/png', buffer: await png(200) },
  ]);
  const uploads = page.getByRole('list', { name: 'Uploads' });
  await expect(uploads.getByRole('listitem')).toHaveCount(3);
  await expect(uploads.getByRole('listitem').filter({ hasText: 'notes.txt' })).toContainText(
    'Only JPEG, PNG, WebP and GIF images can be added.',
  );
  await expect(page.getByText('2 images added, 1 could not be: see the list.')).toBeVisible();
  // They are at the top of the library at once, flagged as undescribed and unused.
  const grid = page.getByRole('list', { name: 'Images' });
  await expect(grid.getByRole('listitem').first()).toContainText(stem);
  const fresh = grid.getByRole('listitem').filter({ hasText: stem });
  await expect(fresh).toHaveCount(2);
  for (const item of await fresh.all()) {
    await expect(item).toContainText('No description');
    await expect(item).toContainText('Not used');
  }
  await expectNoAxeViolations(page);

  // Describe the first one.
  await uploads.getByRole('link', { name: `Describe ${stem}-a.png` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `${stem}-a.png` })).toBeVisible();
  await waitForHydration(page);
  await expect(page.getByText('Not used by any post, page, form or setting.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page
    .getByRole('textbox', { name: 'Description (alternative text)' })
    .fill('Green boats in a small harbour');
  await page.getByRole('button', { name: 'Save the description' }).click();
  await expect(page.getByRole('status').first()).toHaveText(
    'The description is saved. The site shows it now.',
  );
  await expect(page.getByRole('textbox', { name: 'Description (alternative text)' })).toHaveValue(
    'Green boats in a small harbour',
  );
  await expect(page.getByRole('textbox', { name: 'Markdown for a post' })).toHaveValue(
    new RegExp(`^!\\[Green boats in a small harbour\\]\\(/media/\\d+/\\d+/${stem}-a\\.png\\)$`),
  );

  // An image the demo's posts use: refused, with the post that uses it.
  await page.goto('/admin/media?q=lika-meadows&view=list');
  await page.getByRole('link', { name: 'lika-meadows.jpg' }).click();
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Delete the image' }).click();
  const question = page.getByRole('form', { name: /lika-meadows\.jpg is used in 1 place/ });
  await expect(question).toBeVisible();
  await expect(
    question.getByRole('link', { name: /^Post: Six Hours on the Train to Split/ }),
  ).toBeVisible();
  await expect(
    question.getByRole('button', { name: 'Take it out of them and delete it' }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await question.getByRole('link', { name: 'Keep it' }).click();
  await expect(page.getByRole('button', { name: 'Delete the image' })).toBeVisible();

  // The second upload is used nowhere: deleted once confirmed.
  await page.goto(`/admin/media?q=${stem}-b`);
  await page.getByRole('link', { name: `${stem}-b.png` }).click();
  await page.getByRole('button', { name: 'Delete the image' }).click();
  const confirm = page.getByRole('form', {
    name: `Delete ${stem}-b.png for good? This cannot be undone.`,
  });
  await expectNoAxeViolations(page);
  await confirm.getByRole('button', { name: 'Delete for good' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Media library' })).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText(`${stem}-b.png was deleted.`);
  await expect(page.getByRole('link', { name: `${stem}-b.png` })).toHaveCount(0);

  // The described one stays; the journey leaves the site as it found it.
  const { db } = siteDatabase();
  const kept = await db
    .selectFrom('media')
    .select(['id', 'alt'])
    .where('file_name', '=', `${stem}-a.png`)
    .execute();
  expect(kept.map((image) => image.alt)).toEqual(['Green boats in a small harbour']);
  await db.deleteFrom('media').where('file_name', '=', `${stem}-a.png`).execute();
});
