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

export class ContentError extends Error {
  override name = 'ContentError';
}

/** Creates a post or page (or replaces the one with `id`) and invalidates cached pages. */
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

/** Deletes a post or page permanently, with what only it owned: tag links, its announcement. */
export async function deletePost(handle: DatabaseHandle, id: number): Promise<boolean> {
  const deleted = await handle.db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom('posts').where('id', '=', id).executeTakeFirst();
    await forgetDeletedPosts(trx);
    return Number(result.numDeletedRows) > 0;
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

async function ensureTags(db: Db, names: string[]): Promise<number[]> {
  const ids: number[] = [];
  for (const name of names) {
    const slug = slugify(name);
    if (!slug) continue;
    await db
      .insertInto('tags')
      .values({ name, slug, description: '' })
      .onConflict((c) => c.column('slug').doNothing())
      .execute();
    const row = await db
      .selectFrom('tags')
      .select('id')
      .where('slug', '=', slug)
      .executeTakeFirstOrThrow();
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
