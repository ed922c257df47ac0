import { type BrowserContext, expect, type Page, type Request, test } from '@playwright/test';
import { writeSiteSettings } from '../../src/features/site/server/site-settings-store.ts';
import type { SiteSettings } from '../../src/features/site/site-settings.ts';
import { writeStatsSettings } from '../../src/features/stats/server/stats-settings-store.ts';
import type { StatsSettings } from '../../src/features/stats/stats-settings.ts';
import { siteCookie } from '../support/site-cookie.ts';
import { closeSiteDatabase, siteDatabase } from './forms-support.ts';
import { isMobileProject, postPaths, waitForHydration } from './support.ts';

// Headless Chromium names itself HeadlessChrome, which the server counts as a bot; these
// journeys are ordinary visitors, so that their hits count once the server records them.
test.use({
  userAgent: async ({ isMobile }, use) =>
    use(
      isMobile
        ? 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36'
        : 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
    ),
});

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const origin = 'http://127.0.0.1/';

test.afterEach(async () => {
  await writeStatsSettings(siteDatabase().db, { enabled: true, respectDoNotTrack: true });
  await writeSiteSettings(siteDatabase().db, { visitorId: 'with-consent' });
});

test.afterAll(async () => {
  await closeSiteDatabase();
});

/** Every beacon hit the page sends, as the parameters of its address. */
async function recordHits(page: Page): Promise<{ hits: URLSearchParams[]; requests: Request[] }> {
  const hits: URLSearchParams[] = [];
  const requests: Request[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/' && url.searchParams.get('qstat') === '1') {
      hits.push(url.searchParams);
      requests.push(request);
    }
  });
  // A ledger in the page of every hit it starts, however it would send it, so that "nothing
  // was sent" is read once the page has handled what the test did, not after a sleep.
  await page.addInitScript(() => {
    const ledger = { started: 0 };
    (window as unknown as { qstatLedger: typeof ledger }).qstatLedger = ledger;
    const note = (url: unknown) => {
      if (/[?&]qstat=1(&|$)/.test(String(url))) ledger.started++;
    };
    const src = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, 'src')!;
    Object.defineProperty(HTMLImageElement.prototype, 'src', {
      ...src,
      set(value: string) {
        note(value);
        src.set!.call(this, value);
      },
    });
    const { fetch } = window;
    window.fetch = (input, init) => {
      note(input instanceof Request ? input.url : input);
      return fetch(input, init);
    };
    const sendBeacon = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      note(url);
      return sendBeacon(url, data);
    };
    const open = XMLHttpRequest.prototype.open as (...args: unknown[]) => void;
    XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      note(args[1]);
      open.apply(this, args);
    } as typeof XMLHttpRequest.prototype.open;
    // A page restored from the back/forward cache starts counting again.
    addEventListener('pageshow', (event) => {
      if (event.persisted) ledger.started = 0;
    });
  });
  return { hits, requests };
}

/**
 * Hits this page view has started so far, read after two animation frames: every event the
 * test's last action caused (a scroll is dispatched on the next frame) has been handled.
 */
async function hitsStarted(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() =>
            resolve(
              (window as unknown as { qstatLedger: { started: number } }).qstatLedger.started,
            ),
          ),
        ),
      ),
  );
}

let firstPost: string | undefined;

async function openPost(page: Page, query = ''): Promise<string> {
  firstPost ??= (await postPaths(page))[0];
  if (!firstPost) throw new Error('The demo has no post');
  await page.goto(`${firstPost}${query}`);
  await waitForHydration(page);
  return firstPost;
}

async function scrollALittle(page: Page): Promise<void> {
  if (test.info().project.name === 'desktop') await page.mouse.wheel(0, 240);
  else await page.evaluate(() => window.scrollBy(0, 240));
}

async function cookie(context: BrowserContext, name: string) {
  return (await context.cookies(origin)).find((c) => c.name === name);
}

/**
 * A cookie's value once the page's own write has reached the browser's store: what a script
 * writes to document.cookie gets there a moment later, so what follows a write polls.
 */
const cookieValue = async (context: BrowserContext, name: string) =>
  (await cookie(context, name))?.value;

/** Records what the page assigns to document.cookie (the stored expiry is capped at 400 days). */
async function recordCookieWrites(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const property = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const writes: string[] = [];
    (window as unknown as { cookieWrites: string[] }).cookieWrites = writes;
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => property.get!.call(document),
      set: (value: string) => {
        writes.push(value);
        property.set!.call(document, value);
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
}

async function setStats(settings: Partial<StatsSettings>): Promise<void> {
  await writeStatsSettings(siteDatabase().db, settings);
}

async function setVisitorId(visitorId: SiteSettings['visitorId']): Promise<void> {
  await writeSiteSettings(siteDatabase().db, { visitorId });
}

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies on this site' });

test.describe('the page view', () => {
  test('goes once, after the first scroll, never on load alone', async ({ page }) => {
    const { hits } = await recordHits(page);
    await openPost(page);
    expect(await hitsStarted(page)).toBe(0);
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(1);
    expect(hits[0]!.get('t')).toBe('pageview');
    // Later interactions of every kind send nothing more.
    await scrollALittle(page);
    await page.keyboard.press('Tab');
    if (test.info().project.name === 'desktop') await page.mouse.move(300, 300);
    expect(await hitsStarted(page)).toBe(1);
    expect(hits).toHaveLength(1);
  });

  test('goes after the device’s own pointer: a touch on a phone, a mouse move on a desktop', async ({
    page,
    isMobile,
  }) => {
    const { hits } = await recordHits(page);
    await openPost(page);
    expect(await hitsStarted(page)).toBe(0);
    if (isMobile) {
      const title = await page.getByRole('heading', { level: 1 }).boundingBox();
      await page.touchscreen.tap(title!.x + 5, title!.y + title!.height / 2);
    } else {
      await page.mouse.move(400, 300);
      await page.mouse.move(420, 320);
    }
    await expect.poll(() => hits.length).toBe(1);
    expect(await hitsStarted(page)).toBe(1);
    expect(hits).toHaveLength(1);
  });

  test('goes after a key press, so keyboard and screen-reader visitors count', async ({ page }) => {
    const { hits } = await recordHits(page);
    await openPost(page);
    expect(await hitsStarted(page)).toBe(0);
    await page.keyboard.press('Tab');
    await expect.poll(() => hits.length).toBe(1);
  });

  test('carries every parameter of the page, its address and the screen', async ({
    page,
    isMobile,
  }) => {
    const { hits } = await recordHits(page);
    const query =
      '?utm_source=newsletter&utm_medium=email&utm_campaign=spring%20sale&utm_term=blog+tools' +
      '&utm_content=header-link&gclid=Cj0KCQiA_test-1&fbclid=IwAR_test&ref=private&secret=1#top';
    firstPost ??= (await postPaths(page))[0];
    await page.goto(`${firstPost}${query}`, { referer: 'https://news.example/story/42?via=rss' });
    await waitForHydration(page);
    // On the phone the layout viewport is wider than the screen for a moment after the header
    // hydrates (the page is zoomed out); a hit sent then reports that width, as it should.
    const width = page.viewportSize()!.width;
    await expect.poll(() => page.evaluate(() => innerWidth)).toBe(width);
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(1);
    const hit = hits[0]!;
    const expected = await page.evaluate(() => ({
      title: document.title,
      path: location.pathname,
      screen: [screen.width, screen.height, screen.colorDepth],
      viewport: [innerWidth, innerHeight],
    }));
    expect(expected.path).toBe(firstPost);
    expect(Object.fromEntries(hit)).toEqual({
      qstat: '1',
      t: 'pageview',
      r: expect.stringMatching(/^\d{16}$/),
      p: firstPost,
      ref: 'https://news.example/story/42?via=rss',
      ti: expected.title,
      sw: String(expected.screen[0]),
      sh: String(expected.screen[1]),
      vw: String(expected.viewport[0]),
      vh: String(expected.viewport[1]),
      cs: 'UTF-8',
      cd: String(expected.screen[2]),
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'spring sale',
      utm_term: 'blog tools',
      utm_content: 'header-link',
      gclid: 'Cj0KCQiA_test-1',
      fbclid: 'IwAR_test',
    });
    expect(expected.title).toContain('·');
    expect(expected.viewport).toEqual(isMobile ? [390, 844] : [1280, 800]);
    expect(Number(hit.get('cd'))).toBeGreaterThanOrEqual(24);
  });

  test('a page gone back to counts again after its first interaction', async ({ page }) => {
    // Key presses, not scrolls: going back to a scrolled page, the browser scrolls it where it
    // was, and that scroll counts as the first (decision 0018).
    const { hits } = await recordHits(page);
    const [first, second] = await postPaths(page);
    await page.goto(first!);
    await waitForHydration(page);
    await page.keyboard.press('Shift');
    await expect.poll(() => hits.length).toBe(1);
    await page.goto(second!);
    await waitForHydration(page);
    await page.keyboard.press('Shift');
    await expect.poll(() => hits.length).toBe(2);
    await page.goBack();
    await waitForHydration(page);
    expect(await hitsStarted(page)).toBe(0);
    expect(hits).toHaveLength(2);
    await page.keyboard.press('Shift');
    await expect.poll(() => hits.length).toBe(3);
    expect(hits[2]!.get('p')).toBe(first);
  });
});

test.describe('events', () => {
  test('window.qstat.event sends one event hit with category, action, label and value', async ({
    page,
  }) => {
    const { hits } = await recordHits(page);
    await openPost(page);
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(1);
    await page.evaluate(() => window.qstat?.event('Video', 'play', 'Intro', 3));
    await expect.poll(() => hits.length).toBe(2);
    const event = hits[1]!;
    expect(event.get('t')).toBe('event');
    expect([event.get('ec'), event.get('ea'), event.get('el'), event.get('ev')]).toEqual([
      'Video',
      'play',
      'Intro',
      '3',
    ]);
    expect(event.get('p')).toBe(firstPost);
    expect(await hitsStarted(page)).toBe(2);
    expect(hits).toHaveLength(2);
  });

  test('an event before the first interaction waits, then follows the page view', async ({
    page,
  }) => {
    const { hits } = await recordHits(page);
    await openPost(page);
    await page.evaluate(() => window.qstat?.event('Newsletter', 'shown'));
    expect(await hitsStarted(page)).toBe(0);
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(2);
    expect(hits.map((hit) => hit.get('t'))).toEqual(['pageview', 'event']);
    expect([hits[1]!.get('ec'), hits[1]!.get('ea'), hits[1]!.has('el')]).toEqual([
      'Newsletter',
      'shown',
      false,
    ]);
  });
});

test.describe('Do Not Track and Global Privacy Control', () => {
  for (const [signal, script] of [
    ['Global Privacy Control', 'navigator.globalPrivacyControl'],
    ['Do Not Track', 'navigator.doNotTrack'],
  ] as const) {
    test(`a browser that sends ${signal} is not counted`, async ({ page }) => {
      await page.addInitScript((property) => {
        const value = property === 'navigator.doNotTrack' ? '1' : true;
        Object.defineProperty(Navigator.prototype, property.split('.')[1]!, { get: () => value });
      }, script);
      const { hits } = await recordHits(page);
      await openPost(page);
      await scrollALittle(page);
      await page.keyboard.press('Tab');
      await page.evaluate(() => window.qstat?.event('Video', 'play'));
      expect(await hitsStarted(page)).toBe(0);
      expect(hits).toHaveLength(0);
    });
  }

  test('is counted when the site does not respect them', async ({ page }) => {
    await setStats({ respectDoNotTrack: false });
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
    });
    const { hits } = await recordHits(page);
    await openPost(page);
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(1);
  });
});

test.describe('statistics switched off', () => {
  test('pages carry no beacon and no banner, and send nothing', async ({ page }) => {
    await setStats({ enabled: false });
    const { hits } = await recordHits(page);
    await openPost(page);
    await expect(page.locator('script[data-visitor-id]')).toHaveCount(0);
    await expect(page.locator('#consent')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Privacy choices' })).toHaveCount(0);
    await scrollALittle(page);
    expect(await hitsStarted(page)).toBe(0);
    expect(hits).toHaveLength(0);
    expect(await page.evaluate(() => typeof window.qstat)).toBe('undefined');
  });
});

test.describe('visitor identifier and consent', () => {
  // A first visit: the follow pop-up already seen, the consent banner not yet answered.
  test.use({
    storageState: {
      cookies: [siteCookie('qshare_popup', '1')],
      origins: [],
    },
  });

  test('no _qvid before consent; after Accept a UUID v4 kept 3999 days, on the next hit too', async ({
    page,
    context,
  }) => {
    const cookieWrites = await recordCookieWrites(page);
    const { hits, requests } = await recordHits(page);
    await openPost(page);
    await expect(banner(page)).toBeVisible();
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(1);
    expect(await cookie(context, '_qvid')).toBeUndefined();
    expect(await requests[0]!.headerValue('cookie')).not.toContain('_qvid');

    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => cookieValue(context, '_qvid')).toMatch(uuidV4);
    const stored = await cookie(context, '_qvid');
    await expect.poll(() => cookieValue(context, 'quire_consent')).toBe('granted');
    const writes = await cookieWrites();
    expect(writes).toContain('quire_consent=granted; max-age=31536000; path=/; SameSite=Lax');
    expect(writes).toContain(`_qvid=${stored!.value}; max-age=345513600; path=/; SameSite=Lax`);
    // Chromium keeps at most 400 days; the page asks for 3999 and asks again on every view.
    const days = (stored!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(399);
    expect(days).toBeLessThanOrEqual(400.01);

    // The next page: no banner; the identifier is renewed before its hit, which carries it.
    await openPost(page);
    await expect(banner(page)).toBeHidden();
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(2);
    expect(await requests[1]!.headerValue('cookie')).toContain(`_qvid=${stored!.value}`);
    await expect.poll(() => cookieValue(context, '_qvid')).toBe(stored!.value);
    expect(await cookieWrites()).toEqual([
      `_qvid=${stored!.value}; max-age=345513600; path=/; SameSite=Lax`,
    ]);
  });

  test('Decline is remembered across pages, and no _qvid is set', async ({ page, context }) => {
    const { hits } = await recordHits(page);
    await openPost(page);
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => cookieValue(context, 'quire_consent')).toBe('denied');
    const consent = await cookie(context, 'quire_consent');
    expect((consent!.expires - Date.now() / 1000) / 86_400).toBeCloseTo(365, 0);

    await page.goto('/');
    await waitForHydration(page);
    await expect(banner(page)).toBeHidden();
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBeGreaterThanOrEqual(1);
    expect(await cookie(context, '_qvid')).toBeUndefined();
  });

  test('“Privacy choices” in the footer reopens the banner; declining deletes _qvid', async ({
    page,
    context,
  }) => {
    await openPost(page);
    await banner(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(() => cookieValue(context, '_qvid')).toMatch(uuidV4);

    await page.goto('/');
    await waitForHydration(page);
    await expect(banner(page)).toBeHidden();
    const privacyChoices = page
      .getByRole('contentinfo')
      .getByRole('button', { name: 'Privacy choices' });
    await privacyChoices.click();
    await expect(banner(page)).toBeVisible();
    await banner(page).getByRole('button', { name: 'Decline' }).click();
    await expect(banner(page)).toBeHidden();
    await expect.poll(() => cookieValue(context, '_qvid')).toBeUndefined();
    await expect.poll(() => cookieValue(context, 'quire_consent')).toBe('denied');
    // Focus goes back to the footer's button.
    await expect(privacyChoices).toBeFocused();
  });

  test('the banner is a labelled region reached by keyboard, with visible focus and no trap', async ({
    page,
  }) => {
    await openPost(page);
    await expect(banner(page)).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Tab');
    const accept = banner(page).getByRole('button', { name: 'Accept' });
    await expect(accept).toBeFocused();
    const outline = await accept.evaluate((button) => getComputedStyle(button).outlineStyle);
    expect(outline).toBe('solid');
    await page.keyboard.press('Tab');
    await expect(banner(page).getByRole('button', { name: 'Decline' })).toBeFocused();
    // On to the page: the banner holds no focus.
    await page.keyboard.press('Tab');
    expect(await banner(page).evaluate((region) => region.contains(document.activeElement))).toBe(
      false,
    );
    await expect(banner(page)).toBeVisible();
    // Enter on a focused answer works like a click.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expect(banner(page)).toBeHidden();
  });

  test('covers neither the share bar nor the end of the footer', async ({ page }) => {
    await openPost(page);
    await expect(banner(page)).toBeVisible();
    const bannerBox = (await banner(page).boundingBox())!;
    const overlaps = (a: typeof bannerBox, b: typeof bannerBox) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    if (await isMobileProject(page)) {
      // In a narrow window the Share button steps aside while the banner is open.
      await expect(page.getByRole('button', { name: 'Share this page' })).toBeHidden();
    } else {
      const bar = page.locator('.qshare-bar--floating');
      // The bar eases into place; wait until it is there.
      await expect.poll(async () => overlaps(bannerBox, (await bar.boundingBox())!)).toBe(false);
      expect((await bar.boundingBox())!.height).toBeGreaterThan(0);
    }
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lastLine = page.locator('.site-footer__links');
    await expect
      .poll(async () => {
        const line = (await lastLine.boundingBox())!;
        const current = (await banner(page).boundingBox())!;
        return line.y + line.height <= current.y;
      })
      .toBe(true);
    await expect(banner(page)).toBeVisible();
  });

  test('with the setting “always”: no banner, and _qvid from the first page view', async ({
    page,
    context,
  }) => {
    await setVisitorId('always');
    const { hits } = await recordHits(page);
    await openPost(page);
    await expect(banner(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Privacy choices' })).toHaveCount(0);
    expect(await cookie(context, '_qvid')).toBeUndefined();
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(1);
    await expect.poll(() => cookieValue(context, '_qvid')).toMatch(uuidV4);
  });

  test('with the setting “off”: no banner and no _qvid, an old one deleted', async ({
    page,
    context,
  }) => {
    await setVisitorId('off');
    await context.addCookies([
      { name: '_qvid', value: '0f8fad5b-d9cb-469f-a165-70867728950e', url: origin },
      { name: 'quire_consent', value: 'granted', url: origin },
    ]);
    const { hits } = await recordHits(page);
    await openPost(page);
    await expect(banner(page)).toHaveCount(0);
    await scrollALittle(page);
    await expect.poll(() => hits.length).toBe(1);
    await expect.poll(() => cookieValue(context, '_qvid')).toBeUndefined();
  });
});
