import { sql } from 'kysely';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import {
  monthOf,
  searchPublishedSql,
  searchWords,
  snippetMarkEnd,
  snippetMarkStart,
} from '../../../platform/db/dialect-sql.ts';
import { markedText, sanitiseStoredHtml } from '../../../platform/markdown.ts';
import { fromZonedInputs, toZonedInputs } from '../../../platform/time-zone.ts';
import { minutesToRead, monthLabel } from '../dates.ts';
import type {
  ArchiveMonth,
  CoverImage,
  Page,
  PostDetail,
  PostPage,
  PostSummary,
  SearchResult,
  Tag,
} from '../post-types.ts';

/** The post in a query over `posts` carries the tag whose slug is `tagSlug`. */
export const taggedWith = (tagSlug: string) =>
  sql<boolean>`exists (select 1 from post_tags inner join tags on tags.id = post_tags.tag_id
    where post_tags.post_id = posts.id and tags.slug = ${tagSlug})`;

/** What visitors see: published (or scheduled and its time has come), and not in the Trash. */
const visible = (now: number) =>
  sql<boolean>`posts.status in ('published', 'scheduled') and posts.published_at <= ${now}
    and posts.trashed_at is null`;

const summaryColumns = [
  'posts.id',
  'posts.type',
  'posts.title',
  'posts.slug',
  'posts.excerpt',
  'posts.published_at',
  'posts.updated_at',
  'posts.cover_media_id',
  'media.file_name as cover_file_name',
  'media.width as cover_width',
  'media.height as cover_height',
  'media.alt as cover_alt',
] as const;

type SummaryRow = {
  id: number;
  type: 'post' | 'page';
  title: string;
  slug: string;
  excerpt: string;
  published_at: number | null;
  updated_at: number;
  cover_media_id: number | null;
  cover_file_name: string | null;
  cover_width: number | null;
  cover_height: number | null;
  cover_alt: string | null;
};

function summaryQuery(db: Db, now: number) {
  return db
    .selectFrom('posts')
    .leftJoin('media', 'media.id', 'posts.cover_media_id')
    .select(summaryColumns)
    .where(visible(now));
}

async function tagsByPost(db: Db, postIds: number[]): Promise<Map<number, Tag[]>> {
  const byPost = new Map<number, Tag[]>();
  if (postIds.length === 0) return byPost;
  const rows = await db
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select(['post_tags.post_id', 'tags.id', 'tags.name', 'tags.slug', 'tags.description'])
    .where('post_tags.post_id', 'in', postIds)
    .orderBy('post_tags.position')
    .execute();
  for (const { post_id, ...tag } of rows) {
    const list = byPost.get(post_id) ?? [];
    list.push(tag);
    byPost.set(post_id, list);
  }
  return byPost;
}

async function toSummaries(db: Db, rows: SummaryRow[]): Promise<PostSummary[]> {
  const tags = await tagsByPost(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    publishedAt: row.published_at ?? row.updated_at,
    updatedAt: row.updated_at,
    cover: coverOf(row),
    tags: tags.get(row.id) ?? [],
  }));
}

function coverOf(row: SummaryRow): CoverImage | null {
  if (row.cover_media_id === null || row.cover_file_name === null) return null;
  return {
    id: row.cover_media_id,
    fileName: row.cover_file_name,
    width: row.cover_width ?? 0,
    height: row.cover_height ?? 0,
    alt: row.cover_alt ?? '',
  };
}

function pageOf<T>(items: T[], total: number, page: number, perPage: number): Page<T> {
  return { items, total, page, perPage, pageCount: Math.max(1, Math.ceil(total / perPage)) };
}

export type ListFilter = {
  tagSlug?: string;
  /** A calendar month in the site's time zone (UTC when none is named). */
  month?: { year: number; month: number; timeZone?: string };
};

/** The instant a month starts in a time zone; month 13 is January of the next year. */
function monthStart(year: number, month: number, timeZone: string): number {
  const [y, m] = month > 12 ? [year + 1, 1] : [year, month];
  const date = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-01`;
  return fromZonedInputs(date, '00:00', timeZone) ?? Date.UTC(y, m - 1, 1);
}

/** Published posts, newest first, optionally of one tag or one calendar month. */
export async function listPublishedPosts(
  { db }: DatabaseHandle,
  {
    page,
    perPage,
    now = Date.now(),
    filter = {},
  }: { page: number; perPage: number; now?: number; filter?: ListFilter },
): Promise<Page<PostSummary>> {
  let query = summaryQuery(db, now).where('posts.type', '=', 'post');
  if (filter.tagSlug !== undefined) {
    query = query.where(taggedWith(filter.tagSlug));
  }
  if (filter.month) {
    const zone = filter.month.timeZone ?? 'UTC';
    const start = monthStart(filter.month.year, filter.month.month, zone);
    const end = monthStart(filter.month.year, filter.month.month + 1, zone);
    query = query.where('posts.published_at', '>=', start).where('posts.published_at', '<', end);
  }
  const [{ total }] = (await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .execute()) as [{ total: number }];
  const rows = await query
    .orderBy('posts.published_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return pageOf(await toSummaries(db, rows), Number(total), page, perPage);
}

/** A published post or page by its slug, or undefined. */
export async function findPublishedBySlug(
  { db }: DatabaseHandle,
  slug: string,
  now = Date.now(),
): Promise<PostPage | undefined> {
  const row = await summaryQuery(db, now)
    .leftJoin('users', 'users.id', 'posts.author_id')
    .select([
      'posts.body_html',
      'posts.body_text',
      'posts.seo_title',
      'posts.seo_description',
      'users.name as author_name',
    ])
    .where('posts.slug', '=', slug)
    .executeTakeFirst();
  if (!row) return undefined;
  const [summary] = (await toSummaries(db, [row])) as [PostSummary];
  return {
    ...summary,
    html: sanitiseStoredHtml(row.body_html),
    readingMinutes: minutesToRead(row.body_text),
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    author: row.author_name ?? '',
  };
}

/** The posts before and after one, in publishing order. */
export async function adjacentPosts(
  { db }: DatabaseHandle,
  post: PostSummary,
  now = Date.now(),
): Promise<{ previous: PostSummary | undefined; next: PostSummary | undefined }> {
  if (post.type !== 'post') return { previous: undefined, next: undefined };
  const base = () =>
    summaryQuery(db, now).where('posts.type', '=', 'post').where('posts.id', '!=', post.id);
  const [previousRow, nextRow] = await Promise.all([
    base()
      .where('posts.published_at', '<=', post.publishedAt)
      .orderBy('posts.published_at', 'desc')
      .limit(1)
      .executeTakeFirst(),
    base()
      .where('posts.published_at', '>', post.publishedAt)
      .orderBy('posts.published_at', 'asc')
      .limit(1)
      .executeTakeFirst(),
  ]);
  const [previous] = previousRow ? await toSummaries(db, [previousRow]) : [];
  const [next] = nextRow ? await toSummaries(db, [nextRow]) : [];
  return { previous, next };
}

/**
 * Months that have published posts, newest first, with their post counts: calendar months of
 * the site's time zone. UTC's are counted by the database; another zone's from the times
 * (SQLite knows no time zones), one number per post, read once per content version.
 */
export async function listArchiveMonths(
  { db, kind }: DatabaseHandle,
  now = Date.now(),
  timeZone = 'UTC',
): Promise<ArchiveMonth[]> {
  if (timeZone !== 'UTC') {
    const times = await db
      .selectFrom('posts')
      .select('posts.published_at')
      .where('posts.type', '=', 'post')
      .where(visible(now))
      .execute();
    const counts = new Map<string, number>();
    for (const { published_at } of times) {
      if (published_at === null) continue;
      const month = toZonedInputs(Number(published_at), timeZone).date.slice(0, 7);
      counts.set(month, (counts.get(month) ?? 0) + 1);
    }
    return [...counts]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([month, count]) => ({ month, label: monthLabel(month), count }));
  }
  const month = monthOf(kind, sql.ref('posts.published_at'));
  const rows = await db
    .selectFrom('posts')
    .select([month.as('month'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('posts.type', '=', 'post')
    .where(visible(now))
    .groupBy(month)
    .orderBy(month, 'desc')
    .execute();
  return rows.map((r) => ({ month: r.month, label: monthLabel(r.month), count: Number(r.count) }));
}

/** Tags that have at least one published post, with counts, most used first. */
export async function listTagsInUse(
  { db }: DatabaseHandle,
  now = Date.now(),
): Promise<(Tag & { count: number })[]> {
  const rows = await db
    .selectFrom('tags')
    .innerJoin('post_tags', 'post_tags.tag_id', 'tags.id')
    .innerJoin('posts', 'posts.id', 'post_tags.post_id')
    .select([
      'tags.id',
      'tags.name',
      'tags.slug',
      'tags.description',
      (eb) => eb.fn.countAll<number>().as('count'),
    ])
    .where('posts.type', '=', 'post')
    .where(visible(now))
    .groupBy(['tags.id', 'tags.name', 'tags.slug', 'tags.description'])
    .orderBy('count', 'desc')
    .orderBy('tags.name')
    .execute();
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function findTagBySlug(
  { db }: DatabaseHandle,
  slug: string,
): Promise<Tag | undefined> {
  return db
    .selectFrom('tags')
    .select(['id', 'name', 'slug', 'description'])
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** Full-text search over published posts and pages; the snippet is escaped HTML with `<mark>`. */
export async function searchPublished(
  handle: DatabaseHandle,
  {
    query,
    page,
    perPage,
    now = Date.now(),
  }: { query: string; page: number; perPage: number; now?: number },
): Promise<Page<SearchResult>> {
  const words = searchWords(query);
  if (words.length === 0) return pageOf([], 0, page, perPage);
  const matches = await searchPublishedSql(
    handle.kind,
    words,
    now,
    perPage,
    (page - 1) * perPage,
  ).execute(handle.db);
  const ids = matches.rows.map((r) => r.id);
  if (ids.length === 0) return pageOf([], 0, page, perPage);
  const rows = await summaryQuery(handle.db, now).where('posts.id', 'in', ids).execute();
  const summaries = new Map((await toSummaries(handle.db, rows)).map((s) => [s.id, s]));
  const items = matches.rows.flatMap((match) => {
    const summary = summaries.get(match.id);
    const snippetHtml = markedText(match.snippet, snippetMarkStart, snippetMarkEnd);
    return summary ? [{ ...summary, snippetHtml }] : [];
  });
  return pageOf(items, Number(matches.rows[0]?.total ?? 0), page, perPage);
}

/** Everything public, for the sitemap. */
export async function listSitemapEntries({ db }: DatabaseHandle, now = Date.now()) {
  return db
    .selectFrom('posts')
    .select(['slug', 'type', 'updated_at'])
    .where(visible(now))
    .orderBy('published_at', 'desc')
    .execute();
}

/** Latest published posts with their HTML, for feeds. */
export async function listFeedPosts(
  handle: DatabaseHandle,
  { limit, tagSlug, now = Date.now() }: { limit: number; tagSlug?: string; now?: number },
): Promise<PostDetail[]> {
  const page = await listPublishedPosts(handle, {
    page: 1,
    perPage: limit,
    now,
    filter: tagSlug === undefined ? {} : { tagSlug },
  });
  if (page.items.length === 0) return [];
  const bodies = await handle.db
    .selectFrom('posts')
    .select(['id', 'body_html', 'body_text'])
    .where(
      'id',
      'in',
      page.items.map((p) => p.id),
    )
    .execute();
  const byId = new Map(bodies.map((b) => [b.id, b]));
  return page.items.map((p) => ({
    ...p,
    html: sanitiseStoredHtml(byId.get(p.id)?.body_html ?? ''),
    readingMinutes: minutesToRead(byId.get(p.id)?.body_text ?? ''),
  }));
}

/** The earliest scheduled time still in the future, so caches know when to refresh. */
export async function nextScheduledPublish(
  { db }: DatabaseHandle,
  now = Date.now(),
): Promise<number | undefined> {
  const row = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('status', 'in', ['published', 'scheduled'])
    .where('published_at', '>', now)
    .where('trashed_at', 'is', null)
    .executeTakeFirst();
  return row?.next == null ? undefined : Number(row.next);
}

/** True once the site has any post or page, whatever its status. */
export async function hasAnyContent({ db }: DatabaseHandle): Promise<boolean> {
  const row = await db.selectFrom('posts').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}
