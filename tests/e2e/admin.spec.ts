import { expect, test } from '@playwright/test';
import { startSmtpPeer } from '../support/smtp-peer.ts';
import {
  adminLink,
  expectNoAxeViolations,
  firstRunLink,
  keepingSettings,
  owner,
  signIn,
  signInThroughForm,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';
import { siteDatabase } from './forms-support.ts';

/**
 * The admin's base in the browser, on desktop and phone: a first run's set-up link to the
 * dashboard, signing out and in again with the keyboard alone, and no accessibility
 * violation on any of its screens.
 */

watchPolicyViolations();

test('a first run goes from the set-up link to the dashboard, and out and in again', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(await firstRunLink());
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Set up');
  await expectNoAxeViolations(page);
  await page.getByLabel('Your name').fill(owner.name);
  await page.getByLabel('E-mail address').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('The password again').fill('not the same password');
  await page.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('alert')).toHaveText('The two passwords are not the same.');
  await expectNoAxeViolations(page);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByLabel('The password again').fill(owner.password);
  await page.getByRole('button', { name: 'Create the account' }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(await adminLink(page, 'Dashboard')).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'Newest form entries' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in\?notice=signed-out$/);
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await expectNoAxeViolations(page);

  // Back in with the keyboard alone: Tab from the top of the page, type, Enter.
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mail address')).toBeFocused();
  await page.keyboard.type(owner.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('a wrong password');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toHaveText(
    'The e-mail address or the password is not right.',
  );
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').focus();
  await page.keyboard.type(owner.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the forum notice folds and unfolds, saved each time, and goes for good', async ({ page }) => {
  // The owner of the first journey, with the notice as a new administrator finds it.
  const { db } = siteDatabase();
  await db.deleteFrom('admin_preferences').execute();
  await signIn(page);
  await waitForHydration(page);
  const toggle = page.getByRole('button', { name: 'Questions or ideas? Join the Quire forum' });
  const body = page.getByText('Ask how to do something');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(body).toBeVisible();

  const calls: URLSearchParams[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/ajax')) calls.push(new URLSearchParams(request.postData() ?? ''));
  });
  const answered = () => page.waitForResponse((response) => response.url().endsWith('/ajax'));
  let reply = answered();
  await toggle.click();
  await reply;
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(body).toBeHidden();
  reply = answered();
  await toggle.press('Enter');
  await reply;
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  reply = answered();
  await toggle.press('Space');
  await reply;
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const nonce = await page.locator('input[name="csrf"]').first().inputValue();
  expect(calls.map((call) => [call.get('action'), call.get('status'), call.get('nonce')])).toEqual([
    ['qshare_default_hide_admin_notification', 'hide', nonce],
    ['qshare_default_hide_admin_notification', 'show', nonce],
    ['qshare_default_hide_admin_notification', 'hide', nonce],
  ]);
  await expectNoAxeViolations(page);

  // Closed is remembered across a reload; then the footer link hides it for good.
  await page.reload();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await waitForHydration(page);
  await toggle.click();
  reply = answered();
  await page.getByRole('button', { name: 'Don’t show this again' }).click();
  await reply;
  await expect(toggle).toHaveCount(0);
  await expect(page.locator('#admin-main').getByRole('status')).toHaveText(
    'The forum notice is hidden for good.',
  );
  expect(calls.at(-1)?.get('action')).toBe('qshare_hide_admin_forum_notification');
  expect(calls.at(-1)?.get('nonce')).toBe(nonce);

  // Still gone after signing out and in again.
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signInThroughForm(page);
  await expect(
    page.getByRole('button', { name: 'Questions or ideas? Join the Quire forum' }),
  ).toHaveCount(0);
});

test('a settings tab saves with "Saving...", says so for 5 s, and the site shows it', async ({
  page,
}) => {
  await page.clock.install();
  await signIn(page);
  await (await adminLink(page, 'Settings')).click();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await waitForHydration(page);
  await expectNoAxeViolations(page);
  await keepingSettings('site', async () => {
    const panel = page.getByRole('tabpanel', { name: 'Site' });
    // The tab's own form: the demo's box below it has messages of its own.
    const form = panel.locator('form.admin-settings-form');
    const save = form.getByRole('button', { name: 'Save' });
    // An invalid value is marked at its field, with the tab's error message.
    await panel.getByLabel('Posts per page').fill('0');
    await save.click();
    await expect(panel.getByText('Enter a number from 1 to 50.')).toBeVisible();
    await expect(panel.getByLabel('Posts per page')).toHaveAttribute('aria-invalid', 'true');
    await expect(form.getByRole('alert')).toHaveText(
      'Some settings need a change: see the marked fields.',
    );
    await expect(panel.getByLabel('Posts per page')).toBeFocused();
    await expectNoAxeViolations(page);

    // Held back, the save shows "Saving..." on its button until the answer comes.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/admin/api/settings', async (route) => {
      await held;
      await route.continue();
    });
    await panel.getByLabel('Posts per page').fill('6');
    await panel.getByLabel('Site title').fill('Field Notes, renamed');
    // The page's clock stops here and moves only when told: a busy machine's slowness cannot
    // eat into the message's 5 s.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await save.click();
    await expect(panel.getByRole('button', { name: 'Saving...' })).toBeVisible();
    release();
    const message = form.getByRole('status');
    await expect(message).toHaveText('Settings saved. The site shows them now.');
    await expect(panel.getByRole('button', { name: 'Save' })).toBeVisible();
    await page.clock.runFor(4900);
    await expect(message).toHaveText('Settings saved. The site shows them now.');
    await page.clock.runFor(200);
    await expect(message).toHaveText('');

    // Keyboard: the arrow keys move between tabs.
    await page.getByRole('tab', { name: 'Site' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Header' })).toHaveAttribute(
      'aria-selected',
      'true',
    );

    await page.goto('/');
    await expect(page.locator('.site-title')).toHaveText('Field Notes, renamed');
  });
});

test('the posts list filters by state and title with the keyboard, and links to what is published', async ({
  page,
}) => {
  await signIn(page);
  await (await adminLink(page, 'Posts')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible();
  await expect(page.locator('#admin-main').getByRole('status')).toContainText(/\d+ posts\./);
  await expectNoAxeViolations(page);
  await page.getByLabel('State').selectOption('published');
  await page.getByLabel('Title contains').fill('coast');
  await page.getByLabel('Title contains').press('Enter');
  await expect(page).toHaveURL(/\/admin\/posts\?q=coast&state=published/);
  const row = page.getByRole('row', { name: /Walking the Coast Path/ });
  await expect(row).toContainText('Published');
  await row
    .getByRole('link', { name: 'View “Walking the Coast Path Out of Season” on the site' })
    .click();
  await expect(page).toHaveURL(/\/walking-the-coast-path-out-of-season\/$/);
  await page.goBack();
  await row
    .getByRole('link', { name: 'Walking the Coast Path Out of Season', exact: true })
    .click();
  await expect(page).toHaveURL(/\/admin\/posts\/\d+$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue(
    'Walking the Coast Path Out of Season',
  );
});

test('the Mail tab says mail reaches nobody until a mail server is set there, then sends through it', async ({
  page,
}) => {
  const smtp = await startSmtpPeer();
  try {
    await keepingSettings('mail', async () => {
      await signIn(page);
      await page.goto('/admin/settings');
      await waitForHydration(page);
      await page.getByRole('tab', { name: 'Mail' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Mail' });
      await expect(panel.getByLabel('Sender address')).toBeVisible();
      await expect(panel.locator('#mail-kept-locally')).toContainText(
        /^No mail server is set: every mail is written to the folder .*outbox on the server and reaches nobody\. Set your mail provider’s server below\.$/,
      );
      await panel.getByRole('button', { name: 'Send a test mail' }).click();
      // Written to the folder, not sent: never "the mail server took it".
      await expect(panel.getByRole('alert').last()).toHaveText(
        /^No mail server is set, so the test mail was written to the folder .*outbox on the server and reached nobody\. Set a mail server below to send mail\.$/,
      );
      await expect(panel.getByRole('status').last()).toHaveText('');
      await expectNoAxeViolations(page);

      await panel.getByLabel('Mail server').fill('127.0.0.1');
      await panel.getByLabel('Port').fill(String(smtp.port));
      await panel.getByLabel('Security').selectOption('none');
      await panel.getByLabel('User name').fill('quire');
      await panel.getByLabel('Password').fill('secret');
      await panel.getByRole('button', { name: 'Save' }).click();
      await expect(panel.getByRole('status').first()).toHaveText(
        'Settings saved. The site shows them now.',
      );
      await expect(panel.locator('#mail-route')).toHaveText(
        `Mail goes out through smtp://127.0.0.1:${smtp.port}. Save, then send a test mail to check it.`,
      );
      await panel.getByRole('button', { name: 'Send a test mail' }).click();
      await expect(panel.getByRole('status').last()).toHaveText(
        `The mail server took a test mail to ${owner.email}. Check that inbox.`,
      );
      expect(smtp.received.map((mail) => mail.to)).toEqual([[owner.email]]);
      // The password is never sent back: a fresh page shows only that one is kept.
      await page.reload();
      await waitForHydration(page);
      await page.getByRole('tab', { name: 'Mail' }).click();
      await expect(panel.getByLabel('Password')).toHaveValue('');
      await expect(panel.getByLabel('Password')).toHaveAttribute(
        'placeholder',
        'Saved (hidden): type a new one to replace it',
      );
      await expectNoAxeViolations(page);
    });
  } finally {
    await smtp.stop();
  }
});

test('the account screen changes the password, with the current one, and keeps this device signed in', async ({
  page,
}) => {
  await signIn(page);
  await (await adminLink(page, 'Your account')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your account' })).toBeVisible();
  await expectNoAxeViolations(page);
  const change = async (current: string, next: string) => {
    await page.getByLabel('Current password').fill(current);
    await page.getByLabel('New password', { exact: true }).fill(next);
    await page.getByLabel('The new password again').fill(next);
    await page.getByRole('button', { name: 'Change the password' }).click();
  };
  await change('not the password', 'a brand new password');
  await expect(page.getByRole('alert')).toHaveText('The current password is not right.');
  await expect(page.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');
  await expectNoAxeViolations(page);
  await change(owner.password, 'a brand new password');
  await expect(page.locator('#admin-main').getByRole('status')).toHaveText(
    'Your password is changed. Every other device is signed out.',
  );
  // Back to the password the other journeys sign in with.
  await change('a brand new password', owner.password);
  await expect(page.locator('#admin-main').getByRole('status')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
});

test('the header menu gets a submenu link with the keyboard, and the site shows it', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Header' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Header' });
  await keepingSettings('site', async () => {
    const add = panel.getByRole('button', { name: 'Add a submenu link to “About”' });
    await add.focus();
    await page.keyboard.press('Enter');
    // The new link's text field has the keyboard.
    await page.keyboard.type('Colophon');
    await page.keyboard.press('Tab');
    await page.keyboard.type('/colophon/');
    await expectNoAxeViolations(page);
    // A script address is refused at its field.
    const contact = panel.getByRole('button', { name: 'Move “Contact” up' });
    await contact.focus();
    await page.keyboard.press('Enter');
    await expect(panel.locator('#header-menu-5-label')).toBeFocused();
    await expect(panel.locator('#header-menu-5-label')).toHaveValue('Contact');
    await panel.locator('#header-menu-5-url').fill('javascript:alert(1)');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.locator('#header-menu-5-url')).toBeFocused();
    await expect(panel.locator('#header-menu-5-url')).toHaveAttribute('aria-invalid', 'true');
    await panel.locator('#header-menu-5-url').fill('/contact/');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('status')).toHaveText('Settings saved. The site shows them now.');
    await page.goto('/');
    const colophon = page
      .locator('header')
      .getByRole('link', { name: 'Colophon', includeHidden: true });
    await expect(colophon).toHaveAttribute('href', '/colophon/');
  });
});

test('the Payments tab sets the currency order forms show, and never shows a saved secret', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Payments' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Payments' });
  await keepingSettings('payments', async () => {
    await panel.getByLabel('Currency').fill('EUR');
    await panel.getByLabel('Symbol', { exact: true }).fill('€');
    await panel.getByLabel('Symbol position').selectOption('right');
    await panel.getByLabel('Decimal separator').selectOption(',');
    await panel.getByRole('button', { name: 'Save' }).click();
    // Both separators a comma: refused at the field.
    await expect(panel.getByLabel('Thousands separator')).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByLabel('Thousands separator')).toBeFocused();
    await panel.getByLabel('Thousands separator').selectOption('.');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('status')).toHaveText('Settings saved. The site shows them now.');
    await expectNoAxeViolations(page);
    // The journeys' server has Stripe's secrets in its environment: shown as set there, never
    // as themselves, and not editable here.
    for (const label of ['Stripe secret key', 'Stripe webhook signing secret']) {
      await expect(panel.getByLabel(label)).toBeDisabled();
      await expect(panel.getByLabel(label)).toHaveValue('');
      await expect(panel.getByLabel(label)).toHaveAttribute('placeholder', /environment/);
    }
    expect(await page.content()).not.toContain('sk_test_e2e');
    expect(await page.content()).not.toContain('whsec_e2e');
    await page.goto('/workshop-booking/');
    await expect(page.locator('form.qforms-form')).toContainText('85,00 €');
  });
});

test('a number setting below its range is told the whole range', async ({ page }) => {
  await signIn(page);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Files' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Files' });
  const limit = panel.getByLabel('Upload limit (MB)');
  await keepingSettings('files', async () => {
    await limit.fill('0');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(limit).toHaveAttribute('aria-invalid', 'true');
    await expect(panel.getByText('Enter a number from 1 to 1024.')).toBeVisible();
    await expect(panel.getByText(/Enter at least/)).toHaveCount(0);
    await limit.fill('1025');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByText('Enter a number from 1 to 1024.')).toBeVisible();
  });
});

test('the Sharing tab reorders the icons with the keyboard and the site follows', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Sharing' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Sharing' });
  await expectNoAxeViolations(page);
  await keepingSettings('share', async () => {
    // X up above Facebook: the focus stays on X's button, now at the top.
    await panel.getByRole('button', { name: 'Move X up' }).focus();
    await page.keyboard.press('Enter');
    await expect(panel.locator('.admin-icon-row').first()).toContainText('X');
    await expect(panel.getByRole('button', { name: 'Move X down' })).toBeFocused();
    await panel.getByLabel('Facebook', { exact: true }).uncheck();
    await panel.getByLabel('X address').fill('not an address');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByLabel('X address')).toBeFocused();
    await expect(panel.getByText('Use an address that starts with https://')).toBeVisible();
    await panel.getByLabel('X address').fill('https://x.com/fieldnotes_example');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('status')).toHaveText('Settings saved. The site shows them now.');
    await page.goto('/');
    const icons = page.locator('footer .qshare-icon');
    await expect(icons.first()).toHaveClass(/qshare-icon--x/);
    await expect(page.locator('footer .qshare-icon--facebook')).toHaveCount(0);
  });
});
