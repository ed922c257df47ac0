import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { serverShareMessages } from '../../src/features/share/messages.ts';
import { subscriberAdminMessages as messages } from '../../src/features/share/subscriber-admin.ts';
import { adminLink, expectNoAxeViolations, signIn } from './admin-support.ts';
import { closeSiteDatabase, lastMailTo, siteDatabase } from './forms-support.ts';

/**
 * The owner's Subscribers screen (issue 16, point 3): a visitor subscribes through the site's
 * subscription box and confirms with the link in the mail; the owner finds them confirmed,
 * imports a small CSV and exports the list. Desktop and phone.
 */

test.afterAll(closeSiteDatabase);

test('a visitor subscribes and confirms; the owner sees them listed, imports a CSV and exports', async ({
  page,
  context,
}, testInfo) => {
  const phone = testInfo.project.name === 'phone';
  const run = `${testInfo.project.name}-${Date.now()}`;
  // Its own client address, so the subscription page's per-client limit meets no other journey.
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${phone ? 61 : 41}` });
  const email = `subs-journey-${run}@example.org`;

  // The visitor: the subscription box on the home page opens the subscription page.
  await page.goto('/');
  await page.getByRole('textbox', { name: 'Your e-mail address' }).fill(email);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Subscribe' }).click(),
  ]);
  await popup.getByRole('button', { name: 'Subscribe' }).click();
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(
    serverShareMessages.confirmationSentTitle,
  );
  await popup.close();
  const mail = await lastMailTo(email);
  const link = /https?:\/\/\S+(\/subscription\/confirm\?t=[\w.-]+)/.exec(mail.text);
  expect(link, 'a confirmation link').not.toBeNull();
  await page.goto((link as RegExpExecArray)[1] as string);
  await page.getByRole('button', { name: serverShareMessages.confirmButton }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    serverShareMessages.confirmedTitle,
  );

  // The owner finds them confirmed.
  await signIn(page);
  await (await adminLink(page, 'Subscribers')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Subscribers' })).toBeVisible();
  await page.getByLabel(messages.searchLabel).fill(email);
  await page.getByLabel(messages.statusLabel).selectOption('confirmed');
  await page.getByRole('button', { name: messages.filter }).click();
  const row = page.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(row).toContainText('Confirmed');
  await expect(page.getByText('1 subscriber match.')).toBeVisible();
  await expectNoAxeViolations(page);

  // A small CSV: pending by default, nobody mailed; a bad line said with its number.
  await page.getByRole('link', { name: messages.importLink }).click();
  await expect(page.getByRole('heading', { level: 1, name: messages.importTitle })).toBeVisible();
  await expect(page.getByLabel(messages.modePending)).toBeChecked();
  await expect(page.getByLabel(messages.sendMails)).not.toBeChecked();
  await expectNoAxeViolations(page);
  const imported = [`import-a-${run}@example.org`, `import-b-${run}@example.org`];
  await page.getByLabel(messages.fileLabel).setInputFiles({
    name: 'people.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `email,name\r\n${imported[0]},Ann\r\nnot an address,Bo\r\n${imported[1]},Cy\r\n`,
    ),
  });
  await page.getByRole('button', { name: messages.importButton }).click();
  await expect(page.locator('.admin-notice')).toContainText(
    '2 addresses added as pending, 0 confirmation mails sent;',
  );
  await expect(page.getByRole('row', { name: /^3 / })).toContainText(
    '“not an address” is not an e-mail address.',
  );
  await expectNoAxeViolations(page);
  const outbox = await siteDatabase()
    .db.selectFrom('mail_outbox')
    .select('message')
    .where('message', 'like', `%import-a-${run}%`)
    .execute();
  expect(outbox).toEqual([]);

  // The list shows them pending, and exports what it shows.
  await page.getByRole('link', { name: messages.backToList }).click();
  await page.getByLabel(messages.searchLabel).fill(`-${run}@`);
  await page.getByRole('button', { name: messages.filter }).click();
  await expect(page.getByText('3 subscribers match.')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`import-b-${run}`) })).toContainText(
    'Pending',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: messages.exportLabel }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv).toContain(`${email},`);
  for (const address of imported) expect(csv).toContain(`${address},`);
  expect(csv.trimEnd().split('\r\n')).toHaveLength(4);

  // Removing one asks first, naming the address; the others stay.
  const gone = imported[0] as string;
  await page.getByRole('button', { name: messages.removeLabel(gone) }).click();
  await expect(page.getByText(new RegExp(`^Remove ${gone} from`))).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: messages.confirmRemove }).click();
  await expect(page.locator('.admin-notice')).toHaveText(messages.noticeRemoved);
  await expect(page.getByText('2 subscribers match.')).toBeVisible();
});
