import { shareMessages } from './messages.ts';
import type {
  FollowNetwork,
  ShareIconSetting,
  ShareNetwork,
  ShareSettings,
} from './share-settings.ts';

/** The page being shared. `url` and `image` are absolute. */
export type SharedPage = { url: string; title: string; image?: string | undefined };

/**
 * What a page's share and follow links are built from: the settings that name them, kept
 * small because the islands receive them as props (and so in the page, twice over) and build
 * each link themselves, on the server and again in the browser. The icons are one string
 * (`iconList`): Astro serialises props value by value, and thirteen small objects cost more
 * than the rest of an island's props together.
 */
export type IconLinks = Pick<ShareSettings, 'follow' | 'mastodonInstance'> & {
  icons: string;
  subscribePath: string;
};

/** The icons in order as one string: `facebook x rss:follow` (share is the default action). */
export function iconList(icons: readonly ShareIconSetting[]): string {
  return icons
    .map(({ network, action }) => (action === 'share' ? network : `${network}:${action}`))
    .join(' ');
}

export function parseIconList(list: string): ShareIconSetting[] {
  return list
    .split(' ')
    .filter(Boolean)
    .map((item) => {
      const [network, action = 'share'] = item.split(':');
      return { network, action } as ShareIconSetting;
    });
}

/** One icon as the bar renders it: a plain link that works without JavaScript. */
export type ShareIcon = {
  network: ShareNetwork;
  action: 'share' | 'follow';
  href: string;
  label: string;
  /** Opens in a new tab (third-party pages); the site's own links and mailto stay put. */
  external: boolean;
};

const q = encodeURIComponent;

/** `title url`, the text for networks that take a single message. */
function message(page: SharedPage): string {
  return `${page.title} ${page.url}`;
}

/**
 * The share link of a network (contract §2.3: plain links, no script before a click). Every
 * value is URL-encoded, so a title or address with `&`, `#` or quotes cannot break the link.
 */
export function shareHref(
  network: ShareNetwork,
  page: SharedPage,
  options: { mastodonInstance?: string } = {},
): string {
  switch (network) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${q(page.url)}`;
    case 'x':
      return `https://x.com/intent/post?url=${q(page.url)}&text=${q(page.title)}`;
    case 'linkedin':
      return `https://www.linkedin.com/sharing/share-offsite/?url=${q(page.url)}`;
    case 'pinterest':
      return pinterestHref(page.url, page.image, page.title);
    case 'whatsapp':
      return `https://api.whatsapp.com/send?text=${q(message(page))}`;
    case 'telegram':
      return `https://t.me/share/url?url=${q(page.url)}&text=${q(page.title)}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${q(page.url)}&title=${q(page.title)}`;
    case 'mastodon':
      return options.mastodonInstance
        ? `https://${options.mastodonInstance}/share?text=${q(message(page))}`
        : `https://mastodonshare.com/?url=${q(page.url)}&text=${q(page.title)}`;
    case 'bluesky':
      return `https://bsky.app/intent/compose?text=${q(message(page))}`;
    case 'email':
      return `mailto:?subject=${q(page.title)}&body=${q(message(page))}`;
    case 'rss':
      return '/feed.xml';
    // Without JavaScript: the page itself (WeChat's overlay and the copy action need a script).
    case 'wechat':
    case 'copy':
      return page.url;
  }
}

/** Seed §7 call 9: the pin-creation link with `url`, `media` and `description`. */
export function pinterestHref(url: string, media: string | undefined, description: string): string {
  const mediaPart = media ? `&media=${q(media)}` : '';
  return `https://www.pinterest.com/pin/create/button/?url=${q(url)}${mediaPart}&description=${q(description)}`;
}

function isFollowNetwork(network: ShareNetwork): network is FollowNetwork {
  return !['email', 'rss', 'copy', 'wechat'].includes(network);
}

/** Where a follow icon leads, or undefined when the site has no presence there. */
export function followHref(
  network: ShareNetwork,
  settings: Pick<ShareSettings, 'follow'>,
  subscribePath: string,
): string | undefined {
  if (network === 'rss') return '/feed.xml';
  if (network === 'email') return subscribePath;
  if (!isFollowNetwork(network)) return undefined;
  return settings.follow[network] || undefined;
}

/** The bar's icons for a page, in the configured order; follow icons without a link are left out. */
export function shareIcons(links: IconLinks, page: SharedPage): ShareIcon[] {
  return iconsFor(parseIconList(links.icons), links, page);
}

function iconsFor(
  icons: readonly ShareIconSetting[],
  links: IconLinks,
  page: SharedPage,
): ShareIcon[] {
  const result: ShareIcon[] = [];
  const ownOrigin = originOf(page.url);
  for (const { network, action } of icons) {
    const href =
      action === 'follow'
        ? followHref(network, links, links.subscribePath)
        : shareHref(network, page, { mastodonInstance: links.mastodonInstance });
    if (!href) continue;
    result.push({
      network,
      action,
      href,
      label: shareMessages.iconLabel(network, action),
      external: /^https:\/\//.test(href) && !href.startsWith(ownOrigin),
    });
  }
  return result;
}

/** Follow icons for the pop-up: every network with a follow link, then RSS. */
export function followIcons(links: IconLinks, page: SharedPage): ShareIcon[] {
  return iconsFor(followCandidates(links), links, page);
}

function followCandidates(links: IconLinks): ShareIconSetting[] {
  const networks = [
    ...parseIconList(links.icons).map((icon) => icon.network),
    ...(Object.keys(links.follow) as ShareNetwork[]),
  ].filter((network, index, all) => all.indexOf(network) === index);
  return networks
    .filter((network) => network !== 'email' && network !== 'copy')
    .map((network) => ({ network, action: 'follow' as const }));
}

/**
 * The networks whose icons a page's bars and pop-up show, as `shareIcons` and `followIcons`
 * would list them, without building their links: what the page's icon sprite must draw.
 */
export function shownNetworks(
  links: IconLinks,
  shown: { bars: boolean; popup: boolean },
): ShareNetwork[] {
  const linked = ({ network, action }: ShareIconSetting) =>
    action === 'share' || followHref(network, links, links.subscribePath) !== undefined;
  return [
    ...(shown.bars ? parseIconList(links.icons).filter(linked) : []),
    ...(shown.popup ? followCandidates(links).filter(linked) : []),
  ].map((icon) => icon.network);
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}
