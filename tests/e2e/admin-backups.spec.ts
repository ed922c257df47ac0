import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  adminLink,
  expectNoAxeViolations,
  keepingSettings,
  signIn,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';

/**
 * The owner's backups (issue 29, point 7): download one with its progress, and set up the daily
 * backups to a folder, told in place what is wrong; at desktop and phone sizes, axe-clean.
 */

watchPolicyViolations();

test('downloads a backup of the whole site, saying how far it got', async ({ page }) => {
  await signIn(page);
  await (await adminLink(page, 'Backups')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Backups' })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download a backup' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^quire-backup-\d{4}-\d{2}-\d{2}-\d{6}\.tar$/);
  await expect(page.getByRole('status').filter({ hasText: 'Downloaded the backup' })).toHaveText(
    /^Downloaded the backup: [\d.]+ (KB|MB)\.$/,
  );
  const bytes = readFileSync(await download.path());
  // A tar whose first entry is the manifest, which names this site's tables.
  expect(bytes.subarray(0, 13).toString()).toBe('manifest.json');
  expect(bytes.toString('latin1', 512, 4096)).toContain('"format": "quire-backup"');
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('backups-downloaded.png'), fullPage: true });
});

test('sets up daily backups to a folder, with every mistake said in place', async ({ page }) => {
  const folder = mkdtempSync(join(tmpdir(), 'quire-e2e-backups-'));
  try {
    await keepingSettings('backups', async () => {
      await signIn(page);
      await page.goto('/admin/backups');
      await page.getByLabel('Make a backup every day').check();
      await page.getByLabel('Folder on the server').fill('backups');
      await page.getByLabel('Backups kept').fill('0');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByLabel('Folder on the server')).toHaveAccessibleDescription(
        /Give the folder’s absolute path, starting with \/\./,
      );
      await expect(page.getByLabel('Backups kept')).toHaveAccessibleDescription(
        /Keep between 1 and 365 backups\./,
      );
      await expect(page.getByLabel('Make a backup every day')).toBeChecked();
      await expectNoAxeViolations(page);
      await page.getByLabel('Folder on the server').fill(folder);
      await page.getByLabel('Backups kept').fill('3');
      await page.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toHaveText(
        'Saved. The next daily backup is written within the hour, and then once a day.',
      );
      await expect(page.getByText('No backups in this folder yet.')).toBeVisible();
      // What a day's backup leaves there (the daily pass itself is tested over HTTP).
      writeFileSync(join(folder, 'quire-backup-2030-01-12-030000.tar'), Buffer.alloc(150_000));
      await page.reload();
      const row = page.getByRole('row', { name: /quire-backup-2030-01-12-030000\.tar/ });
      await expect(row).toContainText('146 KB');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: test.info().outputPath('backups-daily.png'), fullPage: true });
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
