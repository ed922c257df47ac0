import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../../platform/db/connect.ts';
import type { PostType } from '../../../platform/db/schema.ts';
import type { Page } from '../post-types.ts';
import { taggedWith } from './posts.ts';
import { summarise } from './save-post.ts';

/** What a post is to its owner now: a scheduled post whose time has come is published. */
export type PostState = 'draft' | 'scheduled' | 'published';

export const postStates: readonly PostState[] = ['draft', 'scheduled', 'published'];

export type AdminPostRow = {
  id: number;
  title: string;
  slug: string;
  state: PostState;
  /** When it was or will be published; null for a draft never given a time. */
  publishedAt: number | null;
  updatedAt: number;
  tags: string[];
  /** The author's name (or address); empty when the post has none. */
  author: string;
  /** What a change chosen in the list is made from (migration 016). */
  revision: number;
  /** When it was moved to the Trash, or null. */
  trashedAt: number | null;
};

export type AdminPostFilter = {
  type: PostType;
  /** Only this user's posts: what an author's list shows. */
  authorId?: number | undefined;
  /** The Trash (newest moved first), or everything else (newest change first). */
  inTrash?: boolean | undefined;
  /** Words the title contains, in any case. */
  search?: string | undefined;
  state?: PostState | undefined;
  tagSlug?: string | undefined;
  page: number;
  perPage: number;
};

const stateOf = (now: number) =>
  sql<PostState>`case when posts.status = 'draft' then 'draft'
    when posts.published_at > ${now} then 'scheduled' else 'published' end`;

/** `%`, `_` and the escape itself match only themselves in a LIKE pattern. */
function likePattern(words: string): string {
  return `%${words.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The owner's list of posts or pages, drafts and scheduled ones included: newest change first,
 * filtered by words of the title, state and tag, a page at a time (the last, past the end).
 * The Trash is a list of its own, newest moved first.
 */
export async function listAdminPosts(
  db: Db,
  filter: AdminPostFilter,
  now = Date.now(),
): Promise<Page<AdminPostRow>> {
  let query = db
    .selectFrom('posts')
    .leftJoin('users', 'users.id', 'posts.author_id')
    .where('posts.type', '=', filter.type)
    .where('posts.trashed_at', filter.inTrash ? 'is not' : 'is', null);
  if (filter.authorId !== undefined) query = query.where('posts.author_id', '=', filter.authorId);
  const search = filter.search?.trim();
  if (search) {
    query = query.where(sql<boolean>`lower(posts.title) like ${likePattern(search)} escape '\\'`);
  }
  if (filter.state) query = query.where(sql<boolean>`${stateOf(now)} = ${filter.state}`);
  if (filter.tagSlug) query = query.where(taggedWith(filter.tagSlug));
  const counted = await query
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(counted.total);
  const pageCount = Math.max(1, Math.ceil(total / filter.perPage));
  // An address past the end (an old bookmark, a list that shrank) shows the last page.
  const page = Math.min(filter.page, pageCount);
  const rows = await query
    .select([
      'posts.id',
      'posts.title',
      'posts.slug',
      'posts.published_at',
      'posts.updated_at',
      'users.name as author_name',
      'users.email as author_email',
      'posts.revision',
      'posts.trashed_at',
      stateOf(now).as('state'),
    ])
    .$if(filter.inTrash === true, (q) => q.orderBy('posts.trashed_at', 'desc'))
    .orderBy('posts.updated_at', 'desc')
    .orderBy('posts.id', 'desc')
    .limit(filter.perPage)
    .offset((page - 1) * filter.perPage)
    .execute();
  const tags = new Map<number, string[]>();
  if (rows.length > 0) {
    const tagRows = await db
      .selectFrom('post_tags')
      .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
      .select(['post_tags.post_id', 'tags.name'])
      .where(
        'post_tags.post_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('post_tags.position')
      .execute();
    for (const row of tagRows) tags.set(row.post_id, [...(tags.get(row.post_id) ?? []), row.name]);
  }
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      slug: row.slug,
      state: row.state,
      publishedAt: row.published_at === null ? null : Number(row.published_at),
      updatedAt: Number(row.updated_at),
      tags: tags.get(row.id) ?? [],
      author: row.author_name || row.author_email || '',
      revision: row.revision,
      trashedAt: row.trashed_at === null ? null : Number(row.trashed_at),
    })),
    total,
    page,
    perPage: filter.perPage,
    pageCount,
  };
}

/** How many posts or pages each view of the list holds: each state, and the Trash. */
export type PostViewCounts = Record<PostState | 'all' | 'trash', number>;

export async function countPostViews(
  db: Db,
  type: PostType,
  /** Only this user's posts: what an author's list counts. */
  authorId?: number,
  now = Date.now(),
): Promise<PostViewCounts> {
  const count = (when: RawBuilder<boolean>) =>
    sql<number>`coalesce(sum(case when ${when} then 1 else 0 end), 0)`;
  const kept = sql<boolean>`posts.trashed_at is null`;
  const row = await db
    .selectFrom('posts')
    .select([
      count(sql`${kept} and ${stateOf(now)} = 'draft'`).as('draft'),
      count(sql`${kept} and ${stateOf(now)} = 'scheduled'`).as('scheduled'),
      count(sql`${kept} and ${stateOf(now)} = 'published'`).as('published'),
      count(sql`posts.trashed_at is not null`).as('trash'),
    ])
    .where('posts.type', '=', type)
    .$if(authorId !== undefined, (q) => q.where('posts.author_id', '=', authorId ?? 0))
    .executeTakeFirstOrThrow();
  const counts = {
    draft: Number(row.draft),
    scheduled: Number(row.scheduled),
    published: Number(row.published),
    trash: Number(row.trash),
  };
  return { ...counts, all: counts.draft + counts.scheduled + counts.published };
}

/** Every tag, by name, for the list's tag filter. */
export async function listAllTags(db: Db): Promise<{ slug: string; name: string }[]> {
  return db.selectFrom('tags').select(['slug', 'name']).orderBy('name').execute();
}

/** A post or page as its editor opens it: what the owner wrote, not what the site renders. */
export type EditablePost = {
  id: number;
  type: PostType;
  title: string;
  slug: string;
  body: string;
  excerpt: string;
  tags: string[];
  cover: { id: number; fileName: string; alt: string } | null;
  seoTitle: string;
  seoDescription: string;
  state: PostState;
  publishedAt: number | null;
  updatedAt: number;
  /** What its next save is made from (migration 016). */
  revision: number;
  /** Who wrote it (migration 020); null for one from the command line or an import. */
  authorId: number | null;
  /** When it was moved to the Trash, or null: it is edited again once restored. */
  trashedAt: number | null;
};

export async function loadEditablePost(
  db: Db,
  id: number,
  now = Date.now(),
): Promise<EditablePost | undefined> {
  const row = await db
    .selectFrom('posts')
    .leftJoin('media', 'media.id', 'posts.cover_media_id')
    .select([
      'posts.id',
      'posts.type',
      'posts.title',
      'posts.slug',
      'posts.body_markdown',
      'posts.body_text',
      'posts.excerpt',
      'posts.cover_media_id',
      'media.file_name as cover_file_name',
      'media.alt as cover_alt',
      'posts.seo_title',
      'posts.seo_description',
      'posts.published_at',
      'posts.updated_at',
      'posts.revision',
      'posts.author_id',
      'posts.trashed_at',
      stateOf(now).as('state'),
    ])
    .where('posts.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const tags = await db
    .selectFrom('post_tags')
    .innerJoin('tags', 'tags.id', 'post_tags.tag_id')
    .select('tags.name')
    .where('post_tags.post_id', '=', id)
    .orderBy('post_tags.position')
    .execute();
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    slug: row.slug,
    body: row.body_markdown,
    // The excerpt made from the text when the owner left it empty reads as empty again, so it
    // keeps following the text instead of freezing at the first save.
    excerpt: row.excerpt === summarise(row.body_text) ? '' : row.excerpt,
    tags: tags.map((tag) => tag.name),
    cover:
      row.cover_media_id === null || row.cover_file_name === null
        ? null
        : { id: row.cover_media_id, fileName: row.cover_file_name, alt: row.cover_alt ?? '' },
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    state: row.state,
    publishedAt: row.published_at === null ? null : Number(row.published_at),
    updatedAt: Number(row.updated_at),
    revision: row.revision,
    authorId: row.author_id,
    trashedAt: row.trashed_at === null ? null : Number(row.trashed_at),
  };
}
