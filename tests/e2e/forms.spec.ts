import { expect, type Page, type Request, test } from '@playwright/test';
import {
  aboutYou,
  bodyOf,
  closeSiteDatabase,
  contactForm,
  editForm,
  entriesWhere,
  entryValues,
  errorOf,
  eventForm,
  expectCurrentPage,
  expectProgress,
  fillAboutYou,
  fillContactForm,
  formPage,
  isAction,
  nextButton,
  openForm,
  previousButton,
  publishFormPage,
  publishLongPageWithForm,
  publishOneFieldForm,
  publishPlainPage,
  uniqueName,
  waitForMinimumFillTime,
} from './forms-support.ts';

test.afterAll(closeSiteDatabase);

const required = 'This field is required.';

test.describe('multi-page form', () => {
  test('a failed Next scrolls its first error to 75 px below the top over 750 ms', async ({
    page,
  }) => {
    await page.clock.install();
    const form = await openForm(page, eventForm.path);
    // From the top of the page, so the scroll has a way to go.
    await page.evaluate(() => window.scrollTo(0, 0));
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 1_000);
    const firstErrorTop = () =>
      page.evaluate(() =>
        Math.round(document.querySelector('.qforms-has-error')!.getBoundingClientRect().top),
      );
    // A click event only: a pointer click would first scroll the button into view.
    await nextButton(form).dispatchEvent('click');
    await expect(form.locator('.qforms-has-error').first()).toHaveCount(1);
    const start = await firstErrorTop();
    expect(Math.abs(start - 75)).toBeGreaterThan(50);
    await page.clock.runFor(375);
    const halfway = await firstErrorTop();
    expect(Math.abs(halfway - 75)).toBeGreaterThan(10);
    expect(Math.abs(halfway - 75)).toBeLessThan(Math.abs(start - 75));
    await page.clock.runFor(450);
    expect(await firstErrorTop()).toBe(75);
  });

  test('validates each page on Next, skips a page whose fields are all hidden, stores one entry', async ({
    page,
  }) => {
    // About 60 steps over four pages: 20–26 s on a busy small machine, past 30 s on a busier
    // one (three fresh-clone runs at once), while every step still passed in its own time.
    test.setTimeout(60_000);
    const form = await openForm(page, eventForm.path);
    const name = uniqueName('Grace');
    const fields = aboutYou(form);
    await expectCurrentPage(form, 1);
    await expectProgress(form, 1, 4, 'About you');

    // Next with the required fields empty: an error under each, and the page stays.
    await nextButton(form).click();
    const startedAt = Date.now();
    for (const input of [fields.name, fields.email, fields.confirmEmail]) {
      await expect(await errorOf(input)).toHaveText(required);
      await expect(input).toHaveAttribute('aria-invalid', 'true');
    }
    await expect(await errorOf(fields.website)).toHaveCount(0);
    await expect(await errorOf(fields.name)).toBeInViewport();
    await expectCurrentPage(form, 1);

    await fillAboutYou(form, name, 'grace.hopper@example.org');
    await nextButton(form).click();
    await expectCurrentPage(form, 2);
    await expectProgress(form, 2, 4, 'Your weekend');
    await expect(formPage(form, 1)).toBeHidden();
    await expect(formPage(form, 1).locator('.qforms-error')).toHaveCount(0);

    // Previous needs no validation: page 2's required choices are still empty.
    await previousButton(form).click();
    await expectCurrentPage(form, 1);
    await expect(formPage(form, 2).locator('.qforms-error')).toHaveCount(0);

    // Enter in a page-1 input acts as Next.
    await fields.name.press('Enter');
    await expectCurrentPage(form, 2);
    await expect(formPage(form, 2).locator('.qforms-error')).toHaveCount(0);

    // Page 2 checks its own required fields too.
    await nextButton(form).click();
    await expectCurrentPage(form, 2);
    const day = form.getByRole('group', { name: 'Which day are you coming?' });
    const gettingThere = form.getByRole('group', { name: 'Getting there' });
    await expect(day.locator('.qforms-error')).toHaveText(required);
    await expect(gettingThere.locator('.qforms-error')).toHaveText(required);

    await day.getByRole('radio', { name: 'Both days' }).check();
    await expect(day.locator('.qforms-error')).toHaveCount(0);
    const workshops = form.getByRole('group', { name: 'Workshops' });
    const limitMessage = 'You have exceeded the number of allowed selections: 2.';
    await workshops.getByRole('checkbox', { name: 'Pen and wash' }).check();
    await workshops.getByRole('checkbox', { name: 'Pocket watercolours' }).check();
    await expect(workshops.locator('.qforms-error')).toHaveCount(0);
    await workshops.getByRole('checkbox', { name: 'Drawing people' }).check();
    await expect(workshops.locator('.qforms-error')).toHaveText(limitMessage);
    await nextButton(form).click();
    await expectCurrentPage(form, 2);
    await workshops.getByRole('checkbox', { name: 'Drawing people' }).uncheck();
    await expect(workshops.locator('.qforms-error')).toHaveCount(0);

    await form.getByRole('combobox', { name: 'T-shirt size' }).selectOption('M');
    const allergy = form.getByRole('textbox', { name: 'Tell us about the allergy', exact: true });
    await expect(allergy).toHaveCount(0);
    await form
      .getByRole('listbox', { name: 'Dietary needs' })
      .selectOption(['Vegetarian', 'Allergy']);
    await expect(allergy).toBeVisible();
    await allergy.fill('Hazelnuts');
    await form.getByRole('textbox', { name: 'Guests you are bringing', exact: true }).fill('2');
    await form.getByRole('slider', { name: 'How much do you draw?' }).fill('7');
    await expect(form.getByText('Selected Value: 7 out of 10')).toBeVisible();

    // Making one's own way hides every field of page 3 (Lift): Next and Previous skip it.
    await gettingThere.getByRole('radio', { name: 'I will make my own way' }).check();
    await nextButton(form).click();
    await expectCurrentPage(form, 4);
    await expectProgress(form, 4, 4, 'Almost done');
    await previousButton(form).click();
    await expectCurrentPage(form, 2);

    // Asking for a lift shows it.
    await gettingThere.getByRole('radio', { name: 'I would like a lift' }).check();
    await nextButton(form).click();
    await expectCurrentPage(form, 3);
    await expectProgress(form, 3, 4, 'Lift');
    const pickUp = form.getByRole('textbox', {
      name: 'Where would you like to be picked up?',
      exact: true,
    });
    await nextButton(form).click();
    await expect(await errorOf(pickUp)).toHaveText(required);
    await expectCurrentPage(form, 3);
    await pickUp.fill('The old station');
    await pickUp.press('Enter');
    await expectCurrentPage(form, 4);

    const wishes = form.getByRole('textbox', { name: 'What would you like to draw?', exact: true });
    await wishes.fill('Old trees and the river bridge');
    await expect(form.getByText('6 of 50 max words.')).toBeVisible();
    await form.getByRole('checkbox', { name: /my details are kept until the end/ }).check();
    await waitForMinimumFillTime(startedAt);
    const submitted = page.waitForResponse((r) => isAction(r.request(), 'qforms_submit'));
    await form.getByRole('button', { name: 'Sign me up' }).click();
    expect((await submitted).status()).toBe(200);

    // The confirmation replaces the form and is scrolled to.
    const confirmation = page.locator('.qforms-confirmation-container');
    await expect(confirmation).toContainText("You're on the list.");
    await expect(confirmation).toBeInViewport();
    await expect(page.locator('form.qforms-form')).toHaveCount(0);

    const entries = await entriesWhere(eventForm.id, 'Your name', name);
    expect(entries).toHaveLength(1);
    expect(entries[0]!.pageUrl).toBe(eventForm.path);
    expect(entryValues(entries[0]!)).toEqual({
      'Your name': name,
      Email: 'grace.hopper@example.org',
      'Your website or portfolio': '',
      Source: 'demo-site',
      'Which day are you coming?': 'Both days',
      Workshops: 'Pen and wash, Pocket watercolours',
      'T-shirt size': 'M',
      'Dietary needs': 'Vegetarian, Allergy',
      'Tell us about the allergy': 'Hazelnuts',
      'Guests you are bringing': '2',
      'How much do you draw?': '7',
      'Getting there': 'I would like a lift',
      'Where would you like to be picked up?': 'The old station',
      'Seats needed': '1',
      'What would you like to draw?': 'Old trees and the river bridge',
      Consent: 'I agree that my details are kept until the end of the event.',
    });
    expect(await entriesWhere(eventForm.id, 'Your name', name, 'spam')).toHaveLength(0);
  });
});

test.describe('field behaviours', () => {
  test('e-mail: typo suggestion, restricted address, confirmation; url gets https://', async ({
    page,
  }) => {
    const form = await openForm(page, eventForm.path);
    const { email, confirmEmail, website } = aboutYou(form);

    await email.fill('grace@gmial.com');
    await website.focus();
    const suggestion = form.locator('.qforms-email-suggestion');
    await expect(suggestion).toHaveText('Did you mean grace@gmail.com?');
    const accept = suggestion.getByRole('button', { name: 'grace@gmail.com' });
    await expect(accept).toHaveAttribute('title', 'Click to accept this suggestion.');
    await accept.click();
    await expect(email).toHaveValue('grace@gmail.com');
    await expect(email).toBeFocused();
    await expect(suggestion).toHaveCount(0);

    // The confirmation must match the address.
    await confirmEmail.fill('grace@gmial.com');
    await website.focus();
    await expect(await errorOf(confirmEmail)).toHaveText('Field values do not match.');
    await confirmEmail.fill('grace@gmail.com');
    await website.focus();
    await expect(await errorOf(confirmEmail)).toHaveCount(0);

    // The deny list (*@example.com) stays on the server: the browser asks it on blur.
    const isCheckOfSomeone = (r: Request) =>
      isAction(r, 'qforms_restricted_email') && bodyOf(r).includes('someone%40example.com');
    const check = page.waitForRequest(isCheckOfSomeone);
    const answer = page.waitForResponse((r) => isCheckOfSomeone(r.request()));
    await email.fill('someone@example.com');
    await confirmEmail.fill('someone@example.com');
    await website.focus();
    const sent = new URLSearchParams(bodyOf(await check));
    expect(Object.fromEntries(sent)).toEqual({
      action: 'qforms_restricted_email',
      form_id: String(eventForm.id),
      field_id: '2',
      email: 'someone@example.com',
    });
    expect(await (await answer).json()).toEqual({ success: true, data: false });
    await expect(await errorOf(email)).toHaveText('This email address is not allowed.');
    expect(await page.content()).not.toContain('*@example.com');

    await email.fill('someone@example.net');
    await confirmEmail.fill('someone@example.net');
    await website.focus();
    await expect(await errorOf(email)).toHaveCount(0);

    await website.fill('grace.example.org/portfolio');
    await email.focus();
    await expect(website).toHaveValue('https://grace.example.org/portfolio');
    await expect(await errorOf(website)).toHaveCount(0);
  });

  test('leaving one input flags only that input; Next checks them all', async ({ page }) => {
    const form = await openForm(page, eventForm.path);
    const { email, confirmEmail } = aboutYou(form);
    // Leaving the first e-mail box empty flags it, not the confirmation box not reached yet,
    // so nothing moves under the visitor's pointer on the way to Next.
    await email.focus();
    await confirmEmail.focus();
    await expect(await errorOf(email)).toHaveText(required);
    await expect(await errorOf(confirmEmail)).toHaveCount(0);
    await nextButton(form).click();
    await expect(await errorOf(confirmEmail)).toHaveText(required);
    await expectCurrentPage(form, 1);
  });

  test('number field ignores letters typed and checks its range', async ({ page }) => {
    const form = await openForm(page, eventForm.path);
    await fillAboutYou(form, 'Number Tester', 'numbers@example.org');
    await nextButton(form).click();
    await expectCurrentPage(form, 2);
    const guests = form.getByRole('textbox', { name: 'Guests you are bringing', exact: true });
    await expect(guests).toHaveValue('0');
    await guests.clear();
    await guests.pressSequentially('a3b!');
    await expect(guests).toHaveValue('3');
    await guests.pressSequentially('x.5');
    await expect(guests).toHaveValue('3.5');
    await guests.blur();
    await expect(await errorOf(guests)).toHaveText('Please enter a multiple of 1, counted from 0.');
    await guests.clear();
    await guests.pressSequentially('-9');
    await guests.blur();
    await expect(await errorOf(guests)).toHaveText(
      'Please enter a value greater than or equal to 0.',
    );
    await guests.clear();
    await guests.pressSequentially('9');
    await guests.blur();
    await expect(await errorOf(guests)).toHaveText('Please enter a value less than or equal to 4.');
    await guests.clear();
    await guests.pressSequentially('4');
    await guests.blur();
    await expect(await errorOf(guests)).toHaveCount(0);
  });

  test('character counter follows the message; key-up validation waits 1 s after typing', async ({
    page,
  }) => {
    await page.clock.install();
    const form = await openForm(page, contactForm.path);
    const message = form.getByRole('textbox', { name: 'Message', exact: true });
    const counter = form.locator('.qforms-field-limit-text');
    await expect(counter).toHaveText('0 of 1000 max characters.');
    await message.pressSequentially('Hello');
    await expect(counter).toHaveText('5 of 1000 max characters.');
    await message.fill('x'.repeat(1000));
    await expect(counter).toHaveText('1000 of 1000 max characters.');
    await message.fill('x'.repeat(1001));
    await expect(counter).toHaveText('1001 of 1000 max characters.');
    await message.blur();
    await expect(await errorOf(message)).toHaveText('Please enter no more than 1000 characters.');

    // Stop the page's clock so the 1 s debounce is measured exactly.
    await page.clock.pauseAt(Date.now() + 60_000);
    const email = form.getByRole('textbox', { name: 'Email', exact: true });
    const emailError = await errorOf(email);
    await email.pressSequentially('grace');
    await page.clock.runFor(600);
    await email.pressSequentially('@');
    await page.clock.runFor(600);
    // 1.2 s since typing began, but only 0.6 s since the last key: nothing yet.
    await expect(emailError).toHaveCount(0);
    await page.clock.runFor(399);
    await expect(emailError).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(emailError).toHaveText('Please enter a valid email address.');
    await email.pressSequentially('example.org');
    await page.clock.runFor(1000);
    await expect(emailError).toHaveCount(0);
  });
});

test.describe('errors reported by the server', () => {
  test('a restricted address the browser could not check: the form goes back to its page', async ({
    page,
  }) => {
    // The browser's check fails (the network drops it), so only the server knows.
    await page.route('**/ajax', (route) =>
      isAction(route.request(), 'qforms_restricted_email') ? route.abort() : route.fallback(),
    );
    const form = await openForm(page, eventForm.path);
    const name = uniqueName('Restricted');
    await fillAboutYou(form, name, 'someone@example.com');
    const startedAt = Date.now();
    await nextButton(form).click();
    await expectCurrentPage(form, 2);
    await form.getByRole('radio', { name: 'Saturday' }).check();
    await form.getByRole('radio', { name: 'I will make my own way' }).check();
    await nextButton(form).click();
    await expectCurrentPage(form, 4);
    await form.getByRole('checkbox', { name: /my details are kept until the end/ }).check();
    // Faster than the minimum fill time would be taken for a bot: accepted and not checked.
    await waitForMinimumFillTime(startedAt);
    const answer = page.waitForResponse((r) => isAction(r.request(), 'qforms_submit'));
    await form.getByRole('button', { name: 'Sign me up' }).click();
    const response = await answer;
    expect(response.status()).toBe(422);
    expect(await response.json()).toEqual({
      success: false,
      data: {
        errors: { general: {}, field: { '2': 'This email address is not allowed.' } },
      },
    });

    await expectCurrentPage(form, 1);
    const { email } = aboutYou(form);
    await expect(await errorOf(email)).toHaveText('This email address is not allowed.');
    await expect(await errorOf(email)).toBeInViewport();
    // The submit button (on the last page, now out of sight) is ready again.
    const submit = form.locator('button[type="submit"]');
    await expect(submit).toBeEnabled();
    await expect(submit).toHaveText('Sign me up');
    await expect(form).not.toHaveAttribute('style', /opacity/);
    expect(await entriesWhere(eventForm.id, 'Your name', name)).toHaveLength(0);
  });

  test('a form changed after it was opened: the new rule is shown on its page', async ({
    page,
  }) => {
    const definition = {
      title: 'Changing form',
      settings: { antispam: { minimumSeconds: 0 } },
      fields: [
        { id: 1, type: 'text' as const, label: 'Nickname' },
        { id: 2, type: 'pagebreak' as const, title: 'More' },
        { id: 3, type: 'text' as const, label: 'Note', required: true },
      ],
    };
    const { id, path } = await publishFormPage(definition);
    const form = await openForm(page, path);
    await nextButton(form).click();
    await expectCurrentPage(form, 2);
    const note = uniqueName('Note');
    await form.getByRole('textbox', { name: 'Note', exact: true }).fill(note);

    // Meanwhile the owner makes the nickname required.
    await editForm(id, {
      ...definition,
      fields: definition.fields.map((f) => (f.id === 1 ? { ...f, required: true } : f)),
    });
    await form.getByRole('button', { name: 'Submit' }).click();
    await expectCurrentPage(form, 1);
    const nickname = form.getByRole('textbox', { name: 'Nickname', exact: true });
    await expect(await errorOf(nickname)).toHaveText(required);
    const submit = form.locator('button[type="submit"]');
    await expect(submit).toBeEnabled();
    await expect(submit).toHaveText('Submit');
    expect(await entriesWhere(id, 'Note', note)).toHaveLength(0);

    await nickname.fill('Amazing Grace');
    await nextButton(form).click();
    await expect(form.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue(note);
    await submit.click();
    await expect(page.locator('.qforms-confirmation-container')).toContainText(
      'Thanks for contacting us!',
    );
    const entries = await entriesWhere(id, 'Note', note);
    expect(entries.map(entryValues)).toEqual([{ Nickname: 'Amazing Grace', Note: note }]);
  });
});

test.describe('redirect confirmations', () => {
  test('a redirect takes the visitor to the target', async ({ page }) => {
    const target = await publishPlainPage('Redirect landing');
    const { id, path } = await publishOneFieldForm('Redirecting form', {
      confirmation: { type: 'redirect', url: target },
    });
    const form = await openForm(page, path);
    const name = uniqueName('Redirected');
    await form.getByRole('textbox', { name: 'Your name', exact: true }).fill(name);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(target);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Redirect landing');
    expect(await entriesWhere(id, 'Your name', name)).toHaveLength(1);
  });

  test('a redirect in a new tab opens the target there and reloads the form page', async ({
    page,
  }) => {
    const target = await publishPlainPage('New tab landing');
    const { id, path } = await publishOneFieldForm('New tab form', {
      confirmation: { type: 'redirect', url: target, newTab: true },
    });
    const form = await openForm(page, path);
    const name = uniqueName('New tab');
    await form.getByRole('textbox', { name: 'Your name', exact: true }).fill(name);
    await page.evaluate(() => {
      (window as { beforeReload?: boolean }).beforeReload = true;
    });
    const opened = page.context().waitForEvent('page');
    const reloaded = page.waitForEvent('load');
    await form.getByRole('button', { name: 'Submit' }).click();
    const tab = await opened;
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(target);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText('New tab landing');
    await reloaded;
    await expect(page).toHaveURL(path);
    expect(await page.evaluate(() => (window as { beforeReload?: boolean }).beforeReload)).toBe(
      undefined,
    );
    const fresh = await openForm(page, path);
    await expect(fresh.getByRole('textbox', { name: 'Your name', exact: true })).toHaveValue('');
    expect(await entriesWhere(id, 'Your name', name)).toHaveLength(1);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  /**
   * The event page as a browser without constraint validation gets it (an old browser, or a
   * script posting the form): only the server checks what is sent.
   */
  async function withoutBrowserValidation(page: Page) {
    await page.route(`**${eventForm.path}`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(
        '<form id="qforms-form-',
        '<form novalidate id="qforms-form-',
      );
      await route.fulfill({ response, body: html });
    });
  }

  test('every page and field is shown; the server reports empty required fields and keeps the input', async ({
    page,
  }) => {
    await withoutBrowserValidation(page);
    await page.goto(eventForm.path);
    const loadedAt = Date.now();
    const form = page.locator('form.qforms-form');
    for (const number of [1, 2, 3, 4]) await expect(formPage(form, number)).toBeVisible();
    // Conditional fields are all there: the server decides which ones count.
    await expect(form.getByRole('textbox', { name: 'Tell us about the allergy' })).toBeVisible();
    await expect(
      form.getByRole('textbox', { name: 'Where would you like to be picked up?' }),
    ).toBeVisible();
    // Buttons and indicators that need a script are not.
    await expect(nextButton(form)).toHaveCount(0);
    await expect(previousButton(form)).toHaveCount(0);
    await expect(form.getByRole('progressbar')).toHaveCount(0);

    const name = uniqueName('No script');
    const fields = aboutYou(form);
    await fields.name.fill(name);
    await fields.website.fill('https://grace.example.org');
    await form.getByRole('textbox', { name: 'Guests you are bringing' }).fill('3');
    await form.getByRole('checkbox', { name: 'Bookbinding' }).check();
    await form.getByRole('radio', { name: 'I would like a lift' }).check();

    // Without the browser's timestamps, the fill time is the age of the page's token.
    await waitForMinimumFillTime(loadedAt);
    const posted = page.waitForResponse((r) => r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Sign me up' }).click();
    expect((await posted).status()).toBe(422);
    for (const input of [fields.email, fields.confirmEmail]) {
      await expect(await errorOf(input)).toHaveText(required);
    }
    for (const group of ['Which day are you coming?', 'Consent']) {
      await expect(form.getByRole('group', { name: group }).locator('.qforms-error')).toHaveText(
        required,
      );
    }
    // A lift was asked for, so its pick-up point is required; the allergy is not.
    await expect(
      await errorOf(form.getByRole('textbox', { name: 'Where would you like to be picked up?' })),
    ).toHaveText(required);
    await expect(
      await errorOf(form.getByRole('textbox', { name: 'Tell us about the allergy' })),
    ).toHaveCount(0);
    await expect(
      form.getByRole('group', { name: 'Getting there' }).locator('.qforms-error'),
    ).toHaveCount(0);

    await expect(fields.name).toHaveValue(name);
    await expect(fields.website).toHaveValue('https://grace.example.org');
    await expect(form.getByRole('textbox', { name: 'Guests you are bringing' })).toHaveValue('3');
    await expect(form.getByRole('checkbox', { name: 'Bookbinding' })).toBeChecked();
    await expect(form.getByRole('radio', { name: 'I would like a lift' })).toBeChecked();
    expect(await entriesWhere(eventForm.id, 'Your name', name)).toHaveLength(0);
  });

  test('the browser keeps an empty form back; a valid one is stored and confirmed', async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await page.goto(eventForm.path);
    const loadedAt = Date.now();
    const form = page.locator('form.qforms-form');
    const submit = form.getByRole('button', { name: 'Sign me up' });
    // The browser's own validation keeps an empty form from being sent at all.
    await submit.click();
    await expect(page).toHaveURL(eventForm.path);
    expect(posts).toEqual([]);

    const name = uniqueName('Plain HTML');
    await fillAboutYou(form, name, 'plain.html@example.org');
    await form.getByRole('radio', { name: 'Sunday' }).check();
    await form.getByRole('radio', { name: 'I would like a lift' }).check();
    await form
      .getByRole('textbox', { name: 'Where would you like to be picked up?' })
      .fill('The village green');
    // Filled in, but the lift was not asked for: not stored.
    await form.getByRole('textbox', { name: 'Tell us about the allergy' }).fill('None really');
    await form.getByRole('checkbox', { name: /my details are kept until the end/ }).check();
    // Without the browser's timestamps, the fill time is the age of the page's token.
    await waitForMinimumFillTime(loadedAt);
    await submit.click();
    await expect(page.locator('.qforms-confirmation-container')).toContainText(
      "You're on the list.",
    );
    await expect(page.locator('form.qforms-form')).toHaveCount(0);
    expect(posts).toHaveLength(1);

    const entries = await entriesWhere(eventForm.id, 'Your name', name);
    expect(entries).toHaveLength(1);
    const values = entryValues(entries[0]!);
    expect(values).toMatchObject({
      Email: 'plain.html@example.org',
      'Which day are you coming?': 'Sunday',
      'Getting there': 'I would like a lift',
      'Where would you like to be picked up?': 'The village green',
      'Seats needed': '1',
    });
    expect(values).not.toHaveProperty('Tell us about the allergy');
  });
});

test.describe('normal submission with JavaScript', () => {
  test('a form with AJAX off posts its page with the start and end timestamps', async ({
    page,
  }) => {
    const { id, path } = await publishOneFieldForm('Posted form', { ajax: false });
    const form = await openForm(page, path);
    await expect(form).toHaveAttribute('data-ajax', 'false');
    const name = uniqueName('Posted');
    await form.getByRole('textbox', { name: 'Your name', exact: true }).fill(name);
    const posted = page.waitForRequest((r) => r.method() === 'POST');
    await form.getByRole('button', { name: 'Submit' }).click();
    const request = await posted;
    expect(new URL(request.url()).pathname).toBe(path);
    const body = bodyOf(request);
    const timestamp = (field: string) =>
      Number(new RegExp(`name="${field}"\\r\\n\\r\\n(\\d+)`).exec(body)?.[1]);
    const now = Date.now() / 1000;
    expect(timestamp('start_timestamp')).toBeGreaterThan(now - 60);
    expect(timestamp('end_timestamp')).toBeGreaterThanOrEqual(timestamp('start_timestamp'));
    await expect(page.locator('.qforms-confirmation-container')).toContainText(
      'Thanks for contacting us!',
    );
    // Stored as an entry: the start of the fill time reached the server too.
    expect(await entriesWhere(id, 'Your name', name, 'spam')).toHaveLength(0);
    expect(await entriesWhere(id, 'Your name', name)).toHaveLength(1);
  });

  test('the qforms_form_id parameter leaves the address bar without a navigation', async ({
    page,
  }) => {
    await page.goto(`${contactForm.path}?qforms_form_id=1&ref=newsletter`);
    await expect(page).toHaveURL(`${contactForm.path}?ref=newsletter`);
    const loads = await page.evaluate(() =>
      performance.getEntriesByType('navigation').map((entry) => entry.name),
    );
    expect(loads).toHaveLength(1);
    expect(loads[0]).toContain('qforms_form_id=1');
  });
});

test.describe('address bar clean-up below the fold', () => {
  // Seed §2.11 says "on page load"; the island does it when it hydrates, and it hydrates only
  // when the form scrolls into view (client:visible), so a form further down leaves the
  // parameter in place until the visitor gets there. Reported; enable once fixed.
  test('the qforms_form_id parameter goes on load even when the form is further down', async ({
    page,
  }) => {
    const path = await publishLongPageWithForm(contactForm.id);
    await page.goto(`${path}?qforms_form_id=${contactForm.id}`);
    await expect(page.locator('form.qforms-form')).not.toBeInViewport();
    await expect(page).toHaveURL(path);
  });
});

test.describe('token refresh', () => {
  test('focusing a form whose token is older than a day fetches a new one first', async ({
    page,
  }) => {
    await page.clock.install();
    const form = await openForm(page, contactForm.path);
    const submit = form.getByRole('button', { name: 'Send message' });
    const tokenCalls: string[] = [];
    let releaseToken = () => {};
    const tokenHeld = new Promise<void>((resolve) => {
      releaseToken = resolve;
    });
    await page.route('**/ajax', async (route) => {
      if (!isAction(route.request(), 'qforms_get_token')) return route.fallback();
      tokenCalls.push(bodyOf(route.request()));
      await tokenHeld;
      await route.fallback();
    });
    const first = {
      token: await form.getAttribute('data-token'),
      time: Number(await form.getAttribute('data-token-time')),
    };
    await form.getByRole('textbox', { name: 'First', exact: true }).fill('Ada');
    const startedAt = Date.now();
    expect(tokenCalls).toEqual([]);

    // A day and a bit later, as far as the page knows; a token is signed per second, so the
    // server's next one differs from the first only once its clock has moved on.
    await expect.poll(() => Math.floor(Date.now() / 1000)).toBeGreaterThan(first.time);
    await page.clock.setSystemTime(Date.now() + (86_400 + 60) * 1000);
    await form.getByRole('textbox', { name: 'Last', exact: true }).focus();
    await expect.poll(() => tokenCalls.length).toBe(1);
    expect(Object.fromEntries(new URLSearchParams(tokenCalls[0]))).toEqual({
      action: 'qforms_get_token',
      formId: String(contactForm.id),
    });
    await expect(submit).toBeDisabled();
    releaseToken();
    await expect(submit).toBeEnabled();
    await expect(form).not.toHaveAttribute('data-token', first.token!);
    const fresh = {
      token: (await form.getAttribute('data-token'))!,
      time: Number(await form.getAttribute('data-token-time')),
    };
    expect(fresh.time).toBeGreaterThan(first.time);
    expect(fresh.token).toMatch(new RegExp(`^${fresh.time}\\.`));
    await expect(form.locator('input[name="qforms[token]"]')).toHaveValue(fresh.token);

    // The server's clock cannot be moved: the page's goes back to agree with it again.
    await page.clock.setSystemTime(Date.now());
    await form.getByRole('textbox', { name: 'Last', exact: true }).fill('Lovelace');
    const email = uniqueName('ada').replace(/\W+/g, '.');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(`${email}@example.org`);
    await form
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('The engine weaves patterns.');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    expect(tokenCalls).toHaveLength(1);
    await waitForMinimumFillTime(startedAt);
    const sent = page.waitForRequest((r) => isAction(r, 'qforms_submit'));
    await submit.click();
    expect(bodyOf(await sent)).toContain(fresh.token);
    await expect(page.locator('.qforms-confirmation-container')).toContainText(
      'your message is on its way',
    );
    const entries = await entriesWhere(contactForm.id, 'Email', `${email}@example.org`);
    expect(entries.map(entryValues)).toEqual([
      {
        Name: 'Ada Lovelace',
        Email: `${email}@example.org`,
        Subject: '',
        Message: 'The engine weaves patterns.',
        Privacy: 'I agree that my message and address are kept to answer me.',
      },
    ]);
  });
});

test.describe('token refresh before sending', () => {
  test('a token that went stale while the visitor was away is renewed and the entry kept', async ({
    page,
  }) => {
    await page.clock.install();
    const form = await openForm(page, contactForm.path);
    const startedAt = Date.now();
    const email = `${uniqueName('away').replace(/\W+/g, '.')}@example.org`;
    await form.getByRole('textbox', { name: 'First', exact: true }).fill('Emmy');
    await form.getByRole('textbox', { name: 'Last', exact: true }).fill('Noether');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('On invariants.');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    const subject = form.getByRole('textbox', { name: 'Subject', exact: true });
    await subject.fill('Back after a day');
    const tokenCalls: Request[] = [];
    page.on('request', (r) => {
      if (isAction(r, 'qforms_get_token')) tokenCalls.push(r);
    });

    // A day later the visitor, still in the Subject field, presses Enter to send. The server
    // measures the fill time on its own clock, which the test cannot move.
    await waitForMinimumFillTime(startedAt);
    await page.clock.setSystemTime(Date.now() + (86_400 + 60) * 1000);
    const sent = page.waitForRequest((r) => isAction(r, 'qforms_submit'));
    await subject.press('Enter');
    const submission = await sent;
    expect(tokenCalls).toHaveLength(1);
    const fresh = await (await tokenCalls[0]!.response())!.json();
    expect(bodyOf(submission)).toContain(fresh.data.token);
    await expect(page.locator('.qforms-confirmation-container')).toContainText(
      'your message is on its way',
    );
    expect(await entriesWhere(contactForm.id, 'Email', email, 'spam')).toHaveLength(0);
    expect(await entriesWhere(contactForm.id, 'Email', email)).toHaveLength(1);
  });
});

test.describe('submit button', () => {
  test('is disabled and says so while sending; the form dims', async ({ page }) => {
    const form = await openForm(page, contactForm.path);
    await fillContactForm(form);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/ajax', async (route) => {
      if (isAction(route.request(), 'qforms_submit')) await held;
      await route.fallback();
    });
    const submit = form.getByRole('button', { name: 'Send message' });
    await submit.click();
    const sending = form.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeDisabled();
    await expect(form).toHaveCSS('opacity', '0.6');
    await expect(form).toHaveAttribute('aria-busy', 'true');
    release();
    await expect(page.locator('.qforms-confirmation-container')).toBeVisible();
  });

  test('a network failure puts the button back and logs why', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.route('**/ajax', (route) =>
      isAction(route.request(), 'qforms_submit')
        ? route.abort('internetdisconnected')
        : route.fallback(),
    );
    const form = await openForm(page, contactForm.path);
    await fillContactForm(form);
    await form.evaluate((element) => {
      element.addEventListener('qformsAjaxSubmitFailed', () => {
        element.setAttribute('data-test-failed-event', 'raised');
      });
    });
    const submit = form.getByRole('button', { name: 'Send message' });
    await submit.click();
    await expect(form).toHaveAttribute('data-test-failed-event', 'raised');
    await expect(submit).toBeEnabled();
    await expect(submit).toHaveText('Send message');
    await expect(form).toHaveCSS('opacity', '1');
    await expect(form.getByRole('textbox', { name: 'First', exact: true })).toHaveValue('Mary');
    await expect(page.locator('.qforms-confirmation-container')).toHaveCount(0);
    expect(
      errors.some((text) =>
        text.includes(
          'Network error or server is unreachable. Check your connection or try again later.',
        ),
      ),
    ).toBe(true);
  });
});

test.describe('read-only lock', () => {
  test('a page script locks, unlocks and toggles a form or one of its fields', async ({ page }) => {
    const form = await openForm(page, contactForm.path);
    const subject = form.locator('#qforms-1-0-field_3');
    const message = form.locator('#qforms-1-0-field_4');
    const submit = form.locator('.qforms-submit');
    const readOnly = (action: string, fieldId?: number) =>
      page.evaluate(
        ([id, act, field]) =>
          window.qforms?.readOnly(id as number, act as 'lock', field as number | undefined),
        [contactForm.id, action, fieldId] as const,
      );

    await readOnly('lock');
    await expect(subject).toHaveAttribute('readonly', '');
    await expect(message).toHaveAttribute('readonly', '');
    await expect(submit).toBeDisabled();
    await readOnly('unlock');
    await expect(subject).not.toHaveAttribute('readonly');
    await expect(submit).toBeEnabled();

    await readOnly('toggle', 3);
    await expect(subject).toHaveAttribute('readonly', '');
    await expect(message).not.toHaveAttribute('readonly');
    await readOnly('toggle', 3);
    await expect(subject).not.toHaveAttribute('readonly');
  });
});
