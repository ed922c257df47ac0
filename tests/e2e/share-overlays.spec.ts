import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { closeSiteDatabase } from './forms-support.ts';
import { openPost } from './share-support.ts';
import { isMobileProject } from './support.ts';

test.afterAll(closeSiteDatabase);

/** Reads a QR code from a screenshot of it, as a phone camera would. */
async function readQrCode(png: Buffer): Promise<string | undefined> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data;
}

test.describe('WeChat overlay', () => {
  test('desktop: a QR code of the page; phone: the address with Copy and Open WeChat', async ({
    page,
    context,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const path = await openPost(page);
    const pageUrl = new URL(path, page.url()).href;
    const icon = page.locator('a[data-share-network="wechat"]').first();
    await icon.click();
    const dialog = page.getByRole('dialog', { name: 'Share on WeChat' });
    await expect(dialog).toBeVisible();
    if (await isMobileProject(page)) {
      await expect(dialog.getByRole('textbox', { name: 'Address of this page' })).toHaveValue(
        pageUrl,
      );
      await expect(dialog.getByRole('link', { name: 'Open WeChat' })).toHaveAttribute(
        'href',
        'weixin://',
      );
      await dialog.getByRole('button', { name: 'Copy' }).click();
      await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(pageUrl);
    } else {
      await expect(dialog).toContainText('Scan QR Code in WeChat and press ··· to share!');
      const code = dialog.locator('.share-overlay__qr svg');
      expect(await readQrCode(await code.screenshot())).toBe(pageUrl);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(icon).toBeFocused();
  });
});

test.describe('Pinterest picker', () => {
  test('lists the page’s images above 100×100 px and opens the pin-creation link', async ({
    page,
    context,
  }) => {
    await context.route('https://www.pinterest.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Pinterest</title>' }),
    );
    const path = await openPost(page);
    // An image a reader marked as not to pin, and a small one: neither is offered.
    await page.evaluate(() => {
      const prose = document.querySelector('.prose');
      const big = document.querySelector<HTMLImageElement>('.prose img, .article__cover img');
      if (!prose || !big) throw new Error('The post has no image');
      const noPin = big.cloneNode() as HTMLImageElement;
      noPin.src = `${big.currentSrc || big.src}?nopin`;
      noPin.setAttribute('data-pin-nopin', '');
      noPin.loading = 'eager';
      prose.append(noPin);
    });
    // Every image of the page loaded first: a lazy one that finished between this list and the
    // picker's own look was offered by the picker and missing here (seen once in a fresh clone).
    await page.evaluate(() =>
      Promise.all(
        [...document.images].map((image) => {
          image.loading = 'eager';
          return image.decode().catch(() => undefined);
        }),
      ),
    );
    const eligible = await page.evaluate(() =>
      [...document.images]
        .filter((i) => i.complete && i.naturalWidth > 100 && i.naturalHeight > 100)
        .filter((i) => !i.hasAttribute('data-pin-nopin'))
        .map((i) => i.currentSrc || i.src),
    );
    expect(eligible.length).toBeGreaterThan(0);

    await page.locator('a[data-share-network="pinterest"]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Pin It on Pinterest' });
    await expect(dialog).toBeVisible();
    const pins = dialog.locator('a.share-overlay__pin');
    await expect(pins).toHaveCount(new Set(eligible).size);
    for (const href of await pins.evaluateAll((links) =>
      links.map((a) => (a as HTMLAnchorElement).href),
    )) {
      expect(new URL(href).searchParams.get('media')).not.toContain('?nopin');
    }

    const popup = page.waitForEvent('popup');
    await pins.first().click();
    const pinPage = await popup;
    const target = new URL(pinPage.url());
    expect(`${target.origin}${target.pathname}`).toBe(
      'https://www.pinterest.com/pin/create/button/',
    );
    expect(target.searchParams.get('url')).toBe(new URL(path, page.url()).href);
    expect(eligible).toContain(target.searchParams.get('media'));
    expect(target.searchParams.get('description')).toBeTruthy();
    await expect(dialog).toHaveCount(0);
  });

  test('judges an image by the size of its file, not by what its srcset says of it', async ({
    page,
  }) => {
    const square = (side: number) =>
      sharp({ create: { width: side, height: side, channels: 3, background: '#b04030' } })
        .png()
        .toBuffer();
    const files: Record<string, Buffer> = {
      '/pin-small.png': await square(80),
      '/pin-large.png': await square(300),
    };
    await page.route(/\/pin-(small|large)\.png$/, async (route) =>
      route.fulfill({
        contentType: 'image/png',
        body: files[new URL(route.request().url()).pathname],
      }),
    );
    await openPost(page);
    // An 80-pixel file whose srcset makes it 4000 wide, and a 300-pixel one made 10 wide.
    await page.evaluate(async () => {
      const prose = document.querySelector('.prose');
      if (!prose) throw new Error('The post has no text');
      const added = [
        ['/pin-small.png', '8w', '400px'],
        ['/pin-large.png', '3000w', '100px'],
      ].map(([src, width, sizes]) => {
        const image = document.createElement('img');
        image.srcset = `${src} ${width}`;
        image.sizes = sizes ?? '';
        image.alt = src ?? '';
        prose.append(image);
        return image;
      });
      await Promise.all(added.map((image) => image.decode()));
    });
    expect(
      await page.evaluate(() =>
        ['small', 'large'].map(
          (name) =>
            document.querySelector<HTMLImageElement>(`img[alt="/pin-${name}.png"]`)?.naturalWidth,
        ),
      ),
    ).toEqual([4000, 10]);

    await page.locator('a[data-share-network="pinterest"]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Pin It on Pinterest' });
    await expect(dialog).toBeVisible();
    const media = await dialog
      .locator('a.share-overlay__pin')
      .evaluateAll((links) =>
        links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('media')),
      );
    expect(media).toContain(new URL('/pin-large.png', page.url()).href);
    expect(media).not.toContain(new URL('/pin-small.png', page.url()).href);
  });

  test('offers the page’s preview image when no image is eligible', async ({ page }) => {
    await openPost(page);
    await page.evaluate(() => {
      for (const image of document.querySelectorAll('img'))
        image.setAttribute('data-pin-nopin', '');
    });
    const preview = await page.locator('meta[property="og:image"]').getAttribute('content');
    await page.locator('a[data-share-network="pinterest"]').first().click();
    const dialog = page.getByRole('dialog', { name: 'Pin It on Pinterest' });
    const pins = dialog.locator('a.share-overlay__pin');
    await expect(pins).toHaveCount(1);
    const href = new URL((await pins.getAttribute('href')) ?? '');
    expect(href.searchParams.get('media')).toBe(preview);
  });
});
