import { expect, test } from '@playwright/test';

test.describe('post cards', () => {
  test('a post without a cover image has a card without an empty image column', async ({
    page,
  }) => {
    await page.goto('/');
    const textOnly = page.locator('.post-card', { hasText: 'A Note on Replies' });
    await expect(textOnly.locator('img')).toHaveCount(0);
    const card = await textOnly.boundingBox();
    const body = await textOnly.locator('.post-card__body').boundingBox();
    // The text starts at the card's padding and takes its whole width.
    expect(body!.x - card!.x).toBeLessThan(24);
    expect(body!.width).toBeGreaterThan(card!.width - 48);

    const withCover = page.locator('.post-card', { has: page.locator('img') }).first();
    await expect(withCover.locator('.post-card__body')).toBeVisible();
  });
});

test.describe('feed', () => {
  test('opens in a browser as a readable page that links to the posts', async ({ page }) => {
    await page.goto('/feed.xml');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Notes');
    await expect(page.getByText('This is a web feed.')).toBeVisible();
    await expect(page.locator('.feed-address')).toHaveText(/\/feed\.xml$/);
    const first = page.getByRole('heading', { level: 2 }).first().getByRole('link');
    const href = await first.getAttribute('href');
    await Promise.all([page.waitForURL(href!), first.click()]);
    await expect(page.locator('article h1')).toBeVisible();
  });

  test('a topic’s feed names the topic', async ({ page }) => {
    await page.goto('/tag/travel/feed.xml');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Notes: Travel');
    expect(await page.locator('li').count()).toBeGreaterThan(0);
  });
});
