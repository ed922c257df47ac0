import { expect, test } from '@playwright/test';
import { scrollAndSettle, waitForHydration } from './support.ts';

test.describe('archives dropdown', () => {
  test('works before any script arrives: a month navigates there, the empty option does nothing', async ({
    page,
  }) => {
    // No script file arrives, so only what the page itself carries can navigate.
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    const select = page.getByRole('combobox', { name: 'Archives' });
    await expect(select.locator('option').first()).toHaveText('Select Month');
    const values = await select
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(values[0]).toBe('');
    expect(values.length).toBeGreaterThanOrEqual(7);
    const target = values[2]!;
    await Promise.all([page.waitForURL(new RegExp(`${target}$`)), select.selectOption(target)]);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Archive:');
    // The sidebar is not an island: it ships no code of its own.
    await expect(page.locator('astro-island[component-url*="Sidebar"]')).toHaveCount(0);

    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    const archives = page.getByRole('combobox', { name: 'Archives' });
    await archives.selectOption('');
    // The next choice navigates; had the empty one done anything, it would be seen first.
    await Promise.all([
      page.waitForURL(new RegExp(`${values[1]}$`)),
      archives.selectOption(values[1]!),
    ]);
    expect(visited).toEqual([values[1]]);
  });

  test('without JavaScript the form asks the server for the month', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    const select = page.getByRole('combobox', { name: 'Archives' });
    const target = await select.locator('option').nth(1).getAttribute('value');
    await select.selectOption(target!);
    await Promise.all([
      page.waitForURL(new RegExp(`${target}$`)),
      page.getByRole('button', { name: 'Go' }).click(),
    ]);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Archive:');
    await context.close();
  });
});

test.describe('subscription box', () => {
  test('refuses an empty, placeholder-equal or invalid address with an alert and focuses the field', async ({
    page,
  }) => {
    // Loaded: the document's module scripts have run (they run before DOMContentLoaded).
    await page.goto('/');
    const field = page.getByRole('textbox', { name: 'Your e-mail address' });
    const button = page.getByRole('button', { name: 'Subscribe' });
    for (const value of ['', 'Enter your email', 'not-an-address', 'a@b']) {
      await field.fill(value);
      const messages: string[] = [];
      page.once('dialog', (dialog) => {
        messages.push(dialog.message());
        void dialog.accept();
      });
      await button.click();
      await expect.poll(() => messages).toEqual(['Please enter email address']);
      await expect(field).toBeFocused();
    }
  });

  test('opens the subscription page in a 1080×760 popup with scrollbars', async ({ page }) => {
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (url?: string | URL, target?: string, features?: string) => {
        (window as unknown as { lastOpen: unknown }).lastOpen = {
          url: String(url),
          target,
          features,
        };
        return open(url, target, features);
      };
    });
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Your e-mail address' }).fill('reader@example.org');
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe('/subscription-form/1/8');
    await expect(popup.getByRole('textbox', { name: 'Your e-mail address' })).toHaveValue(
      'reader@example.org',
    );
    const opened = await page.evaluate(
      () => (window as unknown as { lastOpen: { url: string; features: string } }).lastOpen,
    );
    expect(opened.url).toBe('/subscription-form/1/8?email=reader%40example.org');
    expect(opened.features).toContain('width=1080');
    expect(opened.features).toContain('height=760');
    expect(opened.features).toContain('scrollbars=yes');

    await popup.getByRole('button', { name: 'Subscribe' }).click();
    await expect(popup.getByRole('heading', { level: 1 })).toHaveText(
      /Thank you!|already on the list/,
    );
  });
});

test.describe('subscription box before its script', () => {
  test('opens the subscription page in a new tab with the address', async ({ page }) => {
    await page.route(/\/_astro\/.*\.js$/, (route) => route.abort());
    await page.goto('/');
    await page.getByRole('textbox', { name: 'Your e-mail address' }).fill('early@example.org');
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('button', { name: 'Subscribe' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe('/subscription-form/1/8');
    await expect(tab.getByRole('textbox', { name: 'Your e-mail address' })).toHaveValue(
      'early@example.org',
    );
  });
});

test.describe('page behaviours', () => {
  test('copy protection blocks right-click and dragging except in text fields', async ({
    page,
  }) => {
    await page.goto('/');
    await waitForHydration(page);
    const prevented = (selector: string, type: 'contextmenu' | 'dragstart') =>
      page.evaluate(
        ([s, t]) => {
          const element = document.querySelector(s!)!;
          const event =
            t === 'contextmenu'
              ? new MouseEvent(t, { bubbles: true, cancelable: true })
              : new DragEvent(t!, { bubbles: true, cancelable: true });
          element.dispatchEvent(event);
          return event.defaultPrevented;
        },
        [selector, type],
      );
    expect(await prevented('.post-card__excerpt', 'contextmenu')).toBe(true);
    expect(await prevented('.post-card img', 'dragstart')).toBe(true);
    expect(await prevented('.site-title', 'dragstart')).toBe(true);
    expect(await prevented('input[name="email"]', 'contextmenu')).toBe(false);
    expect(await prevented('input[name="q"]', 'contextmenu')).toBe(false);
    expect(await prevented('input[name="email"]', 'dragstart')).toBe(false);
  });

  test('lazy background images load within 200 px of the viewport', async ({ page }) => {
    await page.goto('/');
    const path = await page.locator('.post-card__title a').nth(2).getAttribute('href');
    await page.goto(path!);
    await waitForHydration(page);
    // A card to a neighbouring post with a cover image (a post without one has no background).
    const rel = await page
      .locator('.adjacent__link[data-lazy-background]')
      .first()
      .getAttribute('rel');
    const selector = `.adjacent__link[rel="${rel}"]`;
    const card = page.locator(selector);
    await expect(card).toHaveAttribute('data-lazy-background', /\/media\//);
    const viewport = page.viewportSize()!;
    const moveCardBelowViewportBy = async (gap: number) => {
      const top = await page.evaluate(
        (s) => document.querySelector(s)!.getBoundingClientRect().top + window.scrollY,
        selector,
      );
      await scrollAndSettle(page, top - viewport.height - gap);
    };
    await moveCardBelowViewportBy(260);
    expect(await card.evaluate((e) => (e as HTMLElement).style.backgroundImage)).toBe('');
    await moveCardBelowViewportBy(150);
    await expect
      .poll(() => card.evaluate((e) => (e as HTMLElement).style.backgroundImage))
      .toContain('/media/');
    await expect(card).not.toHaveAttribute('data-lazy-background', /.*/);
  });
});
