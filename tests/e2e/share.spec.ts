import { expect, type Page, test } from '@playwright/test';
import {
  closeSiteDatabase,
  contactForm,
  openForm,
  publishOneFieldForm,
  uniqueName,
} from './forms-support.ts';
import {
  demoShareSettings,
  floatingState,
  hydrateSharePausedClock,
  openPost,
  openPostWithPausedClock,
  restoreDemoShareSettings,
  setShareSettings,
  waitForShareIslands,
} from './share-support.ts';
import { isMobileProject, postPaths, scrollAndSettle } from './support.ts';

// These journeys meet the follow pop-up as a first-time visitor: no qshare_popup cookie.
test.use({ storageState: { cookies: [], origins: [] } });

test.afterEach(async () => {
  await restoreDemoShareSettings();
});

test.afterAll(async () => {
  await closeSiteDatabase();
});

const suppressPopup = (page: Page) =>
  page.context().addCookies([{ name: 'qshare_popup', value: '1', url: 'http://127.0.0.1/' }]);

const footerBar = (page: Page) => page.locator('.qshare-bar--widget');
const floatingBar = (page: Page) => page.locator('.qshare-bar--floating');
const compactButton = (page: Page) => page.getByRole('button', { name: 'Share this page' });
const shareSheet = (page: Page) => page.getByRole('dialog', { name: 'Share this page' });

/** Resolves once the page has drawn two frames and run what they queued (the island's render). */
const afterNextFrames = (page: Page) =>
  page.evaluate(
    () =>
      new Promise((done) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0))),
      ),
  );

/** The floating bar's copy-link icon; in a narrow window, the one in the Share sheet. */
async function floatingCopyIcon(page: Page) {
  if (!(await isMobileProject(page)))
    return floatingBar(page).locator('[data-share-network="copy"]');
  // The button steps aside while the consent banner is open: answer it first. (The page's
  // clock is paused in these journeys; the button's check waits for a frame.)
  await page
    .getByRole('region', { name: 'Cookies on this site' })
    .getByRole('button', { name: 'Decline' })
    .click();
  await page.clock.runFor(100);
  await compactButton(page).click();
  return shareSheet(page).locator('[data-share-network="copy"]');
}

test.describe('icon bar links', () => {
  test('every icon is a plain link to the network’s share page for this post', async ({ page }) => {
    await suppressPopup(page);
    await openPost(page);
    const url = await page.locator('link[rel="canonical"]').getAttribute('href');
    const title = (await page.locator('h1').textContent())!.trim();
    const image = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(url).toMatch(/^http/);
    const e = encodeURIComponent;
    const expected: Record<string, string> = {
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${e(url!)}`,
      x: `https://x.com/intent/post?url=${e(url!)}&text=${e(title)}`,
      linkedin: `https://www.linkedin.com/sharing/share-offsite/?url=${e(url!)}`,
      pinterest: `https://www.pinterest.com/pin/create/button/?url=${e(url!)}&media=${e(image!)}&description=${e(title)}`,
      whatsapp: `https://api.whatsapp.com/send?text=${e(`${title} ${url}`)}`,
      telegram: `https://t.me/share/url?url=${e(url!)}&text=${e(title)}`,
      reddit: `https://www.reddit.com/submit?url=${e(url!)}&title=${e(title)}`,
      mastodon: `https://mastodonshare.com/?url=${e(url!)}&text=${e(title)}`,
      bluesky: `https://bsky.app/intent/compose?text=${e(`${title} ${url}`)}`,
      wechat: url!,
      email: `mailto:?subject=${e(title)}&body=${e(`${title} ${url}`)}`,
      rss: '/feed.xml',
      copy: url!,
    };
    for (const bar of [footerBar(page), floatingBar(page)]) {
      const links = bar.locator('a[data-share-network]');
      const networks = await links.evaluateAll((all) =>
        all.map((a) => (a as HTMLAnchorElement).dataset.shareNetwork),
      );
      expect(networks).toEqual(Object.keys(expected));
      for (const [network, href] of Object.entries(expected)) {
        const link = bar.locator(`a[data-share-network="${network}"]`);
        await expect(link).toHaveAttribute('href', href);
        if (href.startsWith('https://') && !href.startsWith(url!)) {
          await expect(link).toHaveAttribute('target', '_blank');
          await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
        } else {
          await expect(link).not.toHaveAttribute('target', /.*/);
        }
        // Each icon is an inline SVG drawn from the page's sprite.
        await expect(link.locator('svg use')).toHaveAttribute('href', `#qshare-icon-${network}`);
      }
    }
    await expect(page.locator('svg.qshare-sprite symbol#qshare-icon-wechat path')).toHaveCount(2);
    await expect(footerBar(page).getByRole('link', { name: 'Pin It on Pinterest' })).toBeVisible();
  });

  test('WeChat and Pinterest icons open their overlays on a click; others stay links', async ({
    page,
  }) => {
    await suppressPopup(page);
    // Stand-ins for the third parties: nothing leaves the machine.
    await page.context().route(/^https:\/\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>third party</title>',
      }),
    );
    await openPost(page);
    const overlayModule = page.waitForRequest(/\/_astro\/share-overlays\.[\w-]+\.js$/);
    const before = page.url();
    await footerBar(page).locator('[data-share-network="pinterest"]').click();
    await overlayModule;
    // The picker opens in the page (its journey is in share-overlays.spec.ts); no navigation.
    const picker = page.getByRole('dialog', { name: 'Pin It on Pinterest' });
    await expect(picker).toBeVisible();
    await page.keyboard.press('Escape');
    await footerBar(page).locator('[data-share-network="wechat"]').click();
    await expect(page.getByRole('dialog', { name: 'Share on WeChat' })).toBeVisible();
    await expect(page).toHaveURL(before);
    // Another icon stays an ordinary link to its network.
    await expect(footerBar(page).locator('[data-share-network="x"]').first()).toHaveAttribute(
      'href',
      /^https:\/\/x\.com\/intent\//,
    );
  });
});

test.describe('privacy', () => {
  test('no request goes to another host until a visitor clicks a share icon', async ({ page }) => {
    const requests: string[] = [];
    page.context().on('request', (request) => requests.push(request.url()));
    await page.context().route(/^https:\/\//, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<title>third party</title>',
      }),
    );
    await openPost(page);
    // Scroll the whole page, let the pop-up appear and close it, hover and focus icons.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await footerBar(page).locator('[data-share-network="facebook"]').hover();
    await footerBar(page).locator('[data-share-network="x"]').focus();
    // Until the network has been quiet for a while after all that.
    await page.waitForLoadState('networkidle');
    const origin = new URL(page.url()).origin;
    const foreign = requests.filter(
      (url) => !url.startsWith('data:') && new URL(url).origin !== origin,
    );
    expect(foreign).toEqual([]);
    expect(requests.length).toBeGreaterThan(3);

    const popup = page.context().waitForEvent('page');
    await footerBar(page).locator('[data-share-network="facebook"]').click();
    await (await popup).waitForLoadState();
    expect(requests.some((url) => url.startsWith('https://www.facebook.com/sharer/'))).toBe(true);
  });
});

test.describe('floating bar', () => {
  test('follows the scroll with easing and converges on its place', async ({ page }) => {
    await suppressPopup(page);
    await page
      .context()
      .addCookies([{ name: 'quire_consent', value: 'denied', url: 'http://127.0.0.1/' }]);
    await openPost(page);
    if (await isMobileProject(page)) {
      // In a narrow window the bar gives way to the Share button (see “compact share”).
      await expect(floatingBar(page)).toBeHidden();
      await expect(compactButton(page)).toBeVisible();
      return;
    }
    const targetFor = (state: { scrollY: number }) => state.scrollY + 96;
    // Settled in its place before the visitor scrolls.
    await expect
      .poll(async () => {
        const state = await floatingState(page);
        return Math.abs(state.top - targetFor(state));
      })
      .toBeLessThanOrEqual(1);

    // Every step the bar takes is a write of its `top`: record them all, in the page, with the
    // window's scroll position the step was aimed at.
    type Step = { top: number; scrollY: number };
    await floatingBar(page).evaluate((bar) => {
      const steps: Step[] = [];
      (window as unknown as { steps: Step[] }).steps = steps;
      new MutationObserver(() => {
        const top = Number.parseFloat((bar as HTMLElement).style.top);
        if (steps.at(-1)?.top !== top) steps.push({ top, scrollY: window.scrollY });
      }).observe(bar, { attributes: true, attributeFilter: ['style'] });
      window.scrollTo({ top: 1500, behavior: 'instant' });
    });
    // Its place follows the window as it is now: on a busy machine content above can still
    // settle by a pixel (scroll anchoring) after the scroll, and the bar follows that too.
    // Closing 10% of 1,500 px every 50 ms takes about 76 steps, 3.8 s when timers are on time;
    // a busy machine runs them late, so the wait is for the steps, not for 3.8 s.
    await expect
      .poll(
        async () => {
          const state = await floatingState(page);
          return Math.abs(state.top - targetFor(state));
        },
        { timeout: 20_000 },
      )
      .toBeLessThanOrEqual(0.5);
    // Within 0.5 px as the layout rounds it, the snap can still be one step away: wait for it.
    const recorded = () => page.evaluate(() => (window as unknown as { steps: Step[] }).steps);
    await expect
      .poll(async () => {
        const last = (await recorded()).at(-1);
        return last ? last.top - targetFor(last) : Number.POSITIVE_INFINITY;
      })
      .toBe(0);
    const steps = await recorded();
    // It lagged behind the scroll, then closed 10% of the remaining gap at each 50 ms step,
    // never overshooting, until it snapped into place. (The style keeps about six digits.)
    expect(targetFor(steps[0]!) - steps[0]!.top).toBeGreaterThan(1000);
    const last = steps.at(-1)!;
    expect(last.top).toBe(targetFor(last));
    for (let i = 1; i < steps.length - 1; i++) {
      const before = steps[i - 1]!.top;
      const { top } = steps[i]!;
      const target = targetFor(steps[i]!);
      expect(top).toBeGreaterThan(before);
      expect(top).toBeLessThan(target);
      expect(top).toBeCloseTo(before + (target - before) * 0.1, 1);
    }
  });

  test('tooltips open away from the edge: top-left, top-right and center-top', async ({ page }) => {
    await suppressPopup(page);
    const mobile = await isMobileProject(page);
    const cases = [
      { horizontal: 'left', tip: 'right' },
      { horizontal: 'right', tip: 'left' },
      { horizontal: 'center', tip: 'below' },
    ] as const;
    for (const { horizontal, tip } of cases) {
      await setShareSettings({
        floating: { enabled: true, position: { vertical: 10, horizontal } },
      });
      await openPost(page);
      const bar = floatingBar(page);
      await expect(bar).toHaveAttribute('data-tip', tip);
      const icon = bar.locator('[data-share-network="linkedin"]');
      const tooltip = icon.locator('.qshare-tip');
      if (mobile) {
        // On a phone the bar gives way to the Share button: no hover tooltips.
        await expect(tooltip).toBeHidden();
        continue;
      }
      await icon.hover();
      await expect(tooltip).toHaveCSS('opacity', '1');
      await expect(tooltip).toHaveText('Share on LinkedIn');
      const a = (await icon.boundingBox())!;
      const t = (await tooltip.boundingBox())!;
      if (tip === 'right') expect(t.x).toBeGreaterThanOrEqual(a.x + a.width);
      if (tip === 'left') expect(t.x + t.width).toBeLessThanOrEqual(a.x);
      if (tip === 'below') expect(t.y).toBeGreaterThanOrEqual(a.y + a.height);
      // The tip stays inside the window.
      expect(t.x).toBeGreaterThanOrEqual(0);
      expect(t.y).toBeGreaterThanOrEqual(0);
      expect(t.x + t.width).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
    // The footer widget's tooltips open above.
    const footerIcon = footerBar(page).locator('[data-share-network="reddit"]');
    await expect(footerBar(page)).toHaveAttribute('data-tip', 'above');
    if (!mobile) {
      await footerIcon.hover();
      const a = (await footerIcon.boundingBox())!;
      const t = (await footerIcon.locator('.qshare-tip').boundingBox())!;
      expect(t.y + t.height).toBeLessThanOrEqual(a.y);
    }
  });
});

test.describe('compact share (narrow windows)', () => {
  // A phone, and the tablet and small-laptop widths too narrow for a column beside the text.
  const widths = [390, 800, 1024] as const;
  const answerConsent = (page: Page) =>
    page
      .context()
      .addCookies([{ name: 'quire_consent', value: 'denied', url: 'http://127.0.0.1/' }]);

  for (const width of widths) {
    test(`a Share button opens a sheet with every icon at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 800 });
      await suppressPopup(page);
      await answerConsent(page);
      await openPost(page);
      await expect(floatingBar(page)).toBeHidden();
      const networks = await floatingBar(page)
        .locator('[data-share-network]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('data-share-network')));
      expect(networks.length).toBeGreaterThanOrEqual(13);

      await compactButton(page).click();
      const sheet = shareSheet(page);
      await expect(sheet).toBeVisible();
      const links = sheet.locator('[data-share-network]');
      expect(
        await links.evaluateAll((all) => all.map((a) => a.getAttribute('data-share-network'))),
      ).toEqual(networks);
      for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
      await expect(sheet.getByRole('link', { name: 'Share on LinkedIn' })).toHaveAttribute(
        'href',
        /^https:\/\/www\.linkedin\.com\//,
      );
      // Nothing widens the page (a phone would zoom out).
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(
        page.viewportSize()!.width,
      );
      await sheet.getByRole('button', { name: 'Close' }).click();
      await expect(sheet).toBeHidden();
      await compactButton(page).click();
      await page.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    });

    test(`the Share button never covers an input, its error or the consent banner at ${width} px`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await suppressPopup(page);
      const form = await openForm(page, contactForm.path);
      const button = compactButton(page);
      // The consent banner is open: the button steps aside rather than stack with it.
      const consent = page.getByRole('region', { name: 'Cookies on this site' });
      await expect(consent).toBeVisible();
      await expect(button).toBeHidden();
      await consent.getByRole('button', { name: 'Decline' }).click();

      // At each position the button is either out of the way (stepped aside) or over nothing
      // the visitor needs; it settles within a frame or two, so each position is polled.
      const stateAt = () =>
        page.evaluate(() => {
          const compact = document.querySelector<HTMLElement>('.qshare-compact')!;
          const button = compact.querySelector('button')!;
          const own = button.getBoundingClientRect();
          const under = [
            ...document.querySelectorAll(
              'input:not([type="hidden"]), textarea, select, label, [role="alert"], .qforms-error, .consent-banner:popover-open',
            ),
          ].filter((other) => {
            const r = other.getBoundingClientRect();
            return (
              r.width > 0 &&
              r.left < own.right &&
              own.left < r.right &&
              r.top < own.bottom &&
              own.top < r.bottom
            );
          });
          const aside =
            compact.hasAttribute('data-stepped-aside') &&
            getComputedStyle(button).visibility === 'hidden';
          if (aside) return 'aside';
          return under.length === 0
            ? 'shown'
            : `covers ${under.map((e) => e.outerHTML.slice(0, 60))}`;
        });
      const checkEveryPosition = async () => {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const seen = new Set<string>();
        for (let y = 0; y < height; y += 150) {
          // Scrolling up to each position: the direction in which the button shows.
          await page.evaluate((top) => window.scrollTo({ top: top + 40, behavior: 'instant' }), y);
          await afterNextFrames(page);
          await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
          await afterNextFrames(page);
          await expect.poll(stateAt, { message: `scrolled to ${y}` }).toMatch(/^(aside|shown)$/);
          seen.add(await stateAt());
        }
        // It was there for the visitor somewhere on the page.
        expect(seen).toContain('shown');
      };
      await checkEveryPosition();
      // Errors appear under every field after an empty submit; none is covered either.
      await form.getByRole('button', { name: 'Send message' }).click();
      await expect(form.locator('.qforms-error').first()).toBeVisible();
      // The first invalid field took the focus (the button stays away meanwhile); tap elsewhere.
      await expect(button).toBeHidden();
      await page.evaluate(() => (document.activeElement as HTMLElement).blur());
      await checkEveryPosition();

      // Typing: the button is away while focus is in a field.
      await form.getByRole('textbox', { name: 'Message', exact: true }).focus();
      await expect(button).toBeHidden();
    });
  }

  test('offers the system share sheet where the browser has one', async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 800 });
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { shareCalls: unknown[] }).shareCalls = calls;
      let refuse = true;
      navigator.share = (data?: ShareData) => {
        calls.push(data);
        // The first time the visitor cancels; the second time an app takes it.
        const answer = refuse
          ? Promise.reject(new DOMException('Share canceled', 'AbortError'))
          : Promise.resolve();
        refuse = false;
        return answer;
      };
    });
    await suppressPopup(page);
    await answerConsent(page);
    const path = await openPost(page);
    await compactButton(page).click();
    const sheet = shareSheet(page);
    const native = sheet.getByRole('button', { name: 'Share with an app…' });
    await native.click();
    // Cancelled: the sheet stays, with every other way to share.
    await expect(sheet).toBeVisible();
    await native.click();
    await expect(sheet).toBeHidden();
    const title = await page.locator('article h1').textContent();
    expect(
      await page.evaluate(() => (window as unknown as { shareCalls: unknown[] }).shareCalls),
    ).toEqual([
      { title, url: new URL(path, page.url()).href },
      { title, url: new URL(path, page.url()).href },
    ]);
  });

  test('works without JavaScript: the button opens the sheet, its icons are links', async ({
    browser,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    await page.goto('/');
    const first = await page.locator('.post-card__title a').first().getAttribute('href');
    await page.goto(first!);
    await compactButton(page).click();
    const sheet = shareSheet(page);
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('link', { name: 'Share by e-mail' })).toHaveAttribute(
      'href',
      /^mailto:/,
    );
    await context.close();
  });
});

test.describe('follow pop-up', () => {
  test('opens for a visitor who reached the end of the page before its script ran', async ({
    page,
  }) => {
    const path = (await postPaths(page))[0] ?? '/';
    // The islands' code is held back until the visitor has scrolled to the end.
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/_astro/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Module scripts hold DOMContentLoaded back: the page is read once its footer is parsed.
    await page.goto(path, { waitUntil: 'commit' });
    await page.locator('footer').last().waitFor({ state: 'attached' });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    release();
    await expect(
      page.getByRole('dialog', { name: 'Enjoy Field Notes? Follow along' }),
    ).toBeVisible();
  });

  test('opens after the delay, traps focus, closes with Escape and stays away for 30 days', async ({
    page,
  }) => {
    await openPostWithPausedClock(page);
    const dialog = page.getByRole('dialog', { name: 'Enjoy Field Notes? Follow along' });
    await page.clock.runFor(19_000);
    await expect(dialog).toHaveCount(0);
    const opener = footerBar(page).locator('[data-share-network="x"]');
    await opener.focus();
    await page.clock.runFor(1_500);
    await expect(dialog).toBeVisible();

    // The look from the settings, the follow icons and the subscription link.
    await expect(dialog).toHaveCSS('border-top-width', '2px');
    await expect(dialog).toHaveCSS('border-top-color', 'rgb(180, 83, 42)');
    await expect(dialog.getByRole('link', { name: 'Subscribe by e-mail' })).toHaveAttribute(
      'href',
      '/subscription-form/1/8',
    );
    await expect(dialog.getByRole('link', { name: 'Follow on Mastodon' })).toHaveAttribute(
      'href',
      'https://mastodon.social/@fieldnotes_example',
    );

    // Focus stays inside while tabbing either way.
    const inDialog = () =>
      page.evaluate(() => !!document.activeElement?.closest('dialog.qshare-popup'));
    expect(await inDialog()).toBe(true);
    const stops = await dialog.locator('a[href], button').count();
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await inDialog()).toBe(true);
    }
    for (let i = 0; i < stops + 2; i++) {
      await page.keyboard.press('Shift+Tab');
      expect(await inDialog()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(opener).toBeFocused();

    // The cookie: qshare_popup for 30 days.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'qshare_popup');
    expect(cookie).toBeDefined();
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);

    // Neither the delay nor the end of the page brings it back.
    await page.reload();
    await hydrateSharePausedClock(page);
    await page.clock.runFor(60_000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(1_000);
    await expect(dialog).toHaveCount(0);
  });

  /**
   * The contact page with the page's time stopped, as openPostWithPausedClock: with a running
   * clock, a busy machine's own seconds would add to the ones the test counts.
   */
  async function openContactWithPausedClock(page: Page): Promise<void> {
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto('/contact/');
    await hydrateSharePausedClock(page);
  }

  test('never opens while the visitor types: every character kept, it waits for a calm moment', async ({
    page,
  }) => {
    await openContactWithPausedClock(page);
    const dialog = page.getByRole('dialog', { name: 'Enjoy Field Notes? Follow along' });
    const field = page.getByRole('textbox', { name: 'Message', exact: true });
    await field.click();
    await page.clock.runFor(15_000);
    // One key every 0.7 s, from 15 s to past 33 s: across the 20 s delay.
    const text = 'Typed slowly, a key at a time, across the delay.';
    for (const character of text) {
      await page.keyboard.type(character);
      await page.clock.runFor(700);
    }
    await expect(field).toHaveValue(text);
    await expect(field).toBeFocused();
    // A pause with focus still in the field is not the moment either.
    await page.clock.runFor(10_000);
    await expect(dialog).toHaveCount(0);

    // Leaving the field, long after the last key: it opens, and what was typed is all there.
    await page.getByRole('heading', { level: 1 }).click();
    await page.clock.runFor(100);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(field).toHaveValue(text);
  });

  test('after typing, waits until the last key press is 4 s old', async ({ page }) => {
    await openContactWithPausedClock(page);
    const dialog = page.getByRole('dialog', { name: 'Enjoy Field Notes? Follow along' });
    await page.getByRole('textbox', { name: 'Message', exact: true }).click();
    await page.clock.runFor(18_000);
    await page.keyboard.type('Hello');
    await page.getByRole('heading', { level: 1 }).click();
    // The 20 s delay ends 2 s after the last key press: it waits 2 s more.
    await page.clock.runFor(3_000);
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(dialog).toBeVisible();
  });

  test('after a form is sent, waits 4 s so its confirmation can be read first', async ({
    page,
  }) => {
    const { path } = await publishOneFieldForm('Pop-up after sending', {});
    await page.clock.install();
    const form = await openForm(page, path);
    await waitForShareIslands(page);
    const dialog = page.getByRole('dialog', { name: 'Enjoy Field Notes? Follow along' });
    await form.getByRole('textbox', { name: 'Your name', exact: true }).fill(uniqueName('Calm'));
    // Past the 20 s delay with focus in the field: the pop-up waits. From here the page's time
    // moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 30_000);
    await expect(dialog).toHaveCount(0);
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.qforms-confirmation-container')).toBeVisible();
    // Focus left the field, but the confirmation has just appeared.
    await page.clock.runFor(100);
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(3_000);
    await expect(dialog).toHaveCount(0);
    await page.clock.runFor(1_500);
    await expect(dialog).toBeVisible();
  });

  test('opens on reaching the bottom: within 100 px on a phone, 3 px on a desktop', async ({
    page,
  }) => {
    await setShareSettings({ popup: { ...(await popupSettings()), delaySeconds: null } });
    await openPost(page);
    const mobile = await isMobileProject(page);
    const dialog = page.getByRole('dialog');
    const scrollToBottomMinus = async (px: number) => {
      const end = await page.evaluate(
        () => document.documentElement.scrollHeight - window.innerHeight,
      );
      await scrollAndSettle(page, end - px);
    };
    await scrollToBottomMinus(150);
    await expect(dialog).toHaveCount(0);
    await scrollToBottomMinus(50);
    if (mobile) {
      await expect(dialog).toBeVisible();
    } else {
      await expect(dialog).toHaveCount(0);
      await scrollToBottomMinus(2);
      await expect(dialog).toBeVisible();
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });
});

async function popupSettings() {
  return (await demoShareSettings()).popup;
}

test.describe('copy link', () => {
  async function openWithClock(page: Page) {
    await suppressPopup(page);
    await page.clock.install();
    const path = await openPost(page);
    // From here the page's time moves only when the test says so.
    await page.clock.pauseAt(Date.now() + 60_000);
    return new URL(path, page.url()).href;
  }

  async function expectAlertTiming(page: Page, text: string) {
    const alert = page.locator('.qshare-alert:not([hidden])');
    await expect(alert).toHaveText(text);
    await expect(alert).toHaveAttribute('data-phase', 'visible');
    await page.clock.runFor(2_900);
    await expect(alert).toHaveAttribute('data-phase', 'visible');
    await expect(alert).toHaveCSS('opacity', '1');
    await page.clock.runFor(200);
    await expect(alert).toHaveAttribute('data-phase', 'fading');
    await expect(alert).toHaveCSS('transition-duration', '2s');
    await page.clock.runFor(1_800);
    await expect(alert).toHaveAttribute('data-phase', 'fading');
    await page.clock.runFor(300);
    await expect(page.locator('.qshare-alert:not([hidden])')).toHaveCount(0);
  }

  test('copies the address; the alert shows ~3 s, fades over 2 s, then is gone', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const url = await openWithClock(page);
    await footerBar(page).getByRole('link', { name: 'Copy link' }).click();
    await expectAlertTiming(page, 'Link copied to clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // The click did not navigate.
    expect(page.url()).toBe(url);
  });

  test('falls back to a hidden text area when the Clipboard API is refused', async ({ page }) => {
    await page.addInitScript(() => {
      const copied: string[] = [];
      (window as unknown as { copied: string[] }).copied = copied;
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('denied', 'NotAllowedError'));
      const original = document.execCommand.bind(document);
      document.execCommand = (command: string, ...rest: unknown[]) => {
        if (command === 'copy') {
          const area = document.activeElement as HTMLTextAreaElement;
          copied.push(area.value.slice(area.selectionStart, area.selectionEnd));
          return true;
        }
        return original(command, ...(rest as [boolean, string]));
      };
    });
    const url = await openWithClock(page);
    await (await floatingCopyIcon(page)).click();
    await expectAlertTiming(page, 'Link copied to clipboard.');
    expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([
      url,
    ]);
    // The text area is gone again.
    await expect(page.locator('body > textarea')).toHaveCount(0);
  });

  test('says so when copying fails, with the address ready to copy by hand', async ({ page }) => {
    await page.addInitScript(() => {
      navigator.clipboard.writeText = () =>
        Promise.reject(new DOMException('denied', 'NotAllowedError'));
      document.execCommand = () => false;
    });
    const url = await openWithClock(page);
    await footerBar(page).getByRole('link', { name: 'Copy link' }).click();
    const alert = page.locator('.qshare-alert:not([hidden])');
    await expect(alert).toContainText('Could not copy the link. Press Ctrl+C to copy it.');
    const field = alert.getByRole('textbox', { name: 'Address of this page' });
    await expect(field).toHaveValue(url);
    expect(
      await field.evaluate(
        (input: HTMLInputElement) => (input.selectionEnd ?? 0) - (input.selectionStart ?? 0),
      ),
    ).toBe(url.length);
    // It waits for the visitor rather than fading away.
    await page.clock.runFor(10_000);
    await expect(alert).toBeVisible();
    await alert.getByRole('button', { name: 'Close' }).click();
    await expect(alert).toHaveCount(0);
  });
});

test.describe('Facebook SDK', () => {
  const sdk = /^https:\/\/connect\.facebook\.net\//;

  test('is not requested without consent, even with the page plugin on', async ({ page }) => {
    await suppressPopup(page);
    await setShareSettings({ facebookPagePlugin: true });
    const requested: string[] = [];
    page.on('request', (request) => {
      if (sdk.test(request.url())) requested.push(request.url());
    });
    await openPost(page);
    // The islands have hydrated (their effects ran) and the network has gone quiet.
    await page.waitForLoadState('networkidle');
    expect(requested).toEqual([]);
    await expect(page.locator('.fb-page a')).toHaveAttribute(
      'href',
      'https://www.facebook.com/fieldnotes.example',
    );
  });

  test('with consent, a failed load leaves the bar and the page plugin’s link working', async ({
    page,
    context,
  }) => {
    await suppressPopup(page);
    await setShareSettings({ facebookPagePlugin: true });
    await context.addCookies([
      { name: 'quire_consent', value: 'granted', url: 'http://127.0.0.1/' },
    ]);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await context.route(sdk, (route) => route.abort('internetdisconnected'));
    const sdkRequest = page.waitForEvent('requestfailed', (request) => sdk.test(request.url()));
    await openPost(page);
    const failed = await sdkRequest;
    expect(failed.url()).toContain('/en_US/sdk.js');
    // Loaded asynchronously after the load event; the failed script is removed again.
    await expect(page.locator('script#facebook-jssdk')).toHaveCount(0);
    await expect(page.locator('.fb-page a')).toBeVisible();
    await footerBar(page).getByRole('link', { name: 'Copy link' }).click();
    await expect(page.locator('.qshare-alert:not([hidden])')).toHaveText(
      'Link copied to clipboard.',
    );
    expect(errors).toEqual([]);
  });
});
