import { expect, type Page } from '@playwright/test';
import { writeShareSettings } from '../../src/features/share/server/share-settings-store.ts';
import type { ShareSettings } from '../../src/features/share/share-settings.ts';
import { readDemoSettings } from '../../src/server/demo-seed.ts';
import { siteDatabase } from './forms-support.ts';
import { postPaths, waitForHydration } from './support.ts';

/** Changes the sharing settings as the site owner would (the server sees them at once). */
export async function setShareSettings(settings: Partial<ShareSettings>): Promise<void> {
  await writeShareSettings(siteDatabase().db, { ...(await demoShareSettings()), ...settings });
}

export async function restoreDemoShareSettings(): Promise<void> {
  await writeShareSettings(siteDatabase().db, await demoShareSettings());
}

/** The demo's sharing settings (demo/settings.json), as the site starts with them. */
export async function demoShareSettings(): Promise<ShareSettings> {
  return (await readDemoSettings()).share;
}

let firstPost: string | undefined;

/** Opens the newest post with the share islands hydrated. */
export async function openPost(page: Page): Promise<string> {
  firstPost ??= (await postPaths(page))[0];
  if (!firstPost) throw new Error('The demo has no post');
  await page.goto(firstPost);
  await waitForShareIslands(page);
  return firstPost;
}

/** Waits until every share island on the page has hydrated (Astro drops `ssr`). */
export async function waitForShareIslands(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.locator('astro-island[component-url*="ShareIsland"][ssr]')).toHaveCount(0);
}

/** The floating bar's top edge in page coordinates, and where it is heading. */
export async function floatingState(page: Page) {
  return page.locator('.qshare-bar--floating').evaluate((bar) => {
    const rect = bar.getBoundingClientRect();
    return {
      top: rect.top + window.scrollY,
      scrollY: window.scrollY,
      height: rect.height,
      viewportHeight: window.innerHeight,
      // A phone zooms out (its layout viewport grows) when something is wider than the screen.
      overflowX: window.innerWidth - document.documentElement.clientWidth,
    };
  });
}
