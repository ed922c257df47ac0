import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import type { Logger } from '../../../platform/log.ts';
import { readSettings } from '../../../platform/settings-store.ts';
import { mediaPath } from '../../content/media-urls.ts';
import { listArchiveMonths, listTagsInUse } from '../../content/server/posts.ts';
import {
  type ShareSettings,
  shareSettingsKey,
  shareSettingsSchema,
} from '../../share/share-settings.ts';
import {
  type StatsSettings,
  statsSettingsKey,
  statsSettingsSchema,
} from '../../stats/stats-settings.ts';
import type { SiteIdentity } from '../seo.ts';
import type { SiteSettings } from '../site-settings.ts';
import { readSiteSettings } from './site-settings-store.ts';

/** What every page's header, sidebar and footer show. */
export type SiteChrome = {
  settings: SiteSettings;
  share: ShareSettings;
  /** Whether pages carry the beacon, and whether it respects Do Not Track. */
  stats: StatsSettings;
  /** Path of the image shown for pages without one of their own (OpenGraph, Pinterest). */
  defaultShareImage: string | undefined;
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
  const [settings, share, stats, archiveMonths, tags] = await Promise.all([
    readSiteSettings(database.db, log),
    readSettings(database.db, shareSettingsKey, shareSettingsSchema, log),
    readSettings(database.db, statsSettingsKey, statsSettingsSchema, log),
    listArchiveMonths(database),
    listTagsInUse(database),
  ]);
  const imageId = settings.defaultShareImageId;
  const image =
    imageId === null
      ? undefined
      : await database.db
          .selectFrom('media')
          .select(['file_name', 'width', 'height'])
          .where('id', '=', imageId)
          .executeTakeFirst();
  return {
    settings,
    share,
    stats,
    defaultShareImage:
      image && imageId !== null ? mediaPath(imageId, image.file_name, 1280, image) : undefined,
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
