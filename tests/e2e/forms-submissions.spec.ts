import { expect, test } from '@playwright/test';
import {
  bodyOf,
  closeSiteDatabase,
  contactForm,
  entriesWhere,
  fillContactFormWith,
  isAction,
  mailsTo,
  openForm,
  uniqueAddress,
  uniqueName,
  waitForMinimumFillTime,
} from './forms-support.ts';

test.afterAll(closeSiteDatabase);

const thanks = 'Thank you, your message is on its way.';

test('identical answers from four visitors are four entries, each mailed', async ({ browser }) => {
  // Four browsers at once on a small machine.
  test.setTimeout(60_000);
  const answers = {
    first: 'Same',
    last: 'Answer',
    email: uniqueAddress('same.answer'),
    message: uniqueName('Yes, I will come to the spring walk'),
  };
  const visitors = await Promise.all([1, 2, 3, 4].map(() => browser.newContext()));
  try {
    const forms = [];
    for (const visitor of visitors) {
      const form = await openForm(await visitor.newPage(), contactForm.path);
      await fillContactFormWith(form, answers);
      forms.push(form);
    }
    // Visitors are served the same cached page, token included (the first one may have had
    // the page rendered for it).
    const tokens = await Promise.all(forms.map((form) => form.getAttribute('data-token')));
    expect(new Set(tokens).size).toBeLessThan(4);
    await waitForMinimumFillTime(Date.now());
    await Promise.all(
      forms.map((form) => form.getByRole('button', { name: 'Send message' }).click()),
    );
    for (const form of forms) {
      await expect(form.page().locator('.qforms-confirmation-container')).toContainText(thanks);
    }
  } finally {
    await Promise.all(visitors.map((visitor) => visitor.close()));
  }
  expect(await entriesWhere(contactForm.id, 'Message', answers.message)).toHaveLength(4);
  // The e2e site has no administrator to notify: the mails are the visitors' copies.
  const copies = await mailsTo(answers.email);
  expect(copies.filter((mail) => mail.text.includes(answers.message))).toHaveLength(4);
});

test('a browser that sends its form again after losing the answer stores it once', async ({
  page,
}) => {
  const answers = {
    first: 'Retry',
    last: 'After timeout',
    email: uniqueAddress('retry'),
    message: uniqueName('Sent twice, stored once'),
  };
  const form = await openForm(page, contactForm.path);
  // The first answer is lost on its way back: the server has stored the entry by then.
  const lostAnswers: unknown[] = [];
  await page.route('**/ajax', async (route) => {
    if (!isAction(route.request(), 'qforms_submit') || lostAnswers.length > 0) {
      return route.fallback();
    }
    lostAnswers.push(await (await route.fetch()).json());
    await route.abort('timedout');
  });
  // The fill time counts from the first input the visitor touches, which comes next.
  const startedAt = Date.now();
  await fillContactFormWith(form, answers);
  await waitForMinimumFillTime(startedAt);
  const submit = form.getByRole('button', { name: 'Send message' });
  const attempts: string[] = [];
  page.on('request', (request) => {
    if (isAction(request, 'qforms_submit')) attempts.push(bodyOf(request));
  });
  await submit.click();
  await expect.poll(() => lostAnswers.length).toBe(1);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.locator('.qforms-confirmation-container')).toContainText(thanks);

  expect(lostAnswers[0]).toMatchObject({
    success: true,
    data: { confirmation: expect.any(String) },
  });
  expect((lostAnswers[0] as { data: { confirmation: string } }).data.confirmation).toContain(
    thanks,
  );
  // Both attempts carried the same submission id.
  const submissionIds = attempts.map(
    (body) => /name="qforms\[submission_id\]"\r\n\r\n([\w-]+)/.exec(body)?.[1],
  );
  expect(submissionIds).toHaveLength(2);
  expect(submissionIds[0]).toMatch(/^[0-9a-f]{32}$/);
  expect(submissionIds[1]).toBe(submissionIds[0]);
  expect(await entriesWhere(contactForm.id, 'Message', answers.message)).toHaveLength(1);
  expect(await mailsTo(answers.email)).toHaveLength(1);
});
