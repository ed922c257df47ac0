import { expect, type Page, test } from '@playwright/test';
import { closeSiteDatabase } from './forms-support.ts';
import {
  floatingState,
  openPost,
  restoreDemoShareSettings,
  setShareSettings,
  waitForShareIslands,
} from './share-support.ts';
import { isMobileProject } from './support.ts';

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
    await page.waitForTimeout(1000);
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
    await openPost(page);
    const mobile = await isMobileProject(page);
    const start = await floatingState(page);
    const targetFor = (state: { scrollY: number; height: number; viewportHeight: number }) =>
      mobile ? state.scrollY + state.viewportHeight - state.height - 10 : state.scrollY + 96;
    // Nothing widens the page (a phone would zoom out).
    if (mobile) expect(start.overflowX).toBe(0);
    // Settled in its place before the visitor scrolls.
    await expect
      .poll(async () => {
        const state = await floatingState(page);
        return Math.abs(state.top - targetFor(state));
      })
      .toBeLessThanOrEqual(1);

    await page.evaluate(() => window.scrollTo({ top: 1500, behavior: 'instant' }));
    const distances: number[] = [];
    for (let i = 0; i < 8; i++) {
      await page.waitForTimeout(120);
      const state = await floatingState(page);
      distances.push(targetFor(state) - state.top);
    }
    // It lags behind the scroll, then closes the gap step by step.
    expect(distances[0]).toBeGreaterThan(100);
    for (let i = 1; i < distances.length; i++) {
      expect(distances[i]!).toBeLessThan(distances[i - 1]!);
    }
    // About 10% of the gap per 50 ms: after ~1 s at most a quarter of it is left, never overshot.
    expect(distances.at(-1)!).toBeGreaterThanOrEqual(0);
    expect(distances.at(-1)!).toBeLessThan(1500 * 0.25);
    await expect
      .poll(async () => {
        const state = await floatingState(page);
        return Math.abs(targetFor(state) - state.top);
      })
      .toBeLessThanOrEqual(1);
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
        // On a phone the bar is a row along the bottom, without hover tooltips.
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

test.describe('follow pop-up', () => {
  test('opens after the delay, traps focus, closes with Escape and stays away for 30 days', async ({
    page,
  }) => {
    await page.clock.install();
    await openPost(page);
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
    await waitForShareIslands(page);
    await page.clock.runFor(60_000);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.clock.runFor(1_000);
    await expect(dialog).toHaveCount(0);
  });

  test('never opens while the visitor types: every character kept, it waits for a calm moment', async ({
    page,
  }) => {
    await page.clock.install();
    await page.goto('/contact/');
    await waitForShareIslands(page);
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
    await page.clock.install();
    await page.goto('/contact/');
    await waitForShareIslands(page);
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

  test('opens on reaching the bottom: within 100 px on a phone, 3 px on a desktop', async ({
    page,
  }) => {
    await setShareSettings({ popup: { ...(await popupSettings()), delaySeconds: null } });
    await openPost(page);
    const mobile = await isMobileProject(page);
    const dialog = page.getByRole('dialog');
    const scrollToBottomMinus = (px: number) =>
      page.evaluate((left) => {
        const root = document.documentElement;
        window.scrollTo({
          top: root.scrollHeight - window.innerHeight - left,
          behavior: 'instant',
        });
      }, px);
    await scrollToBottomMinus(150);
    await page.waitForTimeout(300);
    await expect(dialog).toHaveCount(0);
    await scrollToBottomMinus(50);
    await page.waitForTimeout(300);
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
  const { demoShareSettings } = await import('../../src/features/content/server/demo-content.ts');
  return demoShareSettings.popup;
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
    await floatingBar(page).locator('[data-share-network="copy"]').click();
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
    await page.waitForTimeout(1_000);
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
