import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  signIn,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';
import { contactForm, siteDatabase } from './forms-support.ts';

/**
 * The owner's Entries screens (issue 16): find an entry, open it, mark it spam and see why,
 * star it, delete it; tick entries and act on them together; download a form's entries as CSV
 * with the progress bar. Desktop and phone.
 */
watchPolicyViolations();

/** Entries of the contact form, each named after the journey that made it. */
async function seedEntries(tag: string, names: string[]) {
  const now = Date.now();
  await siteDatabase()
    .db.insertInto('form_entries')
    .values(
      names.map((name, n) => ({
        form_id: contactForm.id,
        status: 'entry' as const,
        spam_reason: null,
        fields: JSON.stringify([
          { id: 1, type: 'text', label: 'Name', value: `${name} ${tag}` },
          { id: 3, type: 'textarea', label: 'Message', value: 'Hello there' },
        ]),
        page_url: contactForm.path,
        visitor_id: `v-${tag}-${n}`,
        user_agent: 'Mozilla/5.0 (journey)',
        started_at: now - 30_000,
        submitted_at: now + n,
        created_at: now + n,
        fingerprint: `journey-${tag}-${n}`,
      })),
    )
    .execute();
}

async function openEntries(page: Page) {
  const menu = page.locator('details.admin-menu');
  if (await menu.isVisible()) await menu.locator('summary').click();
  const nav = (await menu.isVisible()) ? menu : page.locator('nav.admin-nav');
  await nav.getByRole('link', { name: /^Entries/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entries' })).toBeVisible();
}

async function search(page: Page, text: string) {
  await page.getByLabel('Search the answers').fill(text);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
}

test('find an entry, open it, mark it spam, star it and delete it', async ({ page }, info) => {
  const tag = `${info.project.name}${Date.now()}`;
  await seedEntries(tag, ['Finder', 'Other']);
  await signIn(page);
  await expect(page.locator('.admin-badge').first()).toBeAttached();
  await openEntries(page);
  await search(page, `Finder ${tag}`);
  await expect(page.getByRole('status').filter({ hasText: 'Entries that match' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(`Finder ${tag}`) });
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await row.getByRole('link', { name: /^Entry \d+$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Entry \d+$/ })).toBeVisible();
  await expect(page.getByText(`Finder ${tag}`)).toBeVisible();
  await expect(page.getByText(`v-${tag}-0`)).toBeVisible();

  await page.getByRole('button', { name: 'Mark as spam' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('1 entry marked as spam.');
  await expect(page.getByRole('heading', { name: 'Why it is spam' })).toBeVisible();
  await expect(page.getByText('Marked as spam by the owner.')).toBeVisible();
  await page.getByRole('button', { name: 'Star' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('1 entry starred.');
  await expect(page.getByRole('button', { name: 'Remove the star' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(
    page.getByText('Delete 1 entry and its files? This cannot be undone.'),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Yes, delete this entry and its files' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('1 entry deleted.');
  await search(page, `Finder ${tag}`);
  await expect(page.getByText('No entry matches.')).toBeVisible();
});

test('tick entries and act on them together, deleting after a question', async ({ page }, info) => {
  const tag = `${info.project.name}${Date.now()}`;
  await seedEntries(tag, ['Bulk', 'Bulk', 'Bulk']);
  await signIn(page);
  await openEntries(page);
  await search(page, tag);
  const rows = page.getByRole('row', { name: new RegExp(tag) });
  await expect(rows).toHaveCount(3);
  for (const box of (await page.getByRole('checkbox', { name: /^Select entry/ }).all()).slice(
    0,
    2,
  )) {
    await box.check();
  }
  await page.getByLabel('Choose an action').selectOption({ label: 'Star' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('2 entries starred.');
  await expect(page.locator('.admin-state--starred')).toHaveCount(2);

  for (const box of (await page.getByRole('checkbox', { name: /^Select entry/ }).all()).slice(
    0,
    2,
  )) {
    await box.check();
  }
  await page.getByLabel('Choose an action').selectOption({ label: 'Mark as spam' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('2 entries marked as spam.');
  await page.getByLabel('Show').selectOption({ label: 'Spam' });
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page.getByRole('row', { name: new RegExp(tag) })).toHaveCount(2);
  await expect(page.getByText('Marked as spam by the owner.').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await waitForHydration(page);
  await page.getByRole('checkbox', { name: 'Select every entry on this page' }).check();
  for (const box of await page.getByRole('checkbox', { name: /^Select entry/ }).all()) {
    await expect(box).toBeChecked();
  }
  await page.getByLabel('Choose an action').selectOption({ label: 'Delete' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(
    page.getByText('Delete 2 entries and their files? This cannot be undone.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Yes, delete them with their files' }).click();
  await expect(page.locator('.admin-notice')).toHaveText('2 entries deleted.');
  await expect(page.getByText('No entry matches.')).toBeVisible();
});

test('download a form’s entries as CSV with a progress bar', async ({ page }, info) => {
  const tag = `${info.project.name}${Date.now()}`;
  await seedEntries(tag, ['Export']);
  await signIn(page);
  await page.goto(`/admin/forms`);
  const menu = page.locator('details.admin-menu');
  if (await menu.isVisible()) await expect(menu).not.toHaveAttribute('open', '');
  await page.getByRole('link', { name: /entr(y|ies) of “Contact”/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Entries: Contact' })).toBeVisible();
  await waitForHydration(page);
  const link = page.getByRole('link', { name: 'Download as CSV' });
  // Without the script, the same address downloads the file.
  await expect(link).toHaveAttribute(
    'href',
    `/admin/entries/export.csv?form=${contactForm.id}&view=entries`,
  );
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`entries-form-${contactForm.id}.csv`);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv).toContain('Entry,Submitted (UTC),Status');
  expect(csv).toContain(`Export ${tag}`);
  await expect(page.getByRole('status').filter({ hasText: 'downloaded' })).toHaveText(
    /^\d+ entr(y|ies) downloaded\.$/,
  );
  await expectNoAxeViolations(page);
});
