import { expect, type Page, test } from '@playwright/test';
import { serverShareMessages } from '../../src/features/share/messages.ts';
import { closeSiteDatabase, lastMailTo } from './forms-support.ts';
import { waitForHydration } from './support.ts';

test.afterAll(closeSiteDatabase);

/** The path and query of a link in a mail, to open on the site under test. */
function linkIn(text: string, kind: 'confirm' | 'unsubscribe'): string {
  const link = new RegExp(`https?://\\S+/subscription/${kind}\\?t=[\\w.-]+`).exec(text);
  expect(link, `a ${kind} link`).not.toBeNull();
  const url = new URL((link as RegExpExecArray)[0]);
  return `${url.pathname}${url.search}`;
}

/** Nothing wider than the window once the page has settled (the header animates in). */
async function expectNoSideways(page: Page) {
  await waitForHydration(page);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    )
    .toBeLessThanOrEqual(0);
}

test('subscribe, confirm from the mail, then unsubscribe and find the way back', async ({
  page,
}, testInfo) => {
  // Its own client address and mailbox per project and run, so the rate limits (5 requests
  // per client per 10 minutes, 3 confirmations per address a day) never meet other journeys.
  const run = testInfo.repeatEachIndex * 10 + testInfo.retry;
  const client = `198.51.100.${(testInfo.project.name === 'phone' ? 100 : 0) + run + 1}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': client });
  const email = `journey-${testInfo.project.name}-${run}@example.org`;
  await page.goto(`/subscription-form/1/8?email=${encodeURIComponent(email)}`);
  const field = page.getByRole('textbox', { name: 'Your e-mail address' });
  await expect(field).toHaveValue(email);
  await expectNoSideways(page);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    serverShareMessages.confirmationSentTitle,
  );
  await expect(page.getByText(`We have sent a message to ${email}.`)).toBeVisible();

  const confirmation = await lastMailTo(email);
  expect(confirmation.subject).toMatch(/^Confirm your subscription to /);
  await page.goto(linkIn(confirmation.text, 'confirm'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    serverShareMessages.confirmTitle,
  );
  await expectNoSideways(page);
  await page.getByRole('button', { name: serverShareMessages.confirmButton }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    serverShareMessages.confirmedTitle,
  );

  await page.goto(linkIn(confirmation.text, 'unsubscribe'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Unsubscribe from .+\?$/);
  await page.getByRole('button', { name: serverShareMessages.unsubscribeButton }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    serverShareMessages.unsubscribedTitle,
  );
  await page.getByRole('link', { name: serverShareMessages.subscribeAgain }).click();
  await expect(page).toHaveURL(/\/subscription-form\/1\/8\?email=/);
  await expect(page.getByRole('textbox', { name: 'Your e-mail address' })).toHaveValue(email);
});

test('a topic page leads to the subscription page of that topic', async ({ page }) => {
  await page.goto('/tag/');
  const topic = page.locator('.topics a').first();
  const name = await topic.locator('strong').textContent();
  await topic.click();
  await page.getByRole('link', { name: serverShareMessages.subscribeToTopic }).click();
  await expect(page).toHaveURL(/\/subscription-form\/\d{4,}\/8$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`Subscribe to ${name}`);
});
