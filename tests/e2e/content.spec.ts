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
