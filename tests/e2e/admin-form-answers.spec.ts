import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { readCsv } from '../../src/features/share/csv-rows.ts';
import { sessionCookieName } from '../../src/platform/cookies.ts';
import { expectNoAxeViolations, signIn, waitForHydration } from './admin-support.ts';
import { entriesWhere, openForm, publishFormPage, uniqueName } from './forms-support.ts';

/**
 * Nothing filed under another field, nothing hidden (issue 28, points 7 and 9), desktop and
 * phone: the owner deletes a field that has answers and adds another in the builder; the
 * download keeps the old answers under their own column and gives the new field a new one.
 * Then the form is deleted with its entries kept: the Entries screen still offers it (marked
 * as deleted), opens its entries and downloads them under the same columns.
 */

async function send(page: Page, path: string, answers: Record<string, string>): Promise<void> {
  // Signed out, but still the returning visitor (no follow pop-up over the form).
  await page.context().clearCookies({ name: sessionCookieName });
  const form = await openForm(page, path);
  for (const [label, value] of Object.entries(answers)) {
    await form.getByRole('textbox', { name: label }).fill(value);
  }
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.qforms-confirmation-container')).toBeVisible();
}

/** Downloads the listed form's entries; each row as column → value, oldest first. */
async function download(page: Page): Promise<Array<Record<string, string>>> {
  await waitForHydration(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download as CSV' }).click();
  const [header = [], ...rows] = readCsv(
    readFileSync(await (await downloading).path(), 'utf8'),
  ).rows.map((row) => row.cells);
  return rows
    .reverse()
    .map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])));
}

const answersOf = (rows: Array<Record<string, string>>) =>
  rows.map((row) => [row.Name, row.Company, row['Phone (deleted field 2)']]);

test('a deleted field keeps its answers, and a deleted form its entries, in the download', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const title = uniqueName('Call-back');
  const { id, path } = await publishFormPage({
    title,
    settings: { antispam: { minimumSeconds: 0 } },
    fields: [
      { id: 1, type: 'text', label: 'Name', required: true },
      { id: 2, type: 'text', label: 'Phone' },
    ],
  });
  const ada = uniqueName('Ada');
  await send(page, path, { Name: ada, Phone: '020 7946 0000' });
  expect(await entriesWhere(id, 'Name', ada)).toHaveLength(1);

  // The owner deletes Phone, which has an answer, and adds Company in its place.
  await signIn(page);
  await page.goto(`/admin/forms/${id}`);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Remove Phone' }).click();
  await page
    .locator('.admin-builder__palette')
    .getByRole('button', { name: 'Single line text', exact: true })
    .click();
  await page
    .locator('.admin-builder__panel')
    .getByRole('textbox', { name: 'Label', exact: true })
    .fill('Company');
  await page.getByRole('button', { name: 'Save form' }).click();
  await expect(page.locator('.admin-save-message')).toHaveText('The form is saved.');

  const grace = uniqueName('Grace');
  await send(page, path, { Name: grace, Company: 'US Navy' });
  const [entry] = await entriesWhere(id, 'Name', grace);
  expect(entry?.fields.map((f) => [f.id, f.label])).toEqual([
    [1, 'Name'],
    [3, 'Company'],
  ]);

  await signIn(page);
  await page.goto(`/admin/entries?form=${id}`);
  expect(answersOf(await download(page))).toEqual([
    [ada, '', '020 7946 0000'],
    [grace, 'US Navy', ''],
  ]);

  // Deleted with its entries kept: still offered in the Entries screen, and downloaded alike.
  await page.goto('/admin/forms');
  await page.getByRole('link', { name: `Delete “${title}”` }).click();
  await page.getByRole('radio', { name: /Keep the entries/ }).check();
  await page.getByRole('button', { name: 'Delete the form' }).click();
  await expect(page.locator('.admin-notice')).toBeVisible();
  await page.goto('/admin/entries');
  await page.getByLabel('Form', { exact: true }).selectOption({ label: `${title} (deleted)` });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Entries: ${title} (deleted)` }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  expect(answersOf(await download(page))).toEqual([
    [ada, '', '020 7946 0000'],
    [grace, 'US Navy', ''],
  ]);
  await page
    .getByRole('row', { name: new RegExp(ada) })
    .getByRole('link', { name: /^Entry \d+$/ })
    .click();
  await expect(page.getByText('020 7946 0000')).toBeVisible();
  await expect(page.getByText(`${title} (deleted)`)).toBeVisible();
  await expectNoAxeViolations(page);
});
