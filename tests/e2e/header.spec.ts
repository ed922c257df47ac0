import { expect, test } from '@playwright/test';
import {
  isMobileProject,
  postWithInPageLink,
  scrollAndSettle,
  waitForHydration,
} from './support.ts';

test.describe('header', () => {
  test('switches between desktop and mobile mode at the break point', async ({ page }) => {
    await page.goto('/');
    await waitForHydration(page);
    const header = page.locator('.site-header');
    const menuToggle = page.getByRole('button', { name: 'Open menu' });
    if (await isMobileProject(page)) {
      await expect(header).toHaveAttribute('data-mode', 'mobile');
      await expect(menuToggle).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeHidden();
    } else {
      await expect(header).toHaveAttribute('data-mode', 'desktop');
      await expect(menuToggle).toBeHidden();
      await expect(page.getByRole('navigation', { name: 'Menu' })).toBeVisible();
    }
    await page.setViewportSize({ width: 768, height: 800 });
    await expect(header).toHaveAttribute('data-mode', 'mobile');
    await page.setViewportSize({ width: 769, height: 800 });
    await expect(header).toHaveAttribute('data-mode', 'desktop');
  });

  test('mobile menu opens and closes, submenus expand, Escape closes and returns focus', async ({
    page,
  }) => {
    // The toggle exists in mobile mode; on the desktop project the window is narrowed to it.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await waitForHydration(page);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await toggle.click();
    const close = page.getByRole('button', { name: 'Close menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    const nav = page.getByRole('navigation', { name: 'Menu' });
    await expect(nav).toBeVisible();
    const submenuToggle = nav.getByRole('button', { name: /submenu/ }).first();
    await expect(submenuToggle).toHaveAttribute('aria-expanded', 'false');
    const submenu = page.locator(`#${await submenuToggle.getAttribute('aria-controls')}`);
    await expect(submenu).toBeHidden();
    await submenuToggle.click();
    await expect(submenuToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(submenu).toBeVisible();
    await submenuToggle.click();
    await expect(submenu).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(nav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(nav).toBeHidden();
  });

  test('desktop submenus open from their toggle and on hover', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await waitForHydration(page);
    const item = page.locator('.site-menu li.has-submenu').first();
    const submenu = item.locator('.submenu');
    await expect(submenu).toBeHidden();
    await item.hover();
    await expect(submenu).toBeVisible();
    await page.mouse.move(5, 700);
    await expect(submenu).toBeHidden();
    await item.getByRole('button').click();
    await expect(submenu).toBeVisible();
    await expect(item.getByRole('button')).toHaveAttribute('aria-expanded', 'true');
  });

  test('search slides out, takes focus after 200 ms, submits only with text', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await waitForHydration(page);
    // Stop the page's clock so the 200 ms delay is measured exactly.
    await page.clock.pauseAt(Date.now() + 1000);
    const icon = page.getByRole('button', { name: 'Search', exact: true });
    const field = page.getByRole('searchbox', { name: 'Search this site' });
    await expect(icon).toHaveAttribute('aria-expanded', 'false');
    await icon.click();
    await expect(icon).toHaveAttribute('aria-expanded', 'true');
    await page.clock.runFor(150);
    await expect(field).not.toBeFocused();
    await page.clock.runFor(60);
    await expect(field).toBeFocused();
    await icon.click();
    await expect(icon).toHaveAttribute('aria-expanded', 'false');
    await icon.click();
    await page.clock.runFor(250);
    await page.keyboard.press('Escape');
    await expect(icon).toHaveAttribute('aria-expanded', 'false');
    await expect(icon).toBeFocused();
    await icon.click();
    await page.clock.runFor(250);
    await field.fill('bread');
    await Promise.all([page.waitForURL(/\/search\?q=bread$/), icon.click()]);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('bread');
  });

  test('scroll-to-top appears past the header height plus 100 px and takes the page back up', async ({
    page,
  }) => {
    const path = await postWithInPageLink(page);
    await page.goto(path);
    await waitForHydration(page);
    const button = page.getByRole('button', { name: 'Back to top', includeHidden: true });
    const headerHeight = await page
      .locator('.site-header')
      .evaluate((h) => (h as HTMLElement).offsetHeight);
    await expect(button).toBeHidden();
    await scrollAndSettle(page, headerHeight + 99);
    await expect(button).toBeHidden();
    await page.evaluate((y) => window.scrollTo(0, y), headerHeight + 102);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });

  test('in-page links scroll smoothly to their target', async ({ page }) => {
    const path = await postWithInPageLink(page);
    await page.goto(path);
    await waitForHydration(page);
    const link = page.locator('.prose a[href^="#"]').first();
    const id = (await link.getAttribute('href'))!.slice(1);
    await link.scrollIntoViewIfNeeded();
    const start = await page.evaluate(() => window.scrollY);
    // Every position the window passes through, recorded in the page: sampling it from the
    // test misses them when a busy machine answers slower than the scroll moves.
    await page.evaluate(() => {
      const positions: number[] = [];
      (window as unknown as { positions: number[] }).positions = positions;
      window.addEventListener('scroll', () => positions.push(window.scrollY), { passive: true });
    });
    await link.click();
    await expect
      .poll(() =>
        page.evaluate(
          (target) => Math.abs(document.getElementById(target)!.getBoundingClientRect().top) < 40,
          id,
        ),
      )
      .toBe(true);
    const end = await page.evaluate(() => window.scrollY);
    const positions = await page.evaluate(
      () => (window as unknown as { positions: number[] }).positions,
    );
    expect(end).toBeGreaterThan(start);
    // Smooth: the page passed through positions between start and end instead of jumping.
    expect(positions.some((y) => y > start + 5 && y < end - 5)).toBe(true);
    await expect(page).toHaveURL(new RegExp(`#${id}$`));
    await expect(page.locator(`#${id}`)).toBeFocused();
  });

  test('works without JavaScript: menu and search form are usable', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    // Fits the screen: no sideways scroll, and every link can be reached: on a phone all of them,
    // submenu links too; on a desktop the top level (submenus open on hover and focus).
    const { scrollWidth, clientWidth } = await page.evaluate(() => ({
      scrollWidth: document.documentElement.scrollWidth,
      clientWidth: document.documentElement.clientWidth,
    }));
    expect(scrollWidth).toBe(clientWidth);
    const links = menu.getByRole('link');
    expect(await links.count()).toBeGreaterThanOrEqual((await isMobileProject(page)) ? 9 : 5);
    for (const link of await links.all()) {
      await expect(link).toBeInViewport({ ratio: 1 });
    }
    const field = page.getByRole('searchbox', { name: 'Search this site' });
    await field.fill('tea');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=tea$/);
    await context.close();
  });
});
