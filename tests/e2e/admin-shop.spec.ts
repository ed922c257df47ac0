import { expect, type Page, test } from '@playwright/test';
import { bookingOrderFields } from '../support/booking-order.ts';
import { expectNoAxeViolations, signIn, waitForHydration } from './admin-support.ts';
import { closeSiteDatabase, journeysSite, siteDatabase, uniqueName } from './forms-support.ts';

/**
 * The shop's chores as an owner does them (issue 28, points 4, 5 and 6), desktop and phone:
 * prices typed in dollars in the builder, a form that cannot take its payments flagged, the
 * Coupons screen (add, change, delete once confirmed), and a bank transfer recorded on an
 * order's entry with the seed's save helper. Each screen is checked with axe.
 */

test.afterAll(closeSiteDatabase);

const panel = (page: Page) => page.locator('.admin-builder__panel');

async function openAdmin(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

test('prices are typed in dollars in the builder, kept in cents, and a card field on a bank-transfer form is flagged', async ({
  page,
}) => {
  await signIn(page);
  await openAdmin(page, '/admin/forms/new');
  await page.getByRole('textbox', { name: 'Form title' }).fill(uniqueName('Tickets'));
  await page
    .locator('.admin-builder__palette')
    .getByRole('button', { name: 'Single item', exact: true })
    .click();
  const price = panel(page).getByRole('textbox', { name: 'Price (USD)', exact: true });
  await price.fill('25');
  await expect(panel(page).getByText('Shown as $25.00.')).toBeVisible();
  await price.blur();
  await expect(price).toHaveValue('25.00');
  await price.fill('-5');
  await expect(panel(page).getByText('Enter an amount of 0 or more, such as 25.00.')).toBeVisible();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await price.fill('12.50');
  await expect(price).not.toHaveAttribute('aria-invalid', 'true');
  // The JSON keeps whole cents.
  await page.getByRole('tab', { name: 'JSON' }).click();
  await expect(page.getByRole('textbox', { name: /JSON/ })).toHaveValue(/"price": 1250/);
  await page.getByRole('tab', { name: 'Build' }).click();
  await expectNoAxeViolations(page);

  // The site takes bank transfers: a card field would not be shown, and the builder says so.
  await expect(page.locator('#fb-payment-problem')).toHaveCount(0);
  await page
    .locator('.admin-builder__palette')
    .getByRole('button', { name: 'Credit card', exact: true })
    .click();
  await expect(page.locator('#fb-payment-problem')).toHaveText(
    'This form takes payment offline, so its card field is not shown to visitors: remove it, or choose Stripe.',
  );
});

test('the Coupons screen adds, changes and deletes coupons', async ({ page }) => {
  const code = uniqueName('SPRING')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
  await signIn(page);
  // Plain forms: the screen works without the admin's script.
  await page.goto('/admin/coupons');
  await expect(page.getByRole('heading', { level: 1, name: 'Coupons' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Add a coupon' });
  await form.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await form.getByRole('textbox', { name: 'Percentage or amount' }).fill('120');
  await form.getByRole('button', { name: 'Add the coupon' }).click();
  // Refused in place, nothing typed lost.
  await expect(page.getByRole('alert').first()).toContainText('please correct what is marked');
  await expect(form.getByText('Enter a percentage above 0 and at most 100')).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Code' })).toHaveValue(code.toLowerCase());
  await form.getByRole('radio', { name: 'An amount' }).check();
  await form.getByRole('textbox', { name: 'Percentage or amount' }).fill('7.50');
  await form.getByRole('combobox', { name: 'For' }).selectOption({ label: 'Workshop booking' });
  await form.getByRole('textbox', { name: 'Uses' }).fill('2');
  await form.getByRole('button', { name: 'Add the coupon' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The coupon ${code} was added.` }),
  ).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText('$7.50 off');
  await expect(row).toContainText('Workshop booking');
  await expect(row).toContainText('0 of 2');
  await expectNoAxeViolations(page);

  await row.getByRole('link', { name: `Change ${code}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `Change the coupon ${code}` }),
  ).toBeVisible();
  await page.getByRole('textbox', { name: 'Uses' }).fill('');
  await page.getByRole('textbox', { name: 'Last day' }).fill('2030-06-30');
  await page.getByRole('button', { name: 'Save the coupon' }).click();
  const saved = page.getByRole('row', { name: new RegExp(code) });
  await expect(saved).toContainText('0, no limit');
  await expect(saved).toContainText('Until 30 Jun 2030');

  await saved.getByRole('link', { name: `Delete ${code}` }).click();
  await expect(page.getByText(`Delete the coupon ${code}?`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Delete the coupon', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `The coupon ${code} was deleted.` }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(code) })).toHaveCount(0);
});

test('a bank transfer is recorded on the order’s entry, forward only', async ({ page }) => {
  const { db } = siteDatabase();
  const secret = (
    await db
      .selectFrom('secrets')
      .select('value')
      .where('name', '=', 'app')
      .executeTakeFirstOrThrow()
  ).value;
  const name = uniqueName('Transfer');
  const site = `http://127.0.0.1:${journeysSite().port}`;
  const sent = await page.request.post(`${site}/ajax`, {
    headers: { origin: site },
    multipart: bookingOrderFields(secret, {
      first: 'Bank',
      last: name,
      email: 'transfer@example.org',
    }),
  });
  expect((await sent.json()).success).toBe(true);
  const entry = await db
    .selectFrom('form_entries')
    .select('id')
    .where('fields', 'like', `%${name}%`)
    .executeTakeFirstOrThrow();

  await signIn(page);
  await openAdmin(page, `/admin/entries/${entry.id}`);
  const payment = page.locator('.admin-record-payment');
  await expect(payment).toContainText('Status: awaiting payment');
  const choice = payment.getByRole('combobox', { name: 'Record the payment as' });
  await expect(choice.locator('option')).toHaveText(['paid', 'failed', 'refunded']);
  await choice.selectOption('paid');
  await payment.getByRole('button', { name: 'Record' }).click();
  await expect(payment.getByRole('status')).toHaveText('The payment is recorded as paid.');
  await expect(payment).toContainText('Status: paid');
  // Forward only: a paid order may only be refunded now.
  await expect(choice.locator('option')).toHaveText(['refunded']);
  await expectNoAxeViolations(page);
  // The message goes after 5 s, as the seed's save helper does.
  await expect(payment.getByRole('status')).toHaveText('', { timeout: 8000 });
  const stored = await db
    .selectFrom('form_entries')
    .select('payment_status')
    .where('id', '=', entry.id)
    .executeTakeFirstOrThrow();
  expect(stored.payment_status).toBe('paid');
});
