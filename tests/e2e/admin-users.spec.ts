import { expect, test } from '@playwright/test';
import { bumpContentVersion } from '../../src/platform/cache/content-version.ts';
import {
  adminLink,
  expectNoAxeViolations,
  signIn,
  waitForHydration,
  watchPolicyViolations,
} from './admin-support.ts';
import { siteDatabase } from './forms-support.ts';

/**
 * Users and roles in the browser, on desktop and phone: the owner invites an author from the
 * Users screen, the author joins through the mailed link and sees only what their role opens;
 * then the owner removes them, handing their post back. Axe-clean throughout.
 */

watchPolicyViolations();

const project = () => test.info().project.name;
const invited = () => `author-${project()}@example.org`;

/** The invitation link in the newest mail to an address, from the site's outbox. */
async function inviteLink(email: string): Promise<string> {
  const rows = await siteDatabase()
    .db.selectFrom('mail_outbox')
    .select('message')
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const mail = JSON.parse(row.message) as { to: string; text: string };
    const link = /(http:\/\/\S+\/admin\/invite\/\S+)/.exec(mail.text)?.[1];
    if (mail.to === email && link) return new URL(link).pathname;
  }
  throw new Error(`No invitation mailed to ${email}`);
}

// The author's post goes too: the journeys after this one open the newest post and expect the
// demo's, with its images.
test.afterAll(async () => {
  const { db } = siteDatabase();
  await db.deleteFrom('users').where('email', '=', invited()).execute();
  await db.deleteFrom('user_invites').where('email', '=', invited()).execute();
  await db.deleteFrom('posts').where('title', '=', `A post by the ${project()} author`).execute();
  await bumpContentVersion(db);
});

test('the owner invites an author, who joins and sees only their own posts; removed, their post goes back', async ({
  page,
  browser,
}) => {
  await signIn(page);
  await (await adminLink(page, 'Users')).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('E-mail', { exact: true }).fill(invited());
  await page.getByLabel('Role', { exact: true }).selectOption('author');
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status').first()).toHaveText(
    `An invitation was sent to ${invited()}.`,
  );
  const pending = page.getByRole('region', { name: 'Invitations not accepted yet' });
  await expect(pending).toContainText(invited());
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('users.png'), fullPage: true });

  // The invited author, in a browser of their own.
  const theirs = await browser.newContext({
    baseURL: test.info().project.use.baseURL,
    viewport: test.info().project.use.viewport ?? null,
  });
  const author = await theirs.newPage();
  await author.goto(await inviteLink(invited()));
  await expect(author.getByLabel('E-mail address')).toHaveValue(invited());
  await expectNoAxeViolations(author);
  await author.getByLabel('Your name').fill('Ada Author');
  await author.getByLabel('Password', { exact: true }).fill('a password of my own');
  await author.getByLabel('The password again').fill('a password of my own');
  await author.getByRole('button', { name: 'Create my account' }).click();
  await expect(author.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const menu = author.locator('summary', { hasText: 'Menu' });
  if (await menu.isVisible()) await menu.click();
  const nav = author.getByRole('navigation', { name: 'Admin' }).filter({ visible: true });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Posts', 'Media', 'Your account']);
  await author.goto('/admin/settings');
  await expect(author.locator('#forbidden')).toHaveText(
    'Your account may not open this screen: it shows the site’s settings. Ask an administrator.',
  );
  await expectNoAxeViolations(author);
  await author.goto('/admin/posts/new');
  await waitForHydration(author);
  await author.getByLabel('Title', { exact: true }).fill(`A post by the ${project()} author`);
  await author.getByRole('textbox', { name: 'Text' }).fill('Written by an author.');
  await author.getByLabel('Publish now').check();
  await author.getByRole('button', { name: 'Publish' }).click();
  await expect(author.locator('#admin-toasts')).toContainText('Published. Visitors see it now.');
  await author.goto('/admin/posts');
  // Their own post only, with its author named.
  const rows = author.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`A post by the ${project()} author`);
  await expect(rows).toContainText('Ada Author');
  await theirs.close();

  // Removed: the owner chooses who gets the post.
  await page.goto('/admin/users');
  await page.getByRole('link', { name: 'Remove Ada Author' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Remove Ada Author?' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Remove the user' }).click();
  await expect(page.getByRole('status').first()).toHaveText(
    /^Ada Author was removed; 1 post goes to .+\.$/,
  );
  await expect(page.getByRole('table')).not.toContainText('Ada Author');
});
