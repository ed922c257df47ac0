import { fill } from '../../platform/fill-message.ts';
import { type IconLinks, iconList, shownNetworks } from './share-links.ts';
import type { ShareNetwork, ShareSettings } from './share-settings.ts';

type BarPlan = {
  placement: 'widget' | 'floating' | 'sticky';
  position?: ShareSettings['floating']['position'] | undefined;
};

/** What a page shows of the sharing module, as props for the islands. */
export type SharePlan = {
  /** Networks whose icons the page draws (for the one SVG sprite). */
  networks: ShareNetwork[];
  /** What every bar and the pop-up build their links from. */
  links: IconLinks;
  /** Footer widget area: the bar, the pop-up and the Facebook page plugin. */
  widget?:
    | {
        bar?: BarPlan | undefined;
        popup?: Omit<ShareSettings['popup'], 'enabled'> | undefined;
        facebookPage?: string | undefined;
      }
    | undefined;
  /** Beside or above an article. */
  article?: BarPlan | undefined;
};

export function planShare(
  settings: ShareSettings,
  options: { isArticle: boolean; subscribePath: string; siteTitle: string },
): SharePlan {
  const links: IconLinks = {
    icons: iconList(settings.icons),
    follow: settings.follow,
    mastodonInstance: settings.mastodonInstance,
    subscribePath: options.subscribePath,
  };
  const { enabled, ...popupLook } = settings.popup;
  // `{site}` in the pop-up's words is the site's title as it is now.
  const site = { site: options.siteTitle };
  const popup = enabled
    ? { ...popupLook, title: fill(popupLook.title, site), text: fill(popupLook.text, site) }
    : undefined;
  const facebookPage = settings.facebookPagePlugin
    ? settings.follow.facebook || undefined
    : undefined;
  const widgetBar = settings.widget ? { placement: 'widget' as const } : undefined;
  const widget =
    widgetBar || popup || facebookPage ? { bar: widgetBar, popup, facebookPage } : undefined;
  const article: BarPlan | undefined = !options.isArticle
    ? undefined
    : settings.floating.enabled
      ? { placement: 'floating', position: settings.floating.position }
      : settings.sticky
        ? { placement: 'sticky' }
        : undefined;
  const networks = shownNetworks(links, {
    bars: widget?.bar !== undefined || article !== undefined,
    popup: popup !== undefined,
  });
  return { networks, links, widget, article };
}
