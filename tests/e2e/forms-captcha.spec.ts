import { expect, type Page, test } from '@playwright/test';
import { writeCaptchaSettings } from '../../src/features/forms/server/captcha/captcha-settings-store.ts';
import {
  expectNoAxeViolations,
  keepingSettings,
  signIn,
  waitForHydration,
} from './admin-support.ts';
import {
  closeSiteDatabase,
  entriesWhere,
  isAction,
  openForm,
  publishFormPage,
  siteDatabase,
  uniqueName,
} from './forms-support.ts';

/**
 * The captcha in the browser: ALTCHA solved by the page's own worker and sent with the form; a
 * failed submit that resets it, so that the next one carries a fresh solution; and a
 * third-party service whose script cannot be reached, which the form says, and the server
 * refuses with that service's message while the visitor's answers stay.
 */

test.afterAll(closeSiteDatabase);

let policyViolations: string[] = [];
test.beforeEach(({ page }) => {
  policyViolations = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) policyViolations.push(message.text());
  });
});
test.afterEach(() => {
  expect(policyViolations).toEqual([]);
});

const captchaForm = (title: string) =>
  publishFormPage({
    title,
    settings: { antispam: { minimumSeconds: 0 } },
    fields: [
      { id: 1, type: 'text', label: 'Your name', required: true },
      { id: 2, type: 'captcha', label: 'Verification' },
    ],
  });

/** The `altcha` value of each `qforms_submit` the page sends. */
function watchSubmissions(page: Page): string[] {
  const payloads: string[] = [];
  page.on('request', (request) => {
    if (!isAction(request, 'qforms_submit')) return;
    const match = /name="altcha"\r\n\r\n([^\r]*)\r\n/.exec(request.postData() ?? '');
    payloads.push(match?.[1] ?? '');
  });
  return payloads;
}

test('an ALTCHA captcha is solved in the browser and the form is taken', async ({ page }) => {
  const { id, path } = await captchaForm('ALTCHA journey');
  const submitted = watchSubmissions(page);
  const form = await openForm(page, path);
  const widget = form.locator('.qforms-field-captcha .altcha');
  await expect(widget).toHaveAttribute('data-state', 'unverified');
  const name = uniqueName('Solver');
  // Filling the form in starts the proof of work (the widget's `onfocus`).
  await form.getByRole('textbox', { name: 'Your name' }).fill(name);
  await expect(widget).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.qforms-confirmation-container')).toBeVisible();
  expect(submitted).toHaveLength(1);
  expect(submitted[0]).toMatch(/^[A-Za-z0-9+/]+=*$/);
  expect(await entriesWhere(id, 'Your name', name)).toHaveLength(1);
});

test('a visitor who began before the ALTCHA widget was ready still gets it solved', async ({
  page,
}) => {
  const { id, path } = await captchaForm('ALTCHA early start');
  // The widget's code arrives late and its element is defined late, as on a slow device or
  // network: the visitor is typing by then.
  await page.route('**/_astro/CaptchaAltcha.*.js', async (route) => {
    await new Promise((arrive) => setTimeout(arrive, 1500));
    await route.continue();
  });
  await page.addInitScript(() => {
    const define = customElements.define.bind(customElements);
    customElements.define = (name, element, options) => {
      if (name === 'altcha-widget') setTimeout(() => define(name, element, options), 1500);
      else define(name, element, options);
    };
  });
  const form = await openForm(page, path);
  const name = uniqueName('Early');
  await form.getByRole('textbox', { name: 'Your name' }).fill(name);
  const widget = form.locator('.qforms-field-captcha .altcha');
  await expect(widget).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.qforms-confirmation-container')).toBeVisible();
  expect(await entriesWhere(id, 'Your name', name)).toHaveLength(1);
});

test('a failed submit resets the captcha, and the next carries a fresh solution', async ({
  page,
}) => {
  const { id, path } = await captchaForm('ALTCHA reset journey');
  const submitted = watchSubmissions(page);
  let challenges = 0;
  page.on('request', (request) => {
    if (isAction(request, 'qforms_altcha_challenge')) challenges++;
  });
  // The first submission's solution is spent before it is sent (another tab sent it first):
  // the server refuses it, as it refuses any solution sent twice.
  let spent = false;
  await page.route('**/ajax', async (route) => {
    const request = route.request();
    const match = /name="altcha"\r\n\r\n([^\r]*)\r\n/.exec(request.postData() ?? '');
    if (!spent && match?.[1] && isAction(request, 'qforms_submit')) {
      spent = true;
      const payload = JSON.parse(Buffer.from(match[1], 'base64').toString('utf8'));
      await siteDatabase()
        .db.insertInto('captcha_spent_challenges')
        .values({
          signature: payload.challenge.signature,
          expires_at: payload.challenge.parameters.expiresAt * 1000,
        })
        .execute();
    }
    await route.continue();
  });
  const form = await openForm(page, path);
  const widget = form.locator('.qforms-field-captcha .altcha');
  const name = uniqueName('Retrier');
  await form.getByRole('textbox', { name: 'Your name' }).fill(name);
  await expect(widget).toHaveAttribute('data-state', 'verified', { timeout: 20_000 });
  await form.getByRole('button', { name: 'Submit' }).click();

  await expect(form.locator('.qforms-recaptcha-container')).toHaveText(
    'ALTCHA verification failed, please try again later.',
  );
  await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue(name);
  expect(await entriesWhere(id, 'Your name', name)).toHaveLength(0);

  // Reset, the widget solves a new challenge; the next submit waits for it if need be.
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('.qforms-confirmation-container')).toBeVisible({ timeout: 20_000 });
  expect(challenges).toBe(2);
  expect(submitted).toHaveLength(2);
  expect(submitted[1]).not.toBe(submitted[0]);
  expect(await entriesWhere(id, 'Your name', name)).toHaveLength(1);
});

for (const service of [
  {
    provider: 'turnstile',
    name: 'Cloudflare Turnstile',
    script: 'https://challenges.cloudflare.com/**',
  },
  { provider: 'hcaptcha', name: 'hCaptcha', script: 'https://js.hcaptcha.com/**' },
] as const) {
  test(`a ${service.name} form whose script cannot be reached says so, and is refused with its message`, async ({
    page,
  }) => {
    await keepingSettings('captcha', async () => {
      await writeCaptchaSettings(siteDatabase().db, {
        provider: service.provider,
        siteKey: '1x00000000000000000000AA',
        secretKey: '1x0000000000000000000000000000000AA',
      });
      const { id, path } = await captchaForm(`${service.name} out of reach`);
      let asked = false;
      await page.route(service.script, (route) => {
        asked = true;
        return route.abort('internetdisconnected');
      });
      const form = await openForm(page, path);
      await expect(form.locator('.qforms-field-captcha [role="alert"]')).toHaveText(
        `${service.name} could not be loaded, so this form cannot be sent just now. Please check your connection and try again later.`,
      );
      expect(asked).toBe(true);
      const name = uniqueName('Unverified');
      await form.getByRole('textbox', { name: 'Your name' }).fill(name);
      await form.getByRole('button', { name: 'Submit' }).click();
      await expect(form.locator('.qforms-recaptcha-container')).toHaveText(
        `${service.name} verification failed, please try again later.`,
      );
      await expect(form.getByRole('textbox', { name: 'Your name' })).toHaveValue(name);
      await expect(form.getByRole('button', { name: 'Submit' })).toBeEnabled();
      expect(await entriesWhere(id, 'Your name', name)).toHaveLength(0);
    });
  });
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form says its captcha needs JavaScript, and the server refuses it', async ({
    page,
  }) => {
    const { id, path } = await captchaForm('ALTCHA without scripts');
    await page.goto(path);
    const form = page.locator('form.qforms-form');
    await expect(form.locator('.qforms-captcha-note')).toHaveText(
      'This form’s captcha needs JavaScript: please turn it on to send the form.',
    );
    const name = uniqueName('Scriptless');
    await form.getByRole('textbox', { name: 'Your name' }).fill(name);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.qforms-recaptcha-container')).toHaveText(
      'ALTCHA verification failed, please try again later.',
    );
    await expect(page.getByRole('textbox', { name: 'Your name' })).toHaveValue(name);
    expect(await entriesWhere(id, 'Your name', name)).toHaveLength(0);
  });
});

test('the owner chooses the captcha service and its keys; the secret is never shown again', async ({
  page,
}) => {
  await signIn(page);
  await page.goto('/admin/settings');
  await waitForHydration(page);
  await page.getByRole('tab', { name: 'Captcha' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Captcha' });
  await keepingSettings('captcha', async () => {
    await expect(panel.getByLabel('Captcha service')).toHaveValue('altcha');
    await panel.getByLabel('Captcha service').selectOption('turnstile');
    await panel.getByLabel('Site key').fill('1x00000000000000000000AA');
    await panel.getByLabel('Secret key').fill('1x0000000000000000000000000000000AA');
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('status')).toHaveText('Settings saved. The site shows them now.');
    await expectNoAxeViolations(page);
    await page.reload();
    await waitForHydration(page);
    await page.getByRole('tab', { name: 'Captcha' }).click();
    await expect(panel.getByLabel('Captcha service')).toHaveValue('turnstile');
    await expect(panel.getByLabel('Secret key')).toHaveValue('');
    await expect(panel.getByLabel('Secret key')).toHaveAttribute('placeholder', /Saved \(hidden\)/);
    expect(await page.content()).not.toContain('1x0000000000000000000000000000000AA');
    // Forms with a captcha now show Turnstile's widget, with the site key and not the secret.
    const { path } = await captchaForm('Turnstile chosen by the owner');
    await page.route('https://challenges.cloudflare.com/**', (route) => route.abort());
    const response = await page.goto(path);
    const html = (await response?.text()) ?? '';
    expect(html).toContain('1x00000000000000000000AA');
    expect(html).not.toContain('1x0000000000000000000000000000000AA');
    expect(response?.headers()['content-security-policy']).toContain(
      'https://challenges.cloudflare.com',
    );
  });
});
