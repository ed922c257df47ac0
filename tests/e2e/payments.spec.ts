import { expect, type Locator, type Page, type Request, test } from '@playwright/test';
import { writePaymentSettings } from '../../src/features/payments/server/payment-settings-store.ts';
import { cardBookingDefinition } from '../support/card-booking.ts';
import { expectNoAxeViolations } from './admin-support.ts';
import {
  closeSiteDatabase,
  expectCurrentPage,
  journeysSite,
  nextButton,
  openForm,
  publishFormPage,
  siteDatabase,
  uniqueName,
  waitForMinimumFillTime,
} from './forms-support.ts';

/**
 * Orders in the browser: the demo's Workshop booking with the offline provider (summary and
 * total as choices change, coupons, the named price, card checks, "Payment is required.") to
 * its confirmation, by pointer and by keyboard; and a card order through Stripe's stand-in,
 * watching every request to prove the card never reaches the site.
 */

test.afterAll(closeSiteDatabase);

const bookingPath = '/workshop-booking/';
const stripeUrl = () => `http://127.0.0.1:${journeysSite().stripePort}`;

function booking(form: Locator) {
  return {
    first: form.getByRole('textbox', { name: 'First', exact: true }),
    last: form.getByRole('textbox', { name: 'Last', exact: true }),
    email: form.getByRole('textbox', { name: 'Email', exact: true }),
    note: form.getByRole('textbox', { name: 'Anything we should know?' }),
    workshop: form.locator('[data-field-id="5"]'),
    places: form.locator('[data-field-id="5"]').getByRole('spinbutton', { name: 'Quantity' }),
    extras: form.locator('[data-field-id="6"]'),
    kit: form.getByRole('combobox', { name: 'Tool kit to take home' }),
    payForward: form.getByRole('textbox', { name: 'Pay it forward' }),
    coupon: form.getByRole('textbox', { name: 'Coupon code' }),
    apply: form.getByRole('button', { name: 'Apply' }),
    summary: form.getByRole('table', { name: 'Your order' }),
    cardNumber: form.getByRole('textbox', { name: 'Card number' }),
    expiry: form.getByRole('textbox', { name: 'Expiry date (MM/YY)' }),
    cvc: form.getByRole('textbox', { name: 'Security code (CVC)' }),
    submit: form.getByRole('button', { name: 'Book my places' }),
  };
}

/** The summary's rows as text, header and footer included. */
const summaryRows = (summary: Locator) =>
  summary
    .locator('tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim()).join(' | '),
      ),
    );

async function fillAboutYou(form: Locator, name: string) {
  const fields = booking(form);
  await fields.first.fill('Ada');
  await fields.last.fill(name);
  await fields.email.fill('ada@example.org');
}

/** The error tied to an input by aria-describedby. */
const errorFor = (page: Page, input: Locator) =>
  input.getAttribute('id').then((id) => page.locator(`[id="${id}-error"]`));

test('a workshop booking: summary and total follow the choices, coupons, named price, card checks, confirmation', async ({
  page,
}) => {
  const form = await openForm(page, bookingPath);
  const fields = booking(form);
  const started = Date.now();
  const name = uniqueName('Booker');
  await fillAboutYou(form, name);
  await nextButton(form).click();
  await expectCurrentPage(form, 2);

  // Nothing chosen: the payment's own message, not the generic one.
  await form.locator('.qforms-page-2').getByRole('button', { name: 'Next' }).click();
  await expect(fields.workshop.locator('.qforms-error').last()).toHaveText('Payment is required.');

  await fields.workshop.getByRole('radio', { name: /Knife sharpening/ }).check();
  await expect(fields.workshop.getByText('Payment is required.')).toHaveCount(0);
  await fields.places.fill('2');
  await fields.extras.getByRole('checkbox', { name: /Lunch/ }).check();
  for (const extra of [/notebook/, /apron/])
    await fields.extras.getByRole('checkbox', { name: extra }).check();
  await expect(fields.extras.locator('.qforms-error')).toHaveText(
    'You have exceeded the number of allowed selections: 2.',
  );
  await fields.extras.getByRole('checkbox', { name: /notebook/ }).uncheck();
  await fields.extras.getByRole('checkbox', { name: /apron/ }).uncheck();

  // A named price keeps digits, dots and commas as typed, and is written out on leaving it.
  await fields.payForward.pressSequentially('2,5x$');
  await expect(fields.payForward).toHaveValue('2,5');
  await fields.payForward.blur();
  await expect(fields.payForward).toHaveValue('2.50');
  await expect(await errorFor(page, fields.payForward)).toHaveText(
    'Amount entered is less than the required minimum.',
  );
  await fields.payForward.fill('');
  await fields.payForward.blur();

  await form.locator('.qforms-page-2').getByRole('button', { name: 'Next' }).click();
  await expectCurrentPage(form, 3);
  expect(await summaryRows(fields.summary)).toEqual([
    'Item | Quantity | Price',
    'Workshop – Knife sharpening (Sunday 10:00–13:00) | 2 | $90.00',
    'Extras – Lunch from the bakery | 1 | $12.50',
    'Materials fee | 1 | $7.50',
    'Total | $110.00',
  ]);

  // Back to change the number of places: the summary follows.
  await form.locator('.qforms-page-3').getByRole('button', { name: 'Previous' }).click();
  await expectCurrentPage(form, 2);
  await fields.places.fill('3');
  await form.locator('.qforms-page-2').getByRole('button', { name: 'Next' }).click();
  await expectCurrentPage(form, 3);
  await expect(fields.summary.locator('tfoot')).toHaveText(/\$155\.00/);

  await fields.coupon.fill('NOPE');
  await fields.apply.click();
  await expect(await errorFor(page, fields.coupon)).toHaveText('This coupon code is not valid.');
  const couponChecks: string[] = [];
  page.on('request', (request) => {
    const body = request.postData() ?? '';
    if (body.includes('qforms_check_coupon')) couponChecks.push(body);
  });
  await fields.coupon.fill('fieldnotes15');
  await fields.apply.click();
  await expect(form.locator('.qforms-coupon-applied')).toHaveText(
    'Coupon FIELDNOTES15 applied: $23.25 off.',
  );
  // Apply also left the field: one check answered both (each counts against the visitor's 10).
  expect(couponChecks).toHaveLength(1);
  await expect(await errorFor(page, fields.coupon)).toHaveCount(0);
  await expect(fields.summary.locator('.qforms-order-summary-coupon')).toHaveText(
    /Coupon FIELDNOTES15.*-\$23\.25/,
  );
  await expect(fields.summary.locator('tfoot')).toHaveText(/\$131\.75/);
  await expect(form.locator('.qforms-total-announcement')).toHaveText('Total: $131.75');

  // The form takes bank transfers: it has no card field.
  await expect(fields.cardNumber).toHaveCount(0);
  await expectNoAxeViolations(page);

  const sent: Request[] = [];
  page.on('request', (request) => sent.push(request));
  await waitForMinimumFillTime(started);
  await fields.submit.click();
  // Received and awaiting payment, with how to pay: not "booked" before anything was paid.
  const confirmation = page.locator('.qforms-confirmation-container');
  await expect(confirmation).toContainText('Thank you, your places are held.');
  await expect(confirmation).toContainText(
    /Your order number is \d+\. We have received it, and it is awaiting your payment of \$131\.75\./,
  );
  await expect(confirmation).toContainText('Please pay by bank transfer');
  await expect(confirmation).not.toContainText('booked');
  expect(sent.length).toBeGreaterThan(0);
  const entry = await siteDatabase()
    .db.selectFrom('form_entries')
    .selectAll()
    .where('form_id', '=', 3)
    .where('fields', 'like', `%${name}%`)
    .executeTakeFirstOrThrow();
  expect(entry).toMatchObject({
    payment_status: 'awaiting',
    coupon_code: 'FIELDNOTES15',
    card_brand: null,
    card_last4: null,
  });
  expect(Number(entry.total)).toBe(13175);
});

test('a workshop booking by keyboard alone', async ({ page }) => {
  const form = await openForm(page, bookingPath);
  const fields = booking(form);
  const started = Date.now();
  await fields.first.focus();
  await page.keyboard.type('Ada');
  await page.keyboard.press('Tab');
  await page.keyboard.type(uniqueName('Keys'));
  await page.keyboard.press('Tab');
  await page.keyboard.type('ada@example.org');
  // Enter in a text input moves to the next page.
  await page.keyboard.press('Enter');
  await expectCurrentPage(form, 2);

  await fields.workshop.getByRole('radio').first().focus();
  // Arrow keys move between the radio choices and pick one.
  await page.keyboard.press('ArrowDown');
  await expect(fields.workshop.getByRole('radio', { name: /Knife sharpening/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(fields.places).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(fields.places).toHaveValue('2');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(fields.extras.getByRole('checkbox', { name: /Lunch/ })).toBeChecked();
  await fields.payForward.focus();
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expectCurrentPage(form, 3);

  await fields.coupon.focus();
  await page.keyboard.type('fieldnotes15');
  // Enter in the coupon applies it rather than sending the form.
  await page.keyboard.press('Enter');
  await expect(form.locator('.qforms-coupon-applied')).toHaveText(/Coupon FIELDNOTES15 applied/);
  await expect(form.locator('.qforms-confirmation-container')).toHaveCount(0);
  // $90.00 + $12.50 + $7.50 + $5.00 = $115.00, less 15%.
  await expect(fields.summary.locator('tfoot')).toHaveText(/\$97\.75/);
  await waitForMinimumFillTime(started);
  await fields.submit.focus();
  await page.keyboard.press('Enter');
  await expect(page.locator('.qforms-confirmation-container')).toContainText(
    'awaiting your payment of $97.75.',
  );
});

/** The demo's booking form, taking cards through Stripe (its stand-in here). */
async function publishCardBooking() {
  await writePaymentSettings(siteDatabase().db, { stripeScriptUrl: `${stripeUrl()}/v3/` });
  return publishFormPage(cardBookingDefinition(uniqueName('Card booking')));
}

test('a card order through Stripe with 3-D Secure: the card goes to the provider only', async ({
  page,
}) => {
  const { id, path } = await publishCardBooking();
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const form = await openForm(page, path);
  const fields = booking(form);
  const started = Date.now();
  await fillAboutYou(form, uniqueName('Card'));
  await nextButton(form).click();
  await expectCurrentPage(form, 2);
  // The provider's script is not loaded before the card's page.
  expect(requests.some((request) => request.url().startsWith(`${stripeUrl()}/v3/`))).toBe(false);
  await fields.workshop.getByRole('radio', { name: /Visible mending/ }).check();
  await form.locator('.qforms-page-2').getByRole('button', { name: 'Next' }).click();
  await expectCurrentPage(form, 3);
  await expect
    .poll(() => requests.some((request) => request.url() === `${stripeUrl()}/v3/`))
    .toBe(true);
  // The card's checks run in the browser; its inputs send nothing.
  await fields.cardNumber.fill('4242 4242 4242 4241');
  await fields.cardNumber.blur();
  await expect(await errorFor(page, fields.cardNumber)).toHaveText(
    'Please enter a valid credit card number.',
  );
  await fields.cardNumber.fill('4242 4242 4242 4242');
  await fields.expiry.fill('13/30');
  await fields.expiry.blur();
  await expect(await errorFor(page, fields.expiry)).toContainText('expiry date');
  await fields.expiry.fill('12/39');
  await fields.cvc.fill('12');
  await fields.cvc.blur();
  await expect(await errorFor(page, fields.cvc)).toContainText('security code');
  await fields.cvc.fill('123');
  for (const input of [fields.cardNumber, fields.expiry, fields.cvc]) {
    await expect(input).not.toHaveAttribute('name', /.*/);
  }
  await fields.cardNumber.fill('4000 0025 0000 3155');
  await fields.expiry.fill('11/38');
  await fields.cvc.fill('987');
  await waitForMinimumFillTime(started);
  await fields.submit.click();
  const confirmation = page.locator('.qforms-confirmation-container');
  // $40.00 + $7.50, paid by card after the bank's step: now it is booked.
  await expect(confirmation).toContainText('Thank you, your places are booked.');
  await expect(confirmation).toContainText('Your payment of $47.50 has been received.');
  await expect(confirmation).not.toContainText('bank transfer');

  const site = new URL(page.url()).origin;
  const toSite = requests.filter((request) => request.url().startsWith(site));
  for (const request of toSite) {
    const body = request.postData() ?? '';
    expect(body).not.toContain('4000002500003155');
    expect(body).not.toContain('4000 0025 0000 3155');
    // The security code as a sent value of its own (multipart or URL-encoded): three digits
    // alone also turn up by chance in the random tokens and boundaries the bodies carry.
    expect(body).not.toMatch(/(\r\n\r\n|=)987(\r\n|&|$)/);
    expect(body).not.toContain('11/38');
  }
  const toProvider = requests.filter((request) => request.url().startsWith(stripeUrl()));
  expect(
    toProvider.some((request) =>
      (request.postData() ?? '').includes('card%5Bnumber%5D=4000002500003155'),
    ),
  ).toBe(true);
  const entry = await siteDatabase()
    .db.selectFrom('form_entries')
    .selectAll()
    .where('form_id', '=', id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  expect(entry).toMatchObject({ payment_status: 'paid', card_last4: '3155', card_brand: 'visa' });
  expect(JSON.stringify(entry)).not.toContain('4000002500003155');
});

test('when the provider’s script cannot load, the card field says so and the rest of the form works', async ({
  page,
}) => {
  const { path } = await publishCardBooking();
  await page.route(`${stripeUrl()}/v3/`, (route) => route.abort('connectionrefused'));
  const form = await openForm(page, path);
  const fields = booking(form);
  await fillAboutYou(form, uniqueName('Offline card'));
  await nextButton(form).click();
  await fields.workshop.getByRole('radio', { name: /Sourdough/ }).check();
  await form.locator('.qforms-page-2').getByRole('button', { name: 'Next' }).click();
  await expectCurrentPage(form, 3);
  await expect(form.locator('.qforms-card-unavailable')).toHaveText(
    'Card payment cannot be offered right now: the payment service could not be reached. Please try again later.',
  );
  // The rest of the form still talks to the site.
  await fields.coupon.fill('fieldnotes15');
  await fields.apply.click();
  // The demo's code is for the demo's form: refused with the one answer every refusal gets.
  await expect(await errorFor(page, fields.coupon)).toHaveText('This coupon code is not valid.');
  await form.locator('.qforms-page-3').getByRole('button', { name: 'Previous' }).click();
  await expectCurrentPage(form, 2);
});

test('the order summary draws a large change in batches of 10 rows, a frame apart', async ({
  page,
}) => {
  const choices = Array.from({ length: 25 }, (_, n) => ({
    label: `Print ${n + 1}`,
    price: 1000 + n,
    selected: true,
  }));
  const { path } = await publishFormPage({
    title: uniqueName('Print shop'),
    fields: [
      {
        id: 1,
        type: 'select',
        label: 'The whole series?',
        choices: [{ label: 'No' }, { label: 'Yes' }],
      },
      {
        id: 2,
        type: 'payment-checkbox',
        label: 'Prints',
        choices,
        conditions: { rules: [{ field: 1, operator: 'is', value: 'Yes' }] },
      },
      { id: 3, type: 'payment-total', label: 'Your order' },
    ],
  });
  await page.clock.install();
  const form = await openForm(page, path);
  await page.clock.pauseAt(Date.now() + 1_000);
  const rows = form.getByRole('table', { name: 'Your order' }).locator('tbody tr');
  await expect(rows).toHaveText(['Nothing chosen yet.']);
  // One change adds 25 rows: they are drawn 10 at a time, one batch per frame.
  await form.getByRole('combobox', { name: 'The whole series?' }).selectOption('Yes');
  await expect(rows).toHaveCount(10);
  await page.clock.runFor(20);
  await expect(rows).toHaveCount(20);
  await page.clock.runFor(20);
  await expect(rows).toHaveCount(25);
  // 25 prints at $10.00 to $10.24: $253.00.
  await expect(form.locator('tfoot')).toHaveText(/\$253\.00/);
  await expect(form.locator('.qforms-total-announcement')).toHaveText('Total: $253.00');
});
