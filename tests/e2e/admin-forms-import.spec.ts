import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
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
 * Importing forms asks first (issue 28, point 8): the owner exports the forms, deletes one
 * keeping its entries, and imports the file back. The screen lists what it would replace and
 * the deleted form it would bring back; that form comes back only once ticked.
 */

watchPolicyViolations();

test('an import lists what it replaces and brings back, and brings back nothing unasked', async ({
  page,
}) => {
  await signIn(page);
  const name = `Kept back ${test.info().project.name}`;
  const form = await saveForm(siteDatabase(), {
    title: name,
    fields: [{ id: 1, type: 'text', label: 'Your name' }],
  });
  const listed = () => page.getByRole('row', { name: new RegExp(name) });
  try {
    await page.goto('/admin/forms');
    await waitForHydration(page);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export all forms' }).click();
    const file = await readFile((await (await download).path()) ?? '');

    await listed()
      .getByRole('link', { name: `Delete “${name}”` })
      .click();
    await page.getByRole('radio', { name: /Keep the entries/ }).check();
    await page.getByRole('button', { name: 'Delete the form' }).click();
    await expect(page.locator('.admin-notice')).toHaveText(
      'The form is deleted; its entries are kept.',
    );
    await expect(listed()).toHaveCount(0);

    const importFile = async () => {
      await page.getByLabel('A forms file (JSON, as exported)').setInputFiles({
        name: 'quire-forms.json',
        mimeType: 'application/json',
        buffer: file,
      });
      await page.getByRole('button', { name: 'Import', exact: true }).click();
    };
    await importFile();
    const check = page.getByRole('region', { name: 'Check the import' });
    await expect(check).toContainText('Forms it replaces (they have the same id)');
    await expect(check).toContainText('Deleted forms it would bring back');
    await expect(check).toContainText(`Form ${form.id}, “${name}”`);
    await expectNoAxeViolations(page);
    // The owner replaces the forms from the file, but does not tick the deleted one.
    await check.getByRole('checkbox', { name: /Replace these \d+ forms/ }).check();
    await check.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.locator('.admin-notice')).toContainText(`Left as they were: “${name}”.`);
    await expect(listed()).toHaveCount(0);

    // Asked for, it comes back.
    await importFile();
    await check.getByRole('checkbox', { name: 'Bring back this deleted form' }).check();
    await check.getByRole('button', { name: 'Import', exact: true }).click();
    await expect(page.locator('.admin-notice')).toContainText('Imported:');
    await expect(listed()).toHaveCount(1);
  } finally {
    const { db } = siteDatabase();
    await db.deleteFrom('forms').where('id', '=', form.id).execute();
    await bumpContentVersion(db);
  }
});
