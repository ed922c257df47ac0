import { expect, test } from '@playwright/test';
import { enqueueMail, recordMailFailure } from '../../src/platform/mail/mail-outbox.ts';
import { expectNoAxeViolations, signIn } from './admin-support.ts';
import { closeSiteDatabase, siteDatabase, uniqueName } from './forms-support.ts';

/**
 * The owner's Outbox (issue 16): a mail the mail server refused, listed with its answer, sent
 * again from the sidebar's screen; another discarded. Desktop and phone.
 */

test.afterAll(closeSiteDatabase);

test('the Outbox lists a refused mail with the server’s answer, sends one again and discards one', async ({
  page,
}) => {
  const db = siteDatabase().db;
  const retry = uniqueName('Your order');
  const drop = uniqueName('Confirm your subscription');
  for (const subject of [retry, drop]) {
    const id = await enqueueMail(db, { to: 'reader@example.org', subject, text: 'Hello.' });
    await recordMailFailure(db, id, '550 5.1.1 mailbox unavailable', undefined);
  }
  await signIn(page);
  const menu = page.locator('details.admin-menu');
  if (await menu.isVisible()) await menu.locator('summary').click();
  await page.getByRole('link', { name: 'Outbox' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Outbox' })).toBeVisible();
  const row = (subject: string) => page.getByRole('row', { name: new RegExp(subject) });
  await expect(row(retry)).toContainText('550 5.1.1 mailbox unavailable');
  await expect(row(retry)).toContainText('Failed');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: `Send now: “${retry}”` }).click();
  await expect(page.locator('.admin-notice')).toHaveText('The mail is being sent again now.');
  // The journeys' site writes mail to its outbox folder: the mail goes at once.
  await expect
    .poll(async () => {
      await page.reload();
      return row(retry).count();
    })
    .toBe(0);

  await page.getByRole('button', { name: `Discard “${drop}”` }).click();
  await expect(page.locator('.admin-notice')).toHaveText('The mail was discarded.');
  await expect(row(drop)).toHaveCount(0);
  expect(
    await db.selectFrom('mail_outbox').select('id').where('message', 'like', `%${drop}%`).execute(),
  ).toEqual([]);
});
