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
  const path = await newestPost(page);
  await page.goto(path);
  await waitForShareIslands(page);
  return path;
}

/**
 * Opens the newest post with the page's time stopped: it moves only when the test says so. The
 * islands' timers (the pop-up's delay) start at most 50 ms of page time before this returns;
 * with a running clock a busy machine could start them seconds before the test looks.
 */
export async function openPostWithPausedClock(page: Page): Promise<void> {
  const path = await newestPost(page);
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1_000);
  await page.goto(path);
  await hydrateSharePausedClock(page);
}

async function newestPost(page: Page): Promise<string> {
  firstPost ??= (await postPaths(page))[0];
  if (!firstPost) throw new Error('The demo has no post');
  return firstPost;
}

/** Waits until every share island on the page has hydrated (Astro drops `ssr`). */
export async function waitForShareIslands(page: Page): Promise<void> {
  await waitForHydration(page);
  await expect(page.locator('astro-island[component-url*="ShareIsland"][ssr]')).toHaveCount(0);
}

/**
 * With the page's clock paused: hydrates the share islands, moving time in 50 ms steps, and
 * lets React finish. Astro drops `ssr` when it has called `hydrateRoot`, before React has
 * rendered and run the islands' effects (in later tasks, posted through a MessageChannel,
 * which the paused clock does not hold); an effect run during the test's next `runFor` would
 * start the pop-up's delay seconds late (a CI run, once, on the phone).
 */
export async function hydrateSharePausedClock(page: Page): Promise<void> {
  const unhydrated = page.locator('astro-island[component-url*="ShareIsland"][ssr]');
  await expect(async () => {
    await page.clock.runFor(50);
    expect(await unhydrated.count()).toBe(0);
  }).toPass({ intervals: [50] });
  await page.evaluate(drainPostedTasks);
}

/** Resolves after tasks posted through MessageChannels before it (React's scheduler) have run. */
function drainPostedTasks(): Promise<void> {
  return new Promise((resolve) => {
    // Each task may post the next (render, commit, effects): a few rounds let them all go first.
    let rounds = 5;
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      if (--rounds === 0) resolve();
      else channel.port2.postMessage(null);
    };
    channel.port2.postMessage(null);
  });
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
