import type { DatabaseHandle } from '../../../platform/db/connect.ts';
import { listArchiveMonths, listTagsInUse } from '../../content/server/posts.ts';
import type { SiteIdentity } from '../seo.ts';
import type { SiteSettings } from '../site-settings.ts';
import { readSiteSettings } from './site-settings-store.ts';

/** What every page's header, sidebar and footer show. */
export type SiteChrome = {
  settings: SiteSettings;
  identity: SiteIdentity;
  archiveMonths: Awaited<ReturnType<typeof listArchiveMonths>>;
  /** Topics with posts, in the shape the sidebar island is given (its props are serialised). */
  tags: { name: string; slug: string; count: number }[];
};

export async function loadSiteChrome(
  database: DatabaseHandle,
  siteUrl: string,
): Promise<SiteChrome> {
  const [settings, archiveMonths, tags] = await Promise.all([
    readSiteSettings(database.db),
    listArchiveMonths(database),
    listTagsInUse(database),
  ]);
  return {
    settings,
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
