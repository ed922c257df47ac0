import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  aboutYou,
  closeSiteDatabase,
  contactForm,
  entriesWhere,
  errorOf,
  eventForm,
  expectCurrentPage,
  fillAboutYou,
  formPage,
  isAction,
  nextButton,
  openForm,
  publishFormPage,
  scrollSettled,
  uniqueAddress,
  uniqueName,
  waitForMinimumFillTime,
} from './forms-support.ts';
import { isMobileProject } from './support.ts';

test.afterAll(closeSiteDatabase);

const required = 'This field is required.';
const invalidRed = 'rgb(180, 35, 24)';

/**
 * A click with the mouse on the desktop, a tap with a finger on the phone, near the button's
 * lower edge: where a visitor's press is lost first when the button moves up under it.
 */
async function press(page: Page, target: Locator) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error('Nothing to press');
  const position = { x: box.width / 2, y: box.height - 4 };
  if (await isMobileProject(page)) await target.tap({ position });
  else await target.click({ position });
}

test.describe('a click right after a correction', () => {
  // The page's clock stands still from the correction to the press, so the 1 s key-up check
  // cannot take the message away first: only leaving the field does, during the press.
  test('Next moves on at the first click while the corrected field is still focused', async ({
    page,
  }) => {
    // A short form at the top of its page: nothing above it for the browser's scroll
    // anchoring to move instead of the button.
    const { path } = await publishFormPage({
      title: 'Two short pages',
      fields: [
        { id: 1, type: 'text', label: 'Nickname', required: true },
        { id: 2, type: 'text', label: 'Town', required: true },
        { id: 3, type: 'pagebreak', title: 'More' },
        { id: 4, type: 'text', label: 'Note' },
      ],
    });
    await page.clock.install();
    const form = await openForm(page, path);
    const nickname = form.getByRole('textbox', { name: 'Nickname', exact: true });
    const town = form.getByRole('textbox', { name: 'Town', exact: true });
    await press(page, nextButton(form));
    await expect(await errorOf(town)).toHaveText(required);
    await nickname.fill('Direct Clicker');
    await page.clock.pauseAt(Date.now() + 60_000);
    // The town still shows "required" and keeps the focus: the press makes it leave, which
    // takes that message away and moves Next up.
    await town.fill('Ambleside');
    await expect(await errorOf(town)).toHaveText(required);
    await press(page, nextButton(form));
    await expectCurrentPage(form, 2, { waitForScroll: false });
    await page.clock.resume();
    await expect(formPage(form, 1).locator('.qforms-error')).toHaveCount(0);
  });

  test('Submit sends at the first click while the corrected message is still focused', async ({
    page,
  }) => {
    await page.clock.install();
    const form = await openForm(page, contactForm.path);
    const startedAt = Date.now();
    const submit = form.getByRole('button', { name: 'Send message' });
    await press(page, submit);
    const text = form.getByRole('textbox', { name: 'Message', exact: true });
    await expect(await errorOf(text)).toHaveText(required);
    // The failed submit scrolls to its first error (easing over 750 ms): a click while the page
    // still moves can land beside the checkbox (one fresh-clone run saw it so, under load).
    await scrollSettled(page);
    const email = uniqueAddress('first.click');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await form.getByRole('textbox', { name: 'First', exact: true }).fill('First');
    await form.getByRole('textbox', { name: 'Last', exact: true }).fill('Click');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await waitForMinimumFillTime(startedAt);
    await page.clock.pauseAt(Date.now() + 60_000);
    await text.fill('One click is enough.');
    await expect(await errorOf(text)).toHaveText(required);
    await press(page, submit);
    await expect(page.locator('.qforms-confirmation-container')).toContainText(
      'your message is on its way',
    );
    await page.clock.resume();
    expect(await entriesWhere(contactForm.id, 'Email', email)).toHaveLength(1);
  });
});

test.describe('invalid fields', () => {
  test('are outlined, whatever their type, and the first one gets the focus', async ({ page }) => {
    const form = await openForm(page, eventForm.path);
    const { name, email, confirmEmail, website } = aboutYou(form);
    await press(page, nextButton(form));
    await expect(name).toBeFocused();
    for (const input of [name, email, confirmEmail]) {
      await expect(input).toHaveAttribute('aria-invalid', 'true');
      await expect(input).toHaveCSS('border-top-color', invalidRed);
    }
    await expect(website).not.toHaveCSS('border-top-color', invalidRed);

    await fillAboutYou(form, 'Outlined', 'outlined@example.org');
    await press(page, nextButton(form));
    await expectCurrentPage(form, 2);
    await press(page, nextButton(form));
    const day = form.getByRole('group', { name: 'Which day are you coming?' });
    const firstDay = day.getByRole('radio', { name: 'Saturday' });
    await expect(firstDay).toBeFocused();
    // Choices draw no border of their own: they are outlined once the focus moves on.
    await form.getByRole('combobox', { name: 'T-shirt size' }).focus();
    for (const radio of await day.getByRole('radio').all()) {
      await expect(radio).toHaveCSS('outline-color', invalidRed);
      await expect(radio).toHaveCSS('outline-style', 'solid');
    }
  });

  test('after a failed submit, the first invalid field of the form gets the focus', async ({
    page,
  }) => {
    const form = await openForm(page, contactForm.path);
    await form.getByRole('textbox', { name: 'First', exact: true }).fill('Ada');
    await press(page, form.getByRole('button', { name: 'Send message' }));
    const last = form.getByRole('textbox', { name: 'Last', exact: true });
    await expect(last).toBeFocused();
    await expect(last).toHaveCSS('border-top-color', invalidRed);
    const message = form.getByRole('textbox', { name: 'Message', exact: true });
    await expect(message).toHaveCSS('border-top-color', invalidRed);
  });
});

test.describe('restricted e-mail', () => {
  test('is checked as soon as the address is valid, before its confirmation is typed', async ({
    page,
  }) => {
    const form = await openForm(page, eventForm.path);
    const { email, confirmEmail } = aboutYou(form);
    const checked = page.waitForResponse((r) => isAction(r.request(), 'qforms_restricted_email'));
    await email.fill('someone@mailinator.com');
    await confirmEmail.focus();
    await expect(await errorOf(email)).toHaveText('This email address is not allowed.');
    expect(await (await checked).json()).toEqual({ success: true, data: false });
    await expect(confirmEmail).toHaveValue('');
    await expect(await errorOf(confirmEmail)).toHaveCount(0);
  });
});

test.describe('general errors from the server', () => {
  /** Answers the next submission with these general errors, as a server would (seed §3). */
  async function answerWithGeneralErrors(page: Page, general: Record<string, string>) {
    await page.route('**/ajax', (route) =>
      isAction(route.request(), 'qforms_submit')
        ? route.fulfill({
            status: 400,
            contentType: 'application/json',
            body: JSON.stringify({ success: false, data: { errors: { general, field: {} } } }),
          })
        : route.fallback(),
    );
  }

  test('a paged form shows footer errors on page 1 and goes there; the captcha keeps its own', async ({
    page,
  }) => {
    await answerWithGeneralErrors(page, {
      header_styled: 'Header, styled.',
      footer: 'Footer error.',
      footer_styled: 'Footer, styled.',
      recaptcha: 'Google reCAPTCHA verification failed, please try again later.',
    });
    const form = await openForm(page, eventForm.path);
    await fillAboutYou(form, uniqueName('General'), 'general.errors@example.org');
    await press(page, nextButton(form));
    await expectCurrentPage(form, 2);
    await form.getByRole('radio', { name: 'Saturday' }).check();
    await form.getByRole('radio', { name: 'I will make my own way' }).check();
    await press(page, nextButton(form));
    await expectCurrentPage(form, 4);
    await form.getByRole('checkbox', { name: /my details are kept until the end/ }).check();
    await press(page, form.getByRole('button', { name: 'Sign me up' }));

    await expectCurrentPage(form, 1);
    const header = form.locator('.qforms-error-header');
    await expect(header).toHaveText('Header, styled.');
    await expect(header).toBeInViewport();
    const footer = formPage(form, 1).locator('.qforms-error-footer');
    await expect(footer.locator('p')).toHaveText(['Footer error.']);
    await expect(footer.locator('.qforms-error-styled')).toHaveText('Footer, styled.');
    await expect(footer).toBeVisible();
    // The captcha's error is where the captcha is, on the last page, not dropped.
    const captcha = formPage(form, 4).locator(
      '.qforms-recaptcha-container .qforms-error-container',
    );
    await expect(captcha).toHaveText(
      'Google reCAPTCHA verification failed, please try again later.',
    );
    await expect(formPage(form, 4).locator('.qforms-error-footer')).toHaveCount(0);
    // The submit button, on the last page and out of sight now, is ready again.
    await expect(form.locator('button[type="submit"]')).toBeEnabled();
  });

  test('styled errors show as HTML, less what is not safe to show', async ({ page }) => {
    await answerWithGeneralErrors(page, {
      header_styled:
        '<strong>Payment declined.</strong> <a href="/contact/" onclick="window.unsafe = 1">Write to us</a><img src="/missing.png" onerror="window.unsafe = 2"><script>window.unsafe = 3</script>',
      footer_styled:
        'Check the <em>card number</em>.<br><a href="javascript:window.unsafe = 4">Retry</a>',
    });
    const form = await openForm(page, contactForm.path);
    await form.getByRole('textbox', { name: 'First', exact: true }).fill('Styled');
    await form.getByRole('textbox', { name: 'Last', exact: true }).fill('Errors');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('styled@example.org');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello.');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await press(page, form.getByRole('button', { name: 'Send message' }));

    const header = form.locator('.qforms-error-header');
    await expect(header.locator('strong')).toHaveText('Payment declined.');
    await expect(header).not.toContainText('<strong>');
    const link = header.getByRole('link', { name: 'Write to us' });
    await expect(link).toHaveAttribute('href', '/contact/');
    await expect(link).not.toHaveAttribute('onclick');
    await expect(header.locator('img, script')).toHaveCount(0);
    const footer = form.locator('.qforms-error-footer');
    await expect(footer.locator('em')).toHaveText('card number');
    await expect(footer.getByText('Retry')).not.toHaveAttribute('href', /javascript:/);
    await link.evaluate((a: HTMLAnchorElement) =>
      a.addEventListener('click', (e) => e.preventDefault()),
    );
    await link.click();
    expect(await page.evaluate(() => (window as { unsafe?: number }).unsafe)).toBeUndefined();
  });

  test('a single-page form shows footer and captcha errors side by side above Submit', async ({
    page,
  }) => {
    await answerWithGeneralErrors(page, {
      footer: 'Footer error.',
      recaptcha: 'hCaptcha verification failed, please try again later.',
    });
    const form = await openForm(page, contactForm.path);
    await form.getByRole('textbox', { name: 'First', exact: true }).fill('Single');
    await form.getByRole('textbox', { name: 'Last', exact: true }).fill('Page');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill('single@example.org');
    await form.getByRole('textbox', { name: 'Message', exact: true }).fill('Hello.');
    await form.getByRole('checkbox', { name: /I agree/ }).check();
    await press(page, form.getByRole('button', { name: 'Send message' }));
    const submitArea = form.locator('.qforms-submit-container');
    await expect(submitArea.locator('.qforms-error-footer')).toHaveText('Footer error.');
    await expect(submitArea.locator('.qforms-recaptcha-container')).toHaveText(
      'hCaptcha verification failed, please try again later.',
    );
    await expect(submitArea.locator('.qforms-error-footer')).toBeInViewport();
  });
});
