import { describe, expect, it } from 'vitest';
import {
  followIcons,
  iconList,
  parseIconList,
  pinterestHref,
  shareHref,
  shareIcons,
  shownNetworks,
} from './share-links.ts';
import { shareSettingsSchema } from './share-settings.ts';

const page = {
  url: 'https://blog.example/a&b?x=1#frag/',
  title: 'Fish & chips: "best" #1 — 100% café',
  image: 'https://blog.example/media/3/1280/pier & sea.jpg',
};

function params(href: string): URLSearchParams {
  return new URL(href).searchParams;
}

describe('share links', () => {
  it('encode the address, title and image so nothing breaks out of its parameter', () => {
    const pin = shareHref('pinterest', page);
    expect(pin.startsWith('https://www.pinterest.com/pin/create/button/?url=')).toBe(true);
    expect(params(pin).get('url')).toBe(page.url);
    expect(params(pin).get('media')).toBe(page.image);
    expect(params(pin).get('description')).toBe(page.title);
    expect([...params(pin).keys()]).toEqual(['url', 'media', 'description']);
    expect(pin).not.toMatch(/[ "#]/);
    expect(pin).toContain('url=https%3A%2F%2Fblog.example%2Fa%26b%3Fx%3D1%23frag%2F');
    expect(pin).toContain(
      'media=https%3A%2F%2Fblog.example%2Fmedia%2F3%2F1280%2Fpier%20%26%20sea.jpg',
    );
  });

  it('leaves media out of the pin link when the page has no image', () => {
    expect(pinterestHref('https://a.example/', undefined, 'T')).toBe(
      'https://www.pinterest.com/pin/create/button/?url=https%3A%2F%2Fa.example%2F&description=T',
    );
  });

  it('build each network’s link', () => {
    expect(shareHref('facebook', page)).toBe(
      `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(page.url)}`,
    );
    const x = shareHref('x', page);
    expect(x.startsWith('https://x.com/intent/post?')).toBe(true);
    expect(params(x).get('url')).toBe(page.url);
    expect(params(x).get('text')).toBe(page.title);
    expect(params(shareHref('linkedin', page)).get('url')).toBe(page.url);
    expect(params(shareHref('whatsapp', page)).get('text')).toBe(`${page.title} ${page.url}`);
    expect(shareHref('whatsapp', page).startsWith('https://api.whatsapp.com/send?')).toBe(true);
    expect(params(shareHref('telegram', page)).get('url')).toBe(page.url);
    expect(shareHref('telegram', page).startsWith('https://t.me/share/url?')).toBe(true);
    expect(params(shareHref('reddit', page)).get('title')).toBe(page.title);
    expect(shareHref('reddit', page).startsWith('https://www.reddit.com/submit?')).toBe(true);
    expect(params(shareHref('bluesky', page)).get('text')).toBe(`${page.title} ${page.url}`);
    expect(shareHref('bluesky', page).startsWith('https://bsky.app/intent/compose?')).toBe(true);
    expect(shareHref('rss', page)).toBe('/feed.xml');
    expect(shareHref('wechat', page)).toBe(page.url);
    expect(shareHref('copy', page)).toBe(page.url);
  });

  it('share to Mastodon through a share page, or through the configured server', () => {
    const viaPage = shareHref('mastodon', page);
    expect(viaPage.startsWith('https://mastodonshare.com/?')).toBe(true);
    expect(params(viaPage).get('url')).toBe(page.url);
    const viaServer = shareHref('mastodon', page, { mastodonInstance: 'mastodon.social' });
    expect(viaServer.startsWith('https://mastodon.social/share?text=')).toBe(true);
    expect(params(viaServer).get('text')).toBe(`${page.title} ${page.url}`);
  });

  it('e-mail: subject and body percent-encoded (no + for spaces)', () => {
    const mail = shareHref('email', page);
    expect(mail).toBe(
      `mailto:?subject=${encodeURIComponent(page.title)}&body=${encodeURIComponent(`${page.title} ${page.url}`)}`,
    );
    expect(mail).not.toContain('+');
  });
});

describe('the bar’s icons', () => {
  const settings = shareSettingsSchema.parse({
    follow: { mastodon: 'https://mastodon.social/@me', x: '' },
  });

  it('follow the configured order; third-party links open in a new tab, the site’s own do not', () => {
    const icons = shareIcons(
      { ...settings, icons: iconList(settings.icons), subscribePath: '/subscription-form/1/8' },
      page,
    );
    expect(icons.map((icon) => icon.network)).toEqual(settings.icons.map((icon) => icon.network));
    const by = (network: string) => icons.find((icon) => icon.network === network)!;
    expect(by('facebook').external).toBe(true);
    expect(by('email').external).toBe(false);
    expect(by('rss')).toMatchObject({ action: 'follow', href: '/feed.xml', external: false });
    expect(by('copy')).toMatchObject({ href: page.url, external: false, label: 'Copy link' });
    expect(by('pinterest').label).toBe('Pin It on Pinterest');
  });

  it('leave out follow icons without a link', () => {
    const icons = shareIcons(
      {
        ...settings,
        icons: 'x:follow mastodon:follow email:follow',
        subscribePath: '/subscription-form/1/8',
      },
      page,
    );
    expect(icons.map((icon) => [icon.network, icon.href])).toEqual([
      ['mastodon', 'https://mastodon.social/@me'],
      ['email', '/subscription-form/1/8'],
    ]);
  });

  it('the pop-up follows every network with a link, then RSS', () => {
    const icons = followIcons(
      { ...settings, icons: iconList(settings.icons), subscribePath: '/subscription-form/1/8' },
      page,
    );
    expect(icons.map((icon) => icon.network)).toEqual(['mastodon', 'rss']);
    expect(icons.every((icon) => icon.action === 'follow')).toBe(true);
  });
});

describe('shownNetworks', () => {
  it('names the networks the bars and the pop-up list, without building their links', () => {
    const settings = shareSettingsSchema.parse({
      follow: { mastodon: 'https://mastodon.social/@me' },
    });
    const links = {
      ...settings,
      icons: 'facebook x:follow mastodon:follow email rss:follow copy',
      subscribePath: '/subscription-form/1/8',
    };
    const bars = shareIcons(links, page).map((icon) => icon.network);
    const popup = followIcons(links, page).map((icon) => icon.network);
    expect(shownNetworks(links, { bars: true, popup: false })).toEqual(bars);
    expect(shownNetworks(links, { bars: false, popup: true })).toEqual(popup);
    expect(shownNetworks(links, { bars: true, popup: true })).toEqual([...bars, ...popup]);
    expect(shownNetworks(links, { bars: false, popup: false })).toEqual([]);
  });
});

describe('iconList', () => {
  it('writes the icons as one string and reads them back in order', () => {
    const icons = shareSettingsSchema.parse({}).icons;
    const list = iconList(icons);
    expect(list).toBe(
      'facebook x linkedin pinterest whatsapp telegram reddit mastodon bluesky wechat email rss:follow copy',
    );
    expect(parseIconList(list)).toEqual(icons);
    expect(parseIconList('')).toEqual([]);
  });
});

describe('share settings', () => {
  it('default to every network in order, the footer widget, floating at 10 and the pop-up off', () => {
    const defaults = shareSettingsSchema.parse({});
    expect(defaults.icons).toHaveLength(13);
    expect(defaults.widget).toBe(true);
    expect(defaults.floating.position).toEqual({ vertical: 10, horizontal: 'left' });
    expect(defaults.popup.enabled).toBe(false);
    expect(defaults.facebookPagePlugin).toBe(false);
  });

  it('refuse values that could escape into CSS or links', () => {
    expect(shareSettingsSchema.safeParse({ popup: { borderColor: 'red;}' } }).success).toBe(false);
    expect(shareSettingsSchema.safeParse({ popup: { fontFamily: 'a;}body{' } }).success).toBe(
      false,
    );
    expect(shareSettingsSchema.safeParse({ follow: { x: 'javascript:alert(1)' } }).success).toBe(
      false,
    );
    expect(shareSettingsSchema.safeParse({ mastodonInstance: 'evil.example/x?' }).success).toBe(
      false,
    );
    expect(
      shareSettingsSchema.safeParse({
        icons: [
          { network: 'x', action: 'share' },
          { network: 'x', action: 'share' },
        ],
      }).success,
    ).toBe(false);
  });
});
