import { mediaPath } from '../features/content/media-urls.ts';
import { listArchiveMonths, listTagsInUse } from '../features/content/server/posts.ts';
import { readShareSettings } from '../features/share/server/share-settings-store.ts';
import type { ShareSettings } from '../features/share/share-settings.ts';
import type { SiteIdentity } from '../features/site/seo.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import type { SiteSettings } from '../features/site/site-settings.ts';
import { readStatsSettings } from '../features/stats/server/stats-settings-store.ts';
import type { StatsSettings } from '../features/stats/stats-settings.ts';
import type { DatabaseHandle } from '../platform/db/connect.ts';
import type { Logger } from '../platform/log.ts';

/**
 * What every page's document shows around its content: the site's header, sidebar and footer,
 * the share bar and the beacon. Read from several features' settings, so it is composed here.
 */
export type SiteChrome = {
  settings: SiteSettings;
  share: ShareSettings;
  /** Whether pages carry the beacon, and whether it respects Do Not Track. */
  stats: StatsSettings;
  /** Path of the image shown for pages without one of their own (OpenGraph, Pinterest). */
  defaultShareImage: string | undefined;
  /** The logo's address and size, for the header. */
  logo: { src: string; width: number; height: number } | undefined;
  identity: SiteIdentity;
  archiveMonths: Awaited<ReturnType<typeof listArchiveMonths>>;
  /** Topics with posts, in the shape the sidebar island is given (its props are serialised). */
  tags: { name: string; slug: string; count: number }[];
};

export async function loadSiteChrome(
  database: DatabaseHandle,
  siteUrl: string,
  log: Pick<Logger, 'warn'>,
): Promise<SiteChrome> {
  const settings = await readSiteSettings(database.db, log);
  const [share, stats, archiveMonths, tags] = await Promise.all([
    readShareSettings(database.db, log),
    readStatsSettings(database.db, log),
    listArchiveMonths(database, Date.now(), settings.timeZone),
    listTagsInUse(database),
  ]);
  const imageId = settings.defaultShareImageId;
  const mediaSize = (id: number | null) =>
    id === null
      ? undefined
      : database.db
          .selectFrom('media')
          .select(['file_name', 'width', 'height'])
          .where('id', '=', id)
          .executeTakeFirst();
  const [image, logoImage] = await Promise.all([
    mediaSize(imageId),
    mediaSize(settings.logoImageId),
  ]);
  const logoId = settings.logoImageId;
  return {
    settings,
    share,
    stats,
    defaultShareImage:
      image && imageId !== null ? mediaPath(imageId, image.file_name, 1280, image) : undefined,
    // The header shows it 40 px high: the 320 px variant is sharp on any screen.
    logo:
      logoImage && logoId !== null
        ? {
            src: mediaPath(logoId, logoImage.file_name, 320, logoImage),
            width: logoImage.width,
            height: logoImage.height,
          }
        : undefined,
    identity: {
      title: settings.title,
      description: settings.description,
      url: siteUrl,
      locale: settings.locale,
    },
    archiveMonths,
    tags: tags.map(({ name, slug, count }) => ({ name, slug, count })),
  };
}
