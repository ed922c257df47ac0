import { followIcons, type SharedPage, shareIcons } from './share-links.ts';
import type { ShareNetwork, ShareSettings } from './share-settings.ts';

type BarPlan = {
  placement: 'widget' | 'floating' | 'sticky';
  icons: ReturnType<typeof shareIcons>;
  position?: ShareSettings['floating']['position'] | undefined;
};

/** What a page shows of the sharing module, as props for the islands. */
export type SharePlan = {
  /** Networks whose icons the page draws (for the one SVG sprite). */
  networks: ShareNetwork[];
  /** Footer widget area: the bar, the pop-up and the Facebook page plugin. */
  widget?:
    | {
        bar?: BarPlan | undefined;
        popup?:
          | (Omit<ShareSettings['popup'], 'enabled'> & {
              followIcons: ReturnType<typeof followIcons>;
              subscribePath: string;
            })
          | undefined;
        facebookPage?: string | undefined;
      }
    | undefined;
  /** Beside or above an article. */
  article?: BarPlan | undefined;
};

export function planShare(
  settings: ShareSettings,
  page: SharedPage,
  options: { isArticle: boolean; subscribePath: string },
): SharePlan {
  const icons = shareIcons(settings.icons, page, settings, options.subscribePath);
  const { enabled, ...popupLook } = settings.popup;
  const popup = enabled
    ? {
        ...popupLook,
        followIcons: followIcons(settings, page, options.subscribePath),
        subscribePath: options.subscribePath,
      }
    : undefined;
  const facebookPage = settings.facebookPagePlugin
    ? settings.follow.facebook || undefined
    : undefined;
  const widgetBar = settings.widget ? { placement: 'widget' as const, icons } : undefined;
  const widget =
    widgetBar || popup || facebookPage ? { bar: widgetBar, popup, facebookPage } : undefined;
  const article: BarPlan | undefined = !options.isArticle
    ? undefined
    : settings.floating.enabled
      ? { placement: 'floating', icons, position: settings.floating.position }
      : settings.sticky
        ? { placement: 'sticky', icons }
        : undefined;
  const networks = [
    ...(widget?.bar || article ? icons.map((icon) => icon.network) : []),
    ...(popup?.followIcons.map((icon) => icon.network) ?? []),
  ];
  return { networks, widget, article };
}
