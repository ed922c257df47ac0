import type { Page } from '../features/content/post-types.ts';
import {
  type AdminPostRow,
  listAdminPosts,
  listAllTags,
  type PostState,
  postStates,
} from '../features/content/server/admin-posts.ts';
import { isValidSlug } from '../features/content/slug.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { type AdminPage, startAdminPage } from './admin-page.ts';

type AstroLike = Parameters<typeof startAdminPage>[0];

export type AdminPostList = {
  admin: AdminPage;
  kind: 'posts' | 'pages';
  list: Page<AdminPostRow>;
  filter: { search: string; state: string; tag: string };
  tags: { slug: string; name: string }[];
  timeZone: string;
};

/** Rows per page of the owner's lists. */
const perPage = 20;

/**
 * `/admin/posts` and `/admin/pages`: the filter read from the address (anything it does not
 * know is ignored, never an error) and the page of the list it selects.
 */
export async function loadAdminPostList(
  astro: AstroLike,
  kind: 'posts' | 'pages',
): Promise<AdminPostList | Response> {
  const admin = await startAdminPage(astro, kind === 'posts' ? 'posts' : 'pages');
  if (admin instanceof Response) return admin;
  // An author's list is their own posts.
  const onlyOwn = kind === 'posts' && !admin.owner.permissions.has('othersPosts');
  const params = astro.url.searchParams;
  const search = (params.get('q') ?? '').slice(0, 200);
  const stateParam = params.get('state') ?? '';
  const state = (postStates as readonly string[]).includes(stateParam)
    ? (stateParam as PostState)
    : undefined;
  const tagParam = params.get('tag') ?? '';
  const tag = kind === 'posts' && isValidSlug(tagParam) ? tagParam : undefined;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const { db } = admin.app.database;
  const [list, tags, site] = await Promise.all([
    listAdminPosts(db, {
      type: kind === 'posts' ? 'post' : 'page',
      search,
      state,
      tagSlug: tag,
      authorId: onlyOwn ? admin.userId : undefined,
      page,
      perPage,
    }),
    kind === 'posts' ? listAllTags(db) : Promise.resolve([]),
    readSiteSettings(db, admin.app.log),
  ]);
  return {
    admin,
    kind,
    list,
    filter: { search, state: state ?? '', tag: tag ?? '' },
    tags,
    timeZone: site.timeZone,
  };
}
