import type { Page } from '@playwright/test';

/** Paths of the posts listed on the home page, newest first. */
export async function postPaths(page: Page): Promise<string[]> {
  await page.goto('/');
  return page
    .locator('.post-card__title a')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** A post long enough to scroll, with an in-page link in its body. */
export async function postWithInPageLink(page: Page): Promise<string> {
  for (const path of await postPaths(page)) {
    await page.goto(path);
    if ((await page.locator('.prose a[href^="#"]').count()) > 0) return path;
  }
  throw new Error('The demo content has no post with an in-page link');
}

export async function isMobileProject(page: Page): Promise<boolean> {
  return (page.viewportSize()?.width ?? 1280) < 769;
}

/** Waits until the islands have hydrated (the header sets data-mode). */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('.site-header[data-mode]').waitFor();
}

/**
 * Scrolls the window to `top` and resolves once the page has handled it: its scroll listeners
 * have run, two frames were drawn (intersection observers report then) and what they queued (an
 * island's render) has run. A positive marker for "nothing happened", instead of a sleep.
 */
export async function scrollAndSettle(page: Page, top: number): Promise<void> {
  await page.evaluate(
    (y) =>
      new Promise<void>((done) => {
        const settle = () =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)));
        if (
          Math.round(window.scrollY) ===
          Math.round(Math.min(y, document.documentElement.scrollHeight - window.innerHeight))
        ) {
          settle();
          return;
        }
        window.addEventListener('scroll', settle, { once: true });
        window.scrollTo({ top: y, behavior: 'instant' });
      }),
    top,
  );
}
