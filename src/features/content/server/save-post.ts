import { sql } from 'kysely';
import { bumpContentVersion } from '../../../platform/cache/content-version.ts';
import type { DatabaseHandle, Db } from '../../../platform/db/connect.ts';
import { type EditBase, EditConflict } from '../../../platform/edit-conflict.ts';
import { slugify } from '../../../platform/slugify.ts';
import { contentOwnerMessages } from '../messages.ts';
import { type PostInput, postInputSchema } from '../post-input.ts';
import { isReservedSlug } from '../slug.ts';
import { forgetDeletedPosts } from './list-actions.ts';
import { claimImages, refreshPostsShowing } from './media-uses.ts';
import { renderPost } from './post-body.ts';
import { recordMovedAddress, releaseAddress } from './redirects.ts';

export class ContentError extends Error {
  override name = 'ContentError';
}

/**
 * Creates a post or page (or replaces the one with `id`) and invalidates cached pages. A post
 * visitors see at its address takes it from any redirect there; one whose address changed after
 * visitors could reach it sends its old address on to the new (decision 0054).
 */
export async function savePost(
  handle: DatabaseHandle,
  input: PostInput,
  id?: number,
  edit: EditBase = {},
): Promise<{ id: number; slug: string }> {
  const parsed = postInputSchema.safeParse(input);
  if (!parsed.success) {
    throw new ContentError(
      parsed.error.issues.map((i) => `${i.path.join('.') || 'post'}: ${i.message}`).join('\n'),
    );
  }
  const post = parsed.data;
  const { db } = handle;
  const now = Date.now();
  const { html, text } = await renderPost(db, post.body);
  const publishedAt =
    post.status === 'draft'
      ? (post.publishedAt?.getTime() ?? null)
      : (post.publishedAt?.getTime() ?? now);
  if (post.status === 'scheduled' && post.publishedAt === undefined) {
    throw new ContentError('publishedAt: a scheduled post needs the time it will be published.');
  }

  const saved = await db.transaction().execute(async (trx) => {
    if (post.coverMediaId !== null) {
      const cover = await trx
        .selectFrom('media')
        .select('id')
        .where('id', '=', post.coverMediaId)
        .executeTakeFirst();
      if (!cover) throw new ContentError('coverMediaId: there is no such image.');
    }
    const slug = await chooseSlug(trx, post.slug, post.title, id);
    const before =
      id === undefined
        ? undefined
        : await trx
            .selectFrom('posts')
            .select(['slug', 'status', 'published_at'])
            .where('id', '=', id)
            .executeTakeFirst();
    const values = {
      type: post.type,
      title: post.title,
      slug,
      excerpt: post.excerpt || summarise(text),
      body_markdown: post.body,
      body_html: html,
      body_text: text,
      cover_media_id: post.coverMediaId,
      seo_title: post.seoTitle,
      seo_description: post.seoDescription,
      status: post.status,
      published_at: publishedAt,
      updated_at: now,
    };
    let postId: number;
    if (id === undefined) {
      const row = await trx
        .insertInto('posts')
        .values({
          ...values,
          created_at: now,
          updated_by: edit.userId ?? null,
          // From the command line or an import: the first administrator wrote it, if there is one.
          author_id:
            edit.userId ??
            sql<number | null>`(select min(id) from users where role = 'administrator')`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      postId = row.id;
    } else {
      // Only from the revision the editor opened: a later save by someone else is not undone.
      const result = await trx
        .updateTable('posts')
        .set({ ...values, revision: sql`revision + 1`, updated_by: edit.userId ?? null })
        .where('id', '=', id)
        .$if(edit.baseRevision !== undefined, (q) => q.where('revision', '=', edit.baseRevision!))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) {
        const current = await trx
          .selectFrom('posts')
          .select(['revision', 'updated_at', 'updated_by'])
          .where('id', '=', id)
          .executeTakeFirst();
        if (!current) throw new ContentError(`No post with id ${id}.`);
        throw new EditConflict({
          revision: current.revision,
          updatedAt: Number(current.updated_at),
          updatedBy: current.updated_by,
        });
      }
      postId = id;
      await trx.deleteFrom('post_tags').where('post_id', '=', postId).execute();
    }
    if (before && before.slug !== slug && wasReachable(before, now)) {
      await recordMovedAddress(trx, `/${before.slug}/`, `/${slug}/`, now);
    }
    if (post.status !== 'draft') await releaseAddress(trx, `/${slug}/`);
    const tagIds = await ensureTags(trx, post.tags);
    if (tagIds.length > 0) {
      await trx
        .insertInto('post_tags')
        .values(tagIds.map((tagId, position) => ({ post_id: postId, tag_id: tagId, position })))
        .execute();
    }
    // In the same transaction, so the sweep never takes an image this save has just used.
    const described = await claimImages(trx, post.body, post.coverMediaId, now);
    return { id: postId, slug, described };
  });
  // An image described by this save shows its words wherever it was placed without any.
  if (saved.described.length > 0) await refreshPostsShowing(db, saved.described);
  await bumpContentVersion(db);
  return { id: saved.id, slug: saved.slug };
}

/**
 * Whether visitors could have reached a post at its address: it is (or was to be) published, or
 * was published once and is a draft again. A draft never published has no address to keep.
 */
function wasReachable(post: { status: string; published_at: number | null }, now: number): boolean {
  return (
    post.status !== 'draft' || (post.published_at !== null && Number(post.published_at) <= now)
  );
}

/** Deletes a post or page, with the redirects its address changes made to it. */
export async function deletePost(handle: DatabaseHandle, id: number): Promise<boolean> {
  const deleted = await handle.db.transaction().execute(async (trx) => {
    const row = await trx
      .deleteFrom('posts')
      .where('id', '=', id)
      .returning('slug')
      .executeTakeFirst();
    await forgetDeletedPosts(trx, row ? [row.slug] : []);
    return row !== undefined;
  });
  await bumpContentVersion(handle.db);
  return deleted;
}

async function chooseSlug(
  db: Db,
  requested: string | undefined,
  title: string,
  id: number | undefined,
) {
  // An item in the Trash keeps its address, so that restoring it never finds it taken.
  const holder = async (slug: string) => {
    const row = await db
      .selectFrom('posts')
      .select(['id', 'title', 'trashed_at'])
      .where('slug', '=', slug)
      .executeTakeFirst();
    return row !== undefined && row.id !== id ? row : undefined;
  };
  const taken = async (slug: string) => (await holder(slug)) !== undefined;
  if (requested !== undefined) {
    if (isReservedSlug(requested))
      throw new ContentError(`slug: "${requested}" is used by the site itself.`);
    const other = await holder(requested);
    if (other?.trashed_at != null) {
      throw new ContentError(`slug: ${contentOwnerMessages.slugInTrash(requested, other.title)}`);
    }
    if (other) throw new ContentError(`slug: "${requested}" is already used by another post.`);
    return requested;
  }
  const base = slugify(title) || 'post';
  let slug = isReservedSlug(base) ? `${base}-post` : base;
  for (let n = 2; await taken(slug); n++) slug = `${base}-${n}`;
  return slug;
}

/**
 * The ids of the tags named `names`, made when missing. A tag is found by its name (in any
 * case: a tag renamed on the Tags screen keeps its address, so its name may not make its slug),
 * then by the slug the name makes.
 */
async function ensureTags(db: Db, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const named = await db
      .selectFrom('tags')
      .select('id')
      .where(sql<boolean>`lower(name) = lower(${name})`)
      .orderBy('id')
      .executeTakeFirst();
    const slug = slugify(name);
    if (!named && !slug) continue;
    if (!named) {
      const made = await db
        .insertInto('tags')
        .values({ name, slug, description: '' })
        .onConflict((c) => c.column('slug').doNothing())
        .returning('id')
        .executeTakeFirst();
      // A new topic takes its addresses from any redirect there.
      if (made) {
        await releaseAddress(db, `/tag/${slug}/`);
        await releaseAddress(db, `/tag/${slug}/feed.xml`);
      }
    }
    const row =
      named ??
      (await db.selectFrom('tags').select('id').where('slug', '=', slug).executeTakeFirstOrThrow());
    if (!ids.includes(row.id)) ids.push(row.id);
  }
  return ids;
}

/** The first sentences of a text, cut at a word boundary, at most 200 characters. */
export function summarise(text: string, limit = 200): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const sentenceEnd = cut.lastIndexOf('. ');
  if (sentenceEnd > limit / 2) return cut.slice(0, sentenceEnd + 1);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,;:]$/, '')}…`;
}

/** Who wrote a post: an import names its author after saving it (the import is no user). */
export async function setPostAuthor(db: Db, id: number, userId: number): Promise<void> {
  await db.updateTable('posts').set({ author_id: userId }).where('id', '=', id).execute();
  // A page cached between the save and this names nobody.
  await bumpContentVersion(db);
}

/** A post's address and revision, as an import updating it checks; undefined when it is gone. */
export async function findPostRevision(
  db: Db,
  id: number,
): Promise<{ slug: string; revision: number } | undefined> {
  const row = await db
    .selectFrom('posts')
    .select(['slug', 'revision'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row && { slug: row.slug, revision: Number(row.revision) };
}
