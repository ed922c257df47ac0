import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { deletePost } from '../../src/features/content/server/save-post.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { expectNoAxeViolations, signIn, waitForHydration } from './admin-support.ts';
import { entriesWhere, openForm, siteDatabase, uniqueName } from './forms-support.ts';

/**
 * The form builder (issue 16, point 1), desktop and phone: a two-page form with a condition
 * built from the palette, its fields reordered by keyboard and by drag and drop, settings set
 * in the generated panel, tried in the live preview (the real form island), its JSON's
 * problems shown at their paths, saved, embedded in a post from the editor and sent by a
 * visitor; the owner finds the entry, marks it spam and downloads the form's spam as CSV.
 */

const fieldList = (page: Page) => page.locator('.admin-builder__list');
const itemNames = async (page: Page) =>
  fieldList(page).locator('.admin-builder__name').allInnerTexts();
const panel = (page: Page) => page.locator('.admin-builder__panel');

async function addField(page: Page, kind: string): Promise<void> {
  await page
    .locator('.admin-builder__palette')
    .getByRole('button', { name: kind, exact: true })
    .click();
}

async function label(page: Page, text: string): Promise<void> {
  await panel(page).getByRole('textbox', { name: 'Label', exact: true }).first().fill(text);
}

async function choice(group: Locator, n: number, text: string): Promise<void> {
  await group
    .getByRole('group', { name: `Choices ${n}`, exact: true })
    .getByRole('textbox', { name: 'Label', exact: true })
    .fill(text);
}

test('a two-page form with a condition, built, embedded in a post and sent by a visitor', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = uniqueName('Lift share');
  await signIn(page);
  const menu = page.locator('details.admin-menu');
  if (await menu.isVisible()) await menu.locator('summary').click();
  await page.getByRole('link', { name: 'Forms' }).first().click();
  await page.getByRole('link', { name: 'New form' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New form' })).toBeVisible();
  await waitForHydration(page);
  await page.getByRole('textbox', { name: 'Form title' }).fill(title);

  // Added in the wrong order, put right by keyboard: the name first.
  await addField(page, 'Multiple choice');
  await label(page, 'Need a lift?');
  const choices = panel(page).getByRole('group', { name: 'Choices', exact: true });
  await choice(choices, 1, 'Yes');
  await choices.getByRole('button', { name: 'Add to Choices' }).click();
  await choice(choices, 2, 'No');
  await addField(page, 'Single line text');
  await label(page, 'Your name');
  await panel(page).getByRole('checkbox', { name: 'Required' }).check();
  expect(await itemNames(page)).toEqual(['Need a lift?', 'Your name']);
  const nameHandle = page.getByRole('button', { name: 'Move Your name, position 2 of 2' });
  await nameHandle.focus();
  await page.keyboard.press('ArrowUp');
  expect(await itemNames(page)).toEqual(['Your name', 'Need a lift?']);
  await expect(page.locator('.admin-builder > [role="status"]')).toHaveText(
    'Your name moved to position 1 of 2.',
  );
  await expect(page.getByRole('button', { name: 'Move Your name, position 1 of 2' })).toBeFocused();

  // The second page's field, then its page break, dragged above it.
  await addField(page, 'Single line text');
  await label(page, 'Pick-up address');
  await panel(page).getByRole('button', { name: 'Set conditions' }).click();
  await panel(page)
    .getByRole('combobox', { name: 'Field', exact: true })
    .selectOption({ label: 'Need a lift? (#1)' });
  await panel(page).getByRole('textbox', { name: 'Value', exact: true }).fill('Yes');
  await addField(page, 'Page break');
  await panel(page).getByRole('textbox', { name: 'Page title' }).fill('Travel');
  expect(await itemNames(page)).toEqual([
    'Your name',
    'Need a lift?',
    'Pick-up address',
    'Page 2: Travel',
  ]);
  await page
    .getByRole('button', { name: /^Move Page break, position 4/ })
    .dragTo(fieldList(page).locator('li').nth(2));
  expect(await itemNames(page)).toEqual([
    'Your name',
    'Need a lift?',
    'Page 2: Travel',
    'Pick-up address',
  ]);

  // The form's settings: its first page's title, a thank-you and no waiting time.
  await page.getByRole('button', { name: 'Form settings' }).click();
  await panel(page).getByRole('textbox', { name: 'Title of the first page' }).fill('You');
  await panel(page)
    .getByRole('textbox', { name: 'Message', exact: true })
    .fill('See you on the road.');
  // Each group of settings is under its name.
  await panel(page)
    .getByRole('group', { name: 'Anti-spam' })
    .getByRole('spinbutton', { name: 'Least seconds before sending' })
    .fill('0');
  await expect(
    panel(page).getByRole('group', { name: 'Notifications' }).getByRole('checkbox'),
  ).toHaveAccessibleName('Mail each entry to the site owner');
  await expect(page.locator('.admin-builder__page')).toHaveText('Page 1: You');
  await page.screenshot({ path: test.info().outputPath('builder.png'), fullPage: true });
  await expectNoAxeViolations(page);

  // The live preview is the real island: its condition and its pages work.
  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.locator('.admin-builder__preview form.qforms-form');
  await expect(preview).toHaveClass(/qforms-ready/);
  await preview.getByRole('textbox', { name: /Your name/ }).fill('Preview person');
  await preview.getByRole('radio', { name: 'Yes' }).check();
  await preview.getByRole('button', { name: 'Next' }).click();
  await expect(preview.getByRole('textbox', { name: 'Pick-up address' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('preview.png'), fullPage: true });
  await expectNoAxeViolations(page);

  // The JSON tab: a broken definition is refused with its problems at their paths, nothing lost.
  await page.getByRole('tab', { name: 'JSON' }).click();
  const json = page.getByRole('textbox', { name: 'The form definition as JSON' });
  const text = await json.inputValue();
  expect(JSON.parse(text).fields).toHaveLength(4);
  await json.fill(text.replace(`"title": ${JSON.stringify(title)}`, '"title": ""'));
  await page.getByRole('button', { name: 'Check and apply' }).click();
  await expect(page.locator('#fb-json-problems')).toContainText('title');
  await expectNoAxeViolations(page);
  await page.getByRole('tab', { name: 'Build' }).click();
  await expect(page.getByRole('textbox', { name: 'Form title' })).toHaveValue(title);

  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.locator('.admin-save-message')).toHaveText('The form is created.');
  await expect(page).toHaveURL(/\/admin\/forms\/\d+$/);
  const id = Number(/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.locator('.admin-builder__embed')).toContainText(`[form id="${id}"]`);

  // Embedded in a post written in the editor, sent by a visitor; the owner finds the entry,
  // marks it spam and downloads the form's spam as CSV.
  await page.goto('/admin/posts');
  await page.getByRole('link', { name: 'New post' }).click();
  await waitForHydration(page);
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Text' }).click();
  await page.keyboard.insertText(`Share a ride.\n\n[form id="${id}"]\n`);
  await page.getByLabel('Publish now').check();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  const postId = Number(/(\d+)$/.exec(page.url())?.[1]);
  const postPath = await page
    .getByRole('link', { name: 'View it on the site' })
    .getAttribute('href');
  // The post leaves the site again afterwards, so the journeys that read the home page and the
  // feeds meet the demo's posts.
  try {
    const address = await sendAsVisitor(page, id, postPath ?? '');
    await reviewAsOwner(page, title, address);
  } finally {
    await deletePost(siteDatabase(), postId);
  }
});

async function sendAsVisitor(page: Page, id: number, path: string): Promise<string> {
  // Signed out, but still the returning visitor every journey is: clearing every cookie would
  // bring back the follow pop-up, which covers the form as it opens at the end of the page.
  await page.context().clearCookies({ name: sessionCookieName });
  const form = await openForm(page, path);
  const address = uniqueName('12 Station Road');
  await form.getByRole('textbox', { name: /Your name/ }).fill('Mary Somerville');
  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByRole('button', { name: 'Next' }).click();
  await form.getByRole('textbox', { name: 'Pick-up address' }).fill(address);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('See you on the road.')).toBeVisible();
  const entries = await entriesWhere(id, 'Pick-up address', address);
  expect(entries).toHaveLength(1);
  expect(entries[0]?.fields.map((f) => [f.label, f.value])).toEqual([
    ['Your name', 'Mary Somerville'],
    ['Need a lift?', 'Yes'],
    ['Pick-up address', address],
  ]);
  return address;
}

async function reviewAsOwner(page: Page, title: string, address: string): Promise<void> {
  await signIn(page);
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: `1 entry of “${title}”` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Entries: ${title}` })).toBeVisible();
  await page.getByLabel('Search the answers').fill(address);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page
    .getByRole('row', { name: new RegExp(address) })
    .getByRole('link', { name: /^Entry \d+$/ })
    .click();
  await expect(page.getByText(address)).toBeVisible();
  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.getByText('Marked as spam by the owner.')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto('/admin/forms');
  await page.getByRole('link', { name: `0 entries of “${title}”` }).click();
  await page.getByLabel('Show').selectOption({ label: 'Spam' });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(address) })).toHaveCount(1);
  await waitForHydration(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as CSV' }).click();
  const csv = readFileSync(await (await downloading).path(), 'utf8');
  expect(csv).toContain(address);
  expect(csv).toContain('Mary Somerville');
}

test('the Forms list duplicates, exports and deletes a form, asking about its entries', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/forms');
  await waitForHydration(page);
  const rows = page.getByRole('row', { name: /Contact/ });
  await rows.first().getByRole('button', { name: 'Duplicate “Contact”' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('“Copy of Contact” is created.');
  const copy = page.getByRole('row', { name: /Copy of Contact/ }).last();
  const download = page.waitForEvent('download');
  await copy.getByRole('link', { name: 'Export “Copy of Contact”' }).click();
  expect((await download).suggestedFilename()).toMatch(/^quire-form-\d+\.json$/);
  await copy.getByRole('link', { name: 'Delete “Copy of Contact”' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delete “Copy of Contact”?');
  await expectNoAxeViolations(page);
  await page.getByRole('radio', { name: /Delete the entries/ }).check();
  await page.getByRole('button', { name: 'Delete the form' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('The form and its entries are deleted.');
  await expectNoAxeViolations(page);
});
