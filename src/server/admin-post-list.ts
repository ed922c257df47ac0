import type { ListNotice, ListQuestion } from '../features/admin/ui/PostListNotices.tsx';
import type { Page } from '../features/content/post-types.ts';
import {
  type AdminPostRow,
  countPostViews,
  listAdminPosts,
  listAllTags,
  type PostState,
  type PostViewCounts,
  postStates,
} from '../features/content/server/admin-posts.ts';
import { trashContents } from '../features/content/server/trash.ts';
import { isValidSlug } from '../features/content/slug.ts';
import { readSiteSettings } from '../features/site/server/site-settings-store.ts';
import { type AdminPage, startAdminPage } from './admin-page.ts';
import { postListAction, postListNotice } from './admin-post-actions.ts';

type AstroLike = Parameters<typeof startAdminPage>[0] & { response: { status?: number } };

/** The list's filter as its address holds it; `state` is a state, `trash`, or empty (all). */
export type PostListFilter = { search: string; state: string; tag: string };

export type AdminPostList = {
  admin: AdminPage;
  kind: 'posts' | 'pages';
  list: Page<AdminPostRow>;
  filter: PostListFilter;
  counts: PostViewCounts;
  tags: { slug: string; name: string }[];
  timeZone: string;
  notice: ListNotice | undefined;
  question: ListQuestion | undefined;
};

/** Rows per page of the owner's lists. */
const perPage = 20;

/** The list's own address for a filter and page (what a change comes back to). */
export function postListAddress(
  kind: 'posts' | 'pages',
  filter: PostListFilter,
  page: number,
): string {
  const params = new URLSearchParams();
  if (filter.search) params.set('q', filter.search);
  if (filter.state) params.set('state', filter.state);
  if (filter.tag) params.set('tag', filter.tag);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/${kind}${query ? `?${query}` : ''}`;
}

/**
 * `/admin/posts` and `/admin/pages`: the filter read from the address (anything it does not
 * know is ignored, never an error), the page of the list it selects with each view's count, and
 * the change posted to it (postListAction), or the question asked before a permanent delete.
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
  const inTrash = stateParam === 'trash';
  const state = (postStates as readonly string[]).includes(stateParam)
    ? (stateParam as PostState)
    : undefined;
  const tagParam = params.get('tag') ?? '';
  const tag = kind === 'posts' && isValidSlug(tagParam) ? tagParam : undefined;
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1));
  const filter = { search, state: inTrash ? 'trash' : (state ?? ''), tag: tag ?? '' };
  const type = kind === 'posts' ? 'post' : 'page';
  const { db } = admin.app.database;

  let notice = postListNotice(kind, params);
  let question: ListQuestion | undefined;
  if (astro.request.method === 'POST') {
    const back = postListAddress(kind, filter, page);
    const outcome = await postListAction(admin, astro.request, { kind, inTrash, back });
    if (outcome.kind === 'done') return outcome.redirect;
    if (outcome.kind === 'confirm') question = outcome.question;
    else {
      astro.response.status = outcome.status;
      notice = outcome.notice;
    }
  } else if (inTrash && params.has('empty')) {
    const trash = await trashContents(db, type);
    if (trash.newestTrashedAt !== null) {
      question = { kind: 'empty', count: trash.count, upTo: trash.newestTrashedAt };
    }
  }
  const [list, counts, tags, site] = await Promise.all([
    listAdminPosts(db, {
      type,
      inTrash,
      search,
      state,
      tagSlug: tag,
      authorId: onlyOwn ? admin.userId : undefined,
      page,
      perPage,
    }),
    countPostViews(db, type, onlyOwn ? admin.userId : undefined),
    kind === 'posts' ? listAllTags(db) : Promise.resolve([]),
    readSiteSettings(db, admin.app.log),
  ]);
  return {
    admin,
    kind,
    list,
    filter,
    counts,
    tags,
    timeZone: site.timeZone,
    notice,
    question,
  };
}
